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

export const VERDICTS = [
  'full',
  'part',
  'over',
  'split',
  'several',
  'large',
  'unmatched',
  'duplicate',
  'already-paid',
  'earlier',
] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  full: /*i18n*/ { id: 'desk.statement.full', message: 'Pays in full' },
  part: /*i18n*/ { id: 'desk.statement.part', message: 'Part payment' },
  over: /*i18n*/ { id: 'desk.statement.over', message: 'Over-payment' },
  split: /*i18n*/ { id: 'desk.statement.split', message: 'Pays several orders' },
  several: /*i18n*/ { id: 'desk.statement.several', message: 'Names several orders: choose' },
  large: /*i18n*/ { id: 'desk.statement.large', message: 'Over twice what is due: check' },
  unmatched: /*i18n*/ { id: 'desk.statement.unmatched', message: 'Unmatched' },
  duplicate: /*i18n*/ { id: 'desk.statement.duplicate', message: 'Duplicate' },
  'already-paid': /*i18n*/ { id: 'desk.statement.already-paid', message: 'Already paid' },
  earlier: /*i18n*/ { id: 'desk.statement.earlier', message: 'Applied in an earlier import' },
};

/**
 * The lines an import applies: those that pay a matched order, or several, what they owe or part of it, and those
 * for an order paid already: money that came in is recorded whatever the order's state, and what it cannot buy is
 * owed back (docs/payments.md#the-order-lifecycle).
 */
export const APPLIED_VERDICTS: ReadonlySet<Verdict> = new Set(['full', 'part', 'over', 'split', 'already-paid']);

/** The lines applied only once staff have chosen the order (or confirmed the one named). */
export const ASKED_VERDICTS: ReadonlySet<Verdict> = new Set(['several', 'large']);

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
  /**
   * The mark id of each part of a line that names several orders, by `partKey(line, ref)`: the same in every
   * import. Lines naming one order have none.
   */
  partIds: ReadonlyMap<string, string>;
}

/** What a part of a line paying several orders is keyed by before its mark id is made of it. */
export const partKey = (line: StatementLine, ref: string): string => `${line.key}|part|${ref}`;

/** An order a line names, with its reference and its payment summary. */
export type LineTarget = RefTarget & { ref: string; payment: OrderPayment };

/** One mark an import queues for a line: the whole line for one order, or one order's part of it. */
interface LineMark {
  markId: string;
  target: LineTarget;
  amountMinor: number;
}

export interface MatchedLine {
  line: StatementLine;
  /** The mark this line is queued as: the same in every import of the same statement. */
  markId: string;
  verdict: Verdict;
  /** The order and its reference, when a reference of the line names one with a payment (the first of several). */
  target: LineTarget | null;
  /** What the order still owed before this line (earlier lines of the file for it counted); for several, their sum. */
  owed: number;
  /** What applying the line queues: one mark, or one per order for a line that pays several. */
  marks: LineMark[];
  /** For a line staff are asked about: the orders they may apply all of it to, under the line's own mark id. */
  choices: LineTarget[];
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

/** The orders a line's references name, once each, in the order the line names them. */
function targetsOf(line: StatementLine, facts: StatementFacts): LineTarget[] {
  const found = new Map<string, LineTarget>();
  for (const ref of line.references) {
    const order = facts.orders.get(ref);
    const payment = order ? facts.payments.get(deskKeyOf(order)) : null;
    if (order && payment && !found.has(deskKeyOf(order))) found.set(deskKeyOf(order), { ...order, ref, payment });
  }
  return [...found.values()];
}

/**
 * Judges every line, in the file's order; `markIds` are the lines' mark ids, in the same order.
 *
 * A line that names several orders pays each what it owes when its amount is exactly their sum (one mark each), and
 * is asked about otherwise; a line that would pay one order more than twice what it still owes is asked about too
 * (a misread amount, or a payer who paid for someone else). Asked lines apply only once staff choose the order.
 */
export function matchStatement(
  lines: readonly StatementLine[],
  markIds: readonly string[],
  facts: StatementFacts,
): MatchedLine[] {
  // What each order still owes once the file's earlier lines for it are counted.
  const owing = new Map<string, number>();
  const owedBy = (target: LineTarget) => owing.get(deskKeyOf(target)) ?? balanceDue(target.payment);
  const pays = (target: LineTarget, amount: number) =>
    owing.set(deskKeyOf(target), Math.max(0, owedBy(target) - amount));
  return lines.map((line, index): MatchedLine => {
    const markId = markIds[index]!;
    const none = (verdict: Verdict): MatchedLine => ({
      line,
      markId,
      verdict,
      target: null,
      owed: 0,
      marks: [],
      choices: [],
    });
    if (repeats(line)) return none('duplicate');
    const targets = targetsOf(line, facts);
    const [first] = targets;
    if (!first) return none('unmatched');
    const partIds = targets.map((target) => facts.partIds.get(partKey(line, target.ref)));
    const judged = (verdict: Verdict, owed: number, marks: LineMark[] = [], choices: LineTarget[] = []) => ({
      line,
      markId,
      verdict,
      target: marks[0]?.target ?? choices[0] ?? first,
      owed,
      marks,
      choices,
    });
    if (facts.earlier.has(markId) || partIds.some((id) => id !== undefined && facts.earlier.has(id)))
      return judged('earlier', owedBy(first));
    const owingOnes = targets.filter((target) => target.payment.state !== 'paid' && owedBy(target) > 0);
    const sum = owingOnes.reduce((total, target) => total + owedBy(target), 0);
    if (targets.length > 1 && owingOnes.length > 1 && line.amountMinor === sum) {
      const marks = owingOnes.map((target) => ({
        markId: partIds[targets.indexOf(target)]!,
        target,
        amountMinor: owedBy(target),
      }));
      for (const mark of marks) pays(mark.target, mark.amountMinor);
      return judged('split', sum, marks);
    }
    // One order of those named owes exactly the line's amount: it pays that one.
    const single =
      targets.length === 1 ? first : owingOnes.length === 1 && line.amountMinor === sum ? owingOnes[0]! : null;
    if (!single) return judged('several', sum, [], targets);
    const owed = owedBy(single);
    if (single.payment.state === 'paid')
      return judged('already-paid', owed, [{ markId, target: single, amountMinor: line.amountMinor }]);
    if (line.amountMinor > 2 * owed) return judged('large', owed, [], [single]);
    pays(single, line.amountMinor);
    const verdict = line.amountMinor === owed ? 'full' : line.amountMinor < owed ? 'part' : 'over';
    return judged(verdict, owed, [{ markId, target: single, amountMinor: line.amountMinor }]);
  });
}

/** How many lines have each verdict. */
export function verdictCounts(matched: readonly MatchedLine[]): Record<Verdict, number> {
  const counts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0])) as Record<Verdict, number>;
  for (const { verdict } of matched) counts[verdict]++;
  return counts;
}
