import { Worker } from 'node:worker_threads';

/**
 * A fixed background load: a worker thread that spins until stopped, keeping one core of the machine busy, as an
 * app or a sync in the background would on a phone. The benchmark starts and stops it itself.
 */
export function keepOneCoreBusy(): { stop(): Promise<number> } {
  const worker = new Worker('for (;;) {}', { eval: true });
  return { stop: () => worker.terminate() };
}
