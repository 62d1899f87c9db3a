/** The first wait before calling trusted code again; it doubles up to the last. */
const NUDGE_FIRST_MS = 3000;
const NUDGE_LAST_MS = 30_000;
/** How long one call may take before the next may be made. */
const NUDGE_TIMEOUT_MS = 30_000;

/** One call to trusted code's `endpoint`, settled either way: what it did shows in the database, not here. */
export function nudgeOnce(endpoint: string): Promise<void> {
  return fetch(endpoint, { method: 'POST', signal: AbortSignal.timeout(NUDGE_TIMEOUT_MS) }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Asks trusted code (a POST to `endpoint`) to work through a queue the app wrote to, now and then again, less and
 * less often, until the returned function is called: the answer travels through the database, so a call that
 * fails changes nothing and the next one settles it (docs/architecture.md#walk-3-checkout-through-the-queue-to-trusted-code). One call at a time: piling calls onto
 * slow trusted code (a cold start) only slows it down. None while offline, where they cannot arrive; at once when
 * the device is back online.
 */
export function keepNudging(endpoint: string): () => void {
  let wait = NUDGE_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let calling = false;
  const nudge = () => {
    clearTimeout(timer);
    if (navigator.onLine && !calling) {
      calling = true;
      void nudgeOnce(endpoint).then(() => {
        calling = false;
      });
    }
    timer = setTimeout(nudge, wait);
    wait = Math.min(wait * 2, NUDGE_LAST_MS);
  };
  const back = () => {
    wait = NUDGE_FIRST_MS;
    nudge();
  };
  window.addEventListener('online', back);
  nudge();
  return () => {
    clearTimeout(timer);
    window.removeEventListener('online', back);
  };
}
