/**
 * Waiting for trusted code's answer to a request staff queued (a cancel, a gift card's issue or correction): the
 * answer followed live while trusted code is asked, now and again, to apply its queue. Past 20 s the desk stops
 * waiting and says the request is queued: it stays queued and trusted code's minute job applies it.
 */
import type { Database } from '../../firebase/database';
import { keepNudging } from '../../lib/nudge';

/** Where a queue's answers are, how to read one, and whom to ask to apply it. */
export interface QueueOfTrustedCode<T> {
  answerPath: (id: string) => string;
  parse: (raw: unknown) => T | null;
  endpoint: string;
}

/** How long the desk waits for trusted code's answer before saying the request is queued and will follow. */
const ANSWER_WAIT_MS = 20_000;

/** The answer to request `id`, or 'queued' when none came in time; rejects on an answer it cannot read. */
export function queuedAnswer<T>(db: Database, queue: QueueOfTrustedCode<T>, id: string): Promise<T | 'queued'> {
  return new Promise((resolve, reject) => {
    let done = false;
    let stop = () => {};
    const stopNudging = keepNudging(queue.endpoint);
    const finish = (outcome: T | 'queued' | Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopNudging();
      stop();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish('queued'), ANSWER_WAIT_MS);
    const unsubscribe = db.subscribe(
      queue.answerPath(id),
      (raw) => {
        if (raw !== null) finish(queue.parse(raw) ?? new Error(`answer ${id} is unreadable`));
      },
      (error) => finish(error instanceof Error ? error : new Error(String(error))),
    );
    if (done) unsubscribe();
    else stop = unsubscribe;
  });
}
