import { t } from '@lingui/core/macro';
import { notifier } from '../../lib/toast/notifier';

/** How often a deferred offer looks at where the visitor is; a path comparison, so it costs nothing. */
const PLACE_CHECK_MS = 1000;

const UPDATE_TOAST_KEY = 'app-update';

/** A reload could lose what is being typed at checkout, so the offer waits until the visitor leaves it. */
const onCheckout = () => window.location.pathname.startsWith('/checkout');

let apply: (() => void) | null = null;
let shownId: string | null = null;
let watching = false;

function show(): void {
  shownId = notifier.notify({
    severity: 'info',
    summary: t`A new version is available`,
    detail: t`Reload to start using it.`,
    sticky: true,
    key: UPDATE_TOAST_KEY,
    // Read at click time: another tab may have switched versions since the toast appeared.
    action: { label: t`Reload`, onClick: () => apply?.() },
  });
}

/** Hides the offer on checkout and brings it back once the visitor has left. */
function followPlace(): void {
  if (onCheckout()) {
    if (shownId !== null) notifier.dismiss(shownId);
    shownId = null;
  } else if (shownId === null) {
    show();
  }
}

/**
 * Offers a new version with a sticky "Reload" toast, never while checkout is open. `action` replaces any earlier
 * one: it is whatever now brings the new version in (activating a waiting worker, or a plain reload).
 */
export function offerUpdate(action: () => void): void {
  apply = action;
  followPlace();
  if (watching) return;
  watching = true;
  // The router changes the path without an event that code outside React can hear, so the offer looks.
  window.setInterval(followPlace, PLACE_CHECK_MS);
}
