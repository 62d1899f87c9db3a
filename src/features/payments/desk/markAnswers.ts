/**
 * The desk's data access for what staff queue for trusted code (docs/payments.md#on-the-desk): a payment mark's or a
 * refund request's answer followed live while trusted code is asked, now and again, to apply its queue (marks are
 * queued by paying/paymentMarks.ts, refunds by paying/refundRequests.ts). The SDK keeps what was written offline and
 * sends it when the connection is back; the answer then arrives as any other.
 */
import { useEffect, useState } from 'react';
import { database } from '../../../firebase/database';
import { keepNudging } from '../../../lib/nudge';
import {
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  parseMarkOutcome,
  parseRefundOutcome,
  paymentPaths,
  refundPaths,
  type MarkOutcome,
  type RefundOutcome,
} from '../model';

/** An answer: what became of it, or 'unreadable' when the answer is not one the desk knows. */
type Answer<T> = T | 'unreadable';
export type MarkAnswer = Answer<MarkOutcome>;
export type RefundAnswer = Answer<RefundOutcome>;

/** What a queue of trusted code's is to the desk: where its answers are, how to read one, whom to ask. */
interface AnsweredQueue<T> {
  answerPath: (id: string) => string;
  parse: (raw: unknown) => T | null;
  endpoint: string;
}

const MARKS: AnsweredQueue<MarkOutcome> = {
  answerPath: paymentPaths.markAnswer,
  parse: parseMarkOutcome,
  endpoint: PAYMENT_MARKS_ENDPOINT,
};
const REFUNDS: AnsweredQueue<RefundOutcome> = {
  answerPath: refundPaths.answer,
  parse: parseRefundOutcome,
  endpoint: PAYMENT_REFUNDS_ENDPOINT,
};

/**
 * The answers to `ids` as they arrive (a stable array, e.g. memoised), asking trusted code to apply the queue until
 * every one is answered.
 */
function useAnswers<T>(queue: AnsweredQueue<T>, ids: readonly string[]): ReadonlyMap<string, Answer<T>> {
  const [answers, setAnswers] = useState<ReadonlyMap<string, Answer<T>>>(new Map());
  useEffect(() => {
    if (ids.length === 0) return;
    let stopped = false;
    const found = new Map<string, Answer<T>>();
    const stops: (() => void)[] = [];
    const stopNudging = keepNudging(queue.endpoint);
    database().then(
      (db) => {
        if (stopped) return;
        for (const id of ids) {
          stops.push(
            db.subscribe(
              queue.answerPath(id),
              (raw) => {
                if (raw === null || stopped) return;
                found.set(id, queue.parse(raw) ?? 'unreadable');
                setAnswers(new Map(found));
                if (found.size === ids.length) stopNudging();
              },
              (error) => console.error('An answer could not be followed:', error),
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
  }, [queue, ids]);
  return answers;
}

/** The answers to payment marks `markIds`. */
export const useMarkAnswers = (markIds: readonly string[]): ReadonlyMap<string, MarkAnswer> =>
  useAnswers(MARKS, markIds);

/** The answers to refund requests `refundIds`. */
export const useRefundAnswers = (refundIds: readonly string[]): ReadonlyMap<string, RefundAnswer> =>
  useAnswers(REFUNDS, refundIds);
