import { TOAST_LIFE_MS } from '../lib/toast/constants';

/** What src/lib/toast/Toaster.tsx renders for each of the app's own toasts. */
const APP_TOAST = '[data-toast-severity]';

/**
 * Who speaks for the presses kept before the app took the page over: the note while they wait; the app's own
 * toasts once it has done them (or found it could not); the note again, for good, when the app could not start.
 */
let answer: 'waiting' | 'app' | 'failed' = 'waiting';

/**
 * The note index.html shows for the kept presses must not outlive its truth: once the app has done them, it gives
 * way to the app's own toast about them in the same frame (a MutationObserver runs before the next frame is drawn,
 * so the two are never on screen together). It goes after a toast's life in any case, should no toast ever show
 * (the toast area's code could not be loaded).
 */
export function handOverEarlyPressNote(): void {
  if (answer !== 'waiting') return;
  answer = 'app';
  const observer = new MutationObserver(() => {
    if (document.querySelector(APP_TOAST)) giveWay();
  });
  const timer = setTimeout(giveWay, TOAST_LIFE_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  function giveWay() {
    observer.disconnect();
    clearTimeout(timer);
    if (answer === 'app') window.storefrontEarlyPresses?.say([]);
  }
}

/**
 * The app could not start: presses kept and not yet done never will be, nor those still to come (index.html goes
 * on keeping them, so that no form is sent the old way). The note says so, since no toast of the app ever will.
 */
/* eslint-disable lingui/no-unlocalized-strings -- said when the app's messages could not be loaded */
const START_FAILED: Readonly<Record<string, string>> = {
  en: 'The shop could not start: reload the page to try again.',
  'de-DE': 'Der Shop konnte nicht starten: Laden Sie die Seite neu, um es noch einmal zu versuchen.',
};
/* eslint-enable lingui/no-unlocalized-strings */

export function tellEarlyPressesFailed(): void {
  if (answer !== 'waiting') return;
  answer = 'failed';
  // The app's messages did not come either: this one is in the entry chunk itself (docs/languages.md).
  window.storefrontEarlyPresses?.say(undefined, START_FAILED[document.documentElement.lang] ?? START_FAILED.en);
}
