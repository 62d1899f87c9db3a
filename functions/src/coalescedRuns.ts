/**
 * One run at a time, and nothing missed: a call while a run is going gets that run's promise and asks it to go
 * round once more, so whatever arrived during it is handled before it resolves. The allocator settles its queue
 * and the mail sender drains its outbox this way (docs/decisions.md).
 */
export function coalescedRuns<R>(newReport: () => R, round: (report: R) => Promise<void>): () => Promise<R> {
  let running: Promise<R> | null = null;
  let again = false;
  async function run(): Promise<R> {
    const report = newReport();
    try {
      do {
        again = false;
        await round(report);
        // No await between this check and clearing `running`: a call that arrives later starts a new run.
      } while (again);
      return report;
    } finally {
      running = null;
    }
  }
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run();
    return running;
  };
}
