/**
 * The desk's data access for importing a bank statement (docs/payments.md#importing-a-statement): the facts the
 * matching needs, read from the database (which references are orders, their payment summaries, which lines an
 * earlier import queued), and the matched lines queued as marks.
 */
import { readValue } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { isRecord } from '../../../state/validation';
import { deskKey } from '../../orders';
import {
  matchStatement,
  parseOrderPayment,
  partKey,
  paymentPaths,
  statementMarkId,
  type LineTarget,
  type MatchedLine,
  type OrderPayment,
  type ReadStatement,
  type RefTarget,
} from '../model';
import { queueMark } from './markRequests';

/** Reads at most this many paths at once: a statement of thousands of lines must not flood the connection. */
const AT_ONCE = 32;

/** `read` of each of `keys`, a few at a time, by key. */
async function readEach<T>(keys: Iterable<string>, read: (key: string) => Promise<T>): Promise<Map<string, T>> {
  const all = [...new Set(keys)];
  const found = new Map<string, T>();
  for (let start = 0; start < all.length; start += AT_ONCE) {
    const batch = all.slice(start, start + AT_ONCE);
    const values = await Promise.all(batch.map(read));
    batch.forEach((key, index) => found.set(key, values[index]!));
  }
  return found;
}

function refTarget(raw: unknown): RefTarget | null {
  return isRecord(raw) && typeof raw.uid === 'string' && typeof raw.order === 'string'
    ? { uid: raw.uid, order: raw.order }
    : null;
}

/** What importing `statement` would do, line by line. */
export async function previewStatement(statement: ReadStatement): Promise<MatchedLine[]> {
  const { lines } = statement;
  const markIds = await Promise.all(lines.map((line) => statementMarkId(line.key)));
  // The ids lines were applied under before keys were made of the line as written (bankStatement.ts, readingKey).
  const readingIds = await Promise.all(lines.map((line) => statementMarkId(line.readingKey)));
  const orders = await readEach(
    lines.flatMap((line) => line.references),
    async (ref) => refTarget(await readValue(paths.orderRef(ref))),
  );
  const targets = [...orders.values()].filter((target) => target !== null);
  const byKey = new Map(targets.map((target) => [deskKey(target.uid, target.order), target]));
  const payments = await readEach(byKey.keys(), async (key): Promise<OrderPayment | null> => {
    const target = byKey.get(key)!;
    return parseOrderPayment(await readValue(paths.orderPay(target.uid, target.order)));
  });
  // A line naming several orders may be split between them, each part under a mark id of its own.
  const partKeys = lines.flatMap((line) => {
    const refs = line.references.filter((ref) => orders.get(ref));
    return refs.length > 1 ? refs.map((ref) => partKey(line, ref)) : [];
  });
  const partIds = new Map(await Promise.all(partKeys.map(async (key) => [key, await statementMarkId(key)] as const)));
  // Only a line that names an order can have been queued by an earlier import.
  const named = lines.flatMap((line, index) =>
    line.references.some((ref) => orders.get(ref)) ? [markIds[index]!, readingIds[index]!] : [],
  );
  const queued = await readEach([...named, ...partIds.values()], async (markId) => {
    const [mark, answer] = await Promise.all([
      readValue(paymentPaths.mark(markId)),
      readValue(paymentPaths.markAnswer(markId)),
    ]);
    return mark !== null || answer !== null;
  });
  const earlier = new Set(markIds.filter((markId, index) => queued.get(markId) || queued.get(readingIds[index]!)));
  for (const id of partIds.values()) if (queued.get(id)) earlier.add(id);
  return matchStatement(lines, markIds, { orders, payments, earlier, partIds });
}

/** Queues one bank-transfer mark of staff member `by`; false when the rules refused it (queued or answered before). */
async function queueLineMark(
  line: MatchedLine['line'],
  markId: string,
  target: LineTarget,
  amount: number,
  by: string,
): Promise<boolean> {
  const mark = { uid: target.uid, order: target.order, amount, method: 'transfer' as const };
  // The line as written, as far as a mark keeps it (the rules: 300 characters); its id is the whole key's.
  return queueMark(markId, { ...mark, source: line.key.slice(0, 300) }, by).then(
    () => true,
    (error: unknown) => {
      console.error('Statement line not queued:', error);
      return false;
    },
  );
}

/**
 * Queues `lines` as bank-transfer marks of staff member `by`: each line's marks (one, or one per order it pays).
 * Resolves with the mark ids the rules refused (queued or answered before, by another import meanwhile); offline,
 * once back online.
 */
export async function applyStatementLines(lines: readonly MatchedLine[], by: string): Promise<Set<string>> {
  const refused = new Set<string>();
  await Promise.all(
    lines.flatMap(({ line, marks }) =>
      marks.map(async ({ markId, target, amountMinor }) => {
        if (!(await queueLineMark(line, markId, target, amountMinor, by))) refused.add(markId);
      }),
    ),
  );
  return refused;
}

/** Applies all of a line staff were asked about to the order they chose, under the line's own mark id. */
export function applyChosenLine(matched: MatchedLine, target: LineTarget, by: string): Promise<boolean> {
  return queueLineMark(matched.line, matched.markId, target, matched.line.amountMinor, by);
}
