import { plural, t } from '@lingui/core/macro';
import { notify } from '../../lib/toast/notifier';
import { appStore } from '../../state/appStore';
import { StorageSlot } from '../../state/storage';
import { loadDraft, saveDraft } from './contactDraft';
import { isBlank, type ContactFields } from './contactMessage';
import { createOutbox } from './outbox';
import { isPermissionDenied } from '../../firebase/errors';

/**
 * A message that cannot be sent as it is goes back into the contact form for the visitor to correct, unless they
 * are already writing another; then, like any further ones, it stays in the console and nowhere else.
 */
function giveBackToForm(messages: ContactFields[]): void {
  const count = messages.length;
  const [first, ...rest] = messages;
  const restored = first !== undefined && isBlank(loadDraft());
  if (restored) saveDraft(first);
  const lost = restored ? rest : messages;
  if (lost.length > 0) console.warn('Contact messages that could not be sent and were not kept:', lost);
  notify({
    severity: 'error',
    key: 'contact-given-back',
    summary: plural(count, { one: 'A saved message could not be sent', other: '# saved messages could not be sent' }),
    detail: restored
      ? t`It is back in the contact form: please check it and send it again.`
      : t`Please write it again.`,
    life: 10_000,
  });
}

/** The contact outbox of this browser; it starts sending as soon as the database connection is up. */
export const contactOutbox = createOutbox({
  store: appStore,
  // The persisted root state already tells the user once when this browser's storage fails.
  slot: new StorageSlot(
    () => window.localStorage,
    'contact-outbox',
    () => undefined,
  ),
  // Loaded when a message is first sent: the contact page's first visit does without the database client.
  write: (id, message) => import('./sendMessage').then(({ writeContactMessage }) => writeContactMessage(id, message)),
  isPermissionDenied,
  notify,
  newId: () => crypto.randomUUID(),
  giveBack: giveBackToForm,
});
