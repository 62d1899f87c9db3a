import { atom } from 'jotai';
import { StorageSlot } from '../../state/storage';
import type { AppStore } from '../../state/store';

/** Chromium's install offer; not in TypeScript's DOM types because it is not a standard. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** Set by the inline script in index.html when the offer comes before this module has loaded. */
    storefrontInstallOffer?: BeforeInstallPromptEvent;
  }
  interface WindowEventMap {
    beforeinstallprompt: BeforeInstallPromptEvent;
  }
  interface Navigator {
    /** iOS Safari: true when opened from the home screen. */
    readonly standalone?: boolean;
  }
}

/** What the visitor can do to install: the browser's own prompt, steps for iOS, or nothing. */
export type InstallOffer = { kind: 'prompt'; event: BeforeInstallPromptEvent } | { kind: 'ios' } | { kind: 'none' };

export const installOfferAtom = atom<InstallOffer>({ kind: 'none' });

/**
 * Asked once: "Not now" hides the offer on this device for good. If storage refuses, the offer comes back on the
 * next visit, which is all that is lost (the persisted root state already tells the visitor storage fails).
 */
const dismissed = new StorageSlot(
  () => window.localStorage,
  'storefront.install-dismissed',
  () => undefined,
);

function installed(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
}

/** iPhone and iPad (which says it is a Mac but has a touch screen): no install prompt, only Add to Home Screen. */
function appleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

export function watchInstallOffer(store: AppStore): void {
  if (installed() || dismissed.read() === 'yes') return;
  const offer = (event: BeforeInstallPromptEvent) => {
    // Keeps the browser's own banner away: the app shows a quiet action instead.
    event.preventDefault();
    store.set(installOfferAtom, { kind: 'prompt', event });
  };
  if (window.storefrontInstallOffer) offer(window.storefrontInstallOffer);
  else if (appleMobile()) store.set(installOfferAtom, { kind: 'ios' });
  window.addEventListener('beforeinstallprompt', offer);
  window.addEventListener('appinstalled', () => store.set(installOfferAtom, { kind: 'none' }));
}

export function dismissInstallOffer(store: AppStore): void {
  store.set(installOfferAtom, { kind: 'none' });
  dismissed.write('yes');
}

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function acceptInstallOffer(store: AppStore, event: BeforeInstallPromptEvent): Promise<void> {
  store.set(installOfferAtom, { kind: 'none' });
  await event.prompt();
}
