/**
 * Runs `attempt` now and, whenever it fails (its code or data could not be fetched, as offline on a first visit),
 * logs `failure` with the error and runs it again once the browser is back online. The returned function stops
 * any further attempt.
 */
export function retryWhenOnline(attempt: () => Promise<unknown>, failure: string): () => void {
  let stopped = false;
  const run = () => {
    attempt().catch((error: unknown) => {
      if (stopped) return;
      console.error(`${failure}:`, error);
      window.addEventListener('online', run, { once: true });
    });
  };
  run();
  return () => {
    stopped = true;
    window.removeEventListener('online', run);
  };
}
