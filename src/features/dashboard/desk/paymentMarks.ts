/**
 * The desk's data access for payments staff take by hand (docs/payments.md#on-the-desk): a mark's answer followed
 * live while trusted code is asked, now and again, to apply the queue (marks are queued by paying/paymentMarks.ts). The SDK keeps
 * a mark written offline and sends it when the connection is back; the answer then arrives as any other.
 */
import { useEffect, useState } from 'react';
import { database } from '../../../firebase/database';
import { keepNudging } from '../../../lib/nudge';
import { PAYMENT_MARKS_ENDPOINT, parseMarkOutcome, paymentPaths, type MarkOutcome } from '../../orders';

/** A mark's answer: what became of it, or 'unreadable' when the answer is not one the desk knows. */
export type MarkAnswer = MarkOutcome | 'unreadable';

/**
 * The answers to `markIds` as they arrive (a stable array, e.g. memoised), asking trusted code to apply the queue
 * until every one is answered.
 */
export function useMarkAnswers(markIds: readonly string[]): ReadonlyMap<string, MarkAnswer> {
  const [answers, setAnswers] = useState<ReadonlyMap<string, MarkAnswer>>(new Map());
  useEffect(() => {
    if (markIds.length === 0) return;
    let stopped = false;
    const found = new Map<string, MarkAnswer>();
    const stops: (() => void)[] = [];
    const stopNudging = keepNudging(PAYMENT_MARKS_ENDPOINT);
    database().then(
      (db) => {
        if (stopped) return;
        for (const markId of markIds) {
          stops.push(
            db.subscribe(
              paymentPaths.markAnswer(markId),
              (raw) => {
                if (raw === null || stopped) return;
                found.set(markId, parseMarkOutcome(raw) ?? 'unreadable');
                setAnswers(new Map(found));
                if (found.size === markIds.length) stopNudging();
              },
              (error) => console.error('A payment’s answer could not be followed:', error),
            ),
          );
        }
      },
      (error: unknown) => console.error('The database could not be reached:', error),
    );
    return () => {
      stopped = true;
      stopNudging();
      for (const stop of stops) stop();
      setAnswers(new Map());
    };
  }, [markIds]);
  return answers;
}
