/**
 * What importing a bank statement would do (docs/payments.md#importing-a-statement): each line matched to the order
 * its words name, and judged against what that order still owes. Pure: the desk reads the facts (which references
 * are orders, their payment summaries, which lines were applied before) and shows this, then queues the lines it
 * may apply as marks whose ids come from the lines' keys.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { ReadStatement } from './bankStatement';
import { balanceDue, type OrderPayment } from './orderPayment';

type StatementLine = ReadStatement['lines'][number];

export const VERDICTS = ['full', 'part', 'over', 'unmatched', 'duplicate', 'already-paid', 'earlier'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  full: /*i18n*/ { id: 'desk.statement.full', message: 'Pays in full' },
  part: /*i18n*/ { id: 'desk.statement.part', message: 'Part payment' },
  over: /*i18n*/ { id: 'desk.statement.over', message: 'Over-payment' },
  unmatched: /*i18n*/ { id: 'desk.statement.unmatched', message: 'Unmatched' },
  duplicate: /*i18n*/ { id: 'desk.statement.duplicate', message: 'Duplicate' },
  'already-paid': /*i18n*/ { id: 'desk.statement.already-paid', message: 'Already paid' },
  earlier: /*i18n*/ { id: 'desk.statement.earlier', message: 'Applied in an earlier import' },
};

/** The lines an import applies: those that pay a matched order something. */
export const APPLIED_VERDICTS: ReadonlySet<Verdict> = new Set(['full', 'part', 'over']);

/** The order a reference names (orderRefs/{ref}). */
export interface RefTarget {
  uid: string;
  order: string;
}

/** What matching needs to know, read before. */
export interface StatementFacts {
  /** By stored reference: its order, or null when it names none. */
  orders: ReadonlyMap<string, RefTarget | null>;
  /** By the order's desk key (uid~orderId): its payment summary, or null for an order from before payments. */
  payments: ReadonlyMap<string, OrderPayment | null>;
  /** The mark ids queued or answered before. */
  earlier: ReadonlySet<string>;
}

export interface MatchedLine {
  line: StatementLine;
  /** The mark this line is queued as: the same in every import of the same statement. */
  markId: string;
  verdict: Verdict;
  /** The order and its reference, when a reference of the line names one with a payment. */
  target: (RefTarget & { ref: string; payment: OrderPayment }) | null;
  /** What the order still owed before this line (earlier lines of the file for it counted). */
  owed: number;
}

/**
 * A line's mark id from its key: 32 characters of the key's SHA-256, base64url, so re-importing a statement queues
 * the same ids and the rules refuse those answered before (docs/payments.md#payments-staff-record).
 */
export async function statementMarkId(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  const base64 = btoa(String.fromCharCode(...digest));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 32);
}

/** Whether the line repeats one before it in the same file: its key counts the identical lines before it. */
const repeats = (line: StatementLine): boolean => !/\|0$/.test(line.key);

const deskKeyOf = (target: RefTarget) => `${target.uid}~${target.order}`;

/** Judges every line, in the file's order; `markIds` are the lines' mark ids, in the same order. */
export function matchStatement(
  lines: readonly StatementLine[],
  markIds: readonly string[],
  facts: StatementFacts,
): MatchedLine[] {
  // What each order still owes once the file's earlier lines for it are counted.
  const owing = new Map<string, number>();
  return lines.map((line, index): MatchedLine => {
    const markId = markIds[index]!;
    const none = (verdict: Verdict): MatchedLine => ({ line, markId, verdict, target: null, owed: 0 });
    if (repeats(line)) return none('duplicate');
    let target: MatchedLine['target'] = null;
    for (const ref of line.references) {
      const found = facts.orders.get(ref);
      const payment = found ? facts.payments.get(deskKeyOf(found)) : null;
      if (found && payment) {
        target = { ...found, ref, payment };
        break;
      }
    }
    if (!target) return none('unmatched');
    const key = deskKeyOf(target);
    const owed = owing.get(key) ?? balanceDue(target.payment);
    const judged = (verdict: Verdict): MatchedLine => ({ line, markId, verdict, target, owed });
    if (facts.earlier.has(markId)) return judged('earlier');
    if (target.payment.state === 'paid') return judged('already-paid');
    owing.set(key, Math.max(0, owed - line.amountMinor));
    return judged(line.amountMinor === owed ? 'full' : line.amountMinor < owed ? 'part' : 'over');
  });
}

/** How many lines have each verdict. */
export function verdictCounts(matched: readonly MatchedLine[]): Record<Verdict, number> {
  const counts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0])) as Record<Verdict, number>;
  for (const { verdict } of matched) counts[verdict]++;
  return counts;
}
