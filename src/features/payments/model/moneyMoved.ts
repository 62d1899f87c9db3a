/**
 * The money that came in and went back in a period, by method (docs/invoices.md#for-the-accountant): payments received
 * (`confirmed`) and refunds given (`done`), each on the day it was recorded. Read from every order's records at
 * payments/ and refunds/, the way staff read them; a record that cannot be read is counted, never guessed at. Pure and
 * shared: the desk shows it, trusted code writes the same file into the accountant's ZIP.
 */
import { isRecord } from '../../../state/validation';
import { toCsv } from '../../../lib/csv';
import { amountText } from './paymentAmount';
import { isRefundWay } from './refundRecords';
import { moneyRecordFields } from './recordList';

/** How money came in (a payment's method) or went back (a refund's way). */
export type MoneyWay = 'door' | 'transfer' | 'card' | 'giftcard' | 'by-hand' | 'new-giftcard';

export interface MoneyMovement {
  kind: 'payment' | 'refund';
  /** The order's desk key (uid~orderId). */
  order: string;
  id: string;
  way: MoneyWay;
  /** Whole minor units, at least 1: what came in, or what went back. */
  amount: number;
  currency: string;
  created: number;
}

const PAYMENT_WAYS: readonly MoneyWay[] = ['door', 'transfer', 'card', 'giftcard'];
/** The order the summary lists them in: the ways money comes in, then those only refunds take. */
const WAY_ORDER: readonly MoneyWay[] = [...PAYMENT_WAYS, 'by-hand', 'new-giftcard'];

function movement(
  kind: MoneyMovement['kind'],
  order: string,
  id: string,
  raw: unknown,
): MoneyMovement | null | 'not-moved' {
  if (!isRecord(raw)) return null;
  const fields = moneyRecordFields(raw);
  const way = kind === 'payment' ? raw.method : raw.way;
  const wayKnown = kind === 'payment' ? PAYMENT_WAYS.includes(way as MoneyWay) : isRefundWay(way);
  if (!fields || !wayKnown || typeof raw.state !== 'string') return null;
  // Money moved: a payment received, a refund given. A card page still open or closed unpaid, a refund on its way
  // or failed, is not (yet) money of the period.
  if (raw.state !== (kind === 'payment' ? 'confirmed' : 'done')) return 'not-moved';
  return {
    kind,
    order,
    id,
    way: way as MoneyWay,
    amount: fields.amount,
    currency: fields.currency,
    created: fields.created,
  };
}

/**
 * The payments and refunds recorded in [from, to), oldest first, from the roots of payments/ and refunds/;
 * `unreadable` counts the records that could not be read.
 */
export function moneyMoved(
  paymentsRoot: unknown,
  refundsRoot: unknown,
  range: { from: number; to: number },
): { movements: MoneyMovement[]; unreadable: number } {
  const movements: MoneyMovement[] = [];
  let unreadable = 0;
  const read = (kind: MoneyMovement['kind'], root: unknown) => {
    for (const [order, records] of Object.entries(isRecord(root) ? root : {})) {
      for (const [id, raw] of Object.entries(isRecord(records) ? records : {})) {
        const found = movement(kind, order, id, raw);
        if (found === null) unreadable += 1;
        else if (found !== 'not-moved' && found.created >= range.from && found.created < range.to) {
          movements.push(found);
        }
      }
    }
  };
  read('payment', paymentsRoot);
  read('refund', refundsRoot);
  movements.sort((a, b) => a.created - b.created || a.order.localeCompare(b.order) || a.id.localeCompare(b.id));
  return { movements, unreadable };
}

export interface WayTotal {
  currency: string;
  way: MoneyWay;
  received: { count: number; amount: number };
  givenBack: { count: number; amount: number };
}

/** The movements added up by currency and way: what came in and what went back each way. */
export function moneyByWay(movements: readonly MoneyMovement[]): WayTotal[] {
  const totals = new Map<string, WayTotal>();
  for (const { kind, way, amount, currency } of movements) {
    const key = `${currency} ${way}`;
    const total = totals.get(key) ?? {
      currency,
      way,
      received: { count: 0, amount: 0 },
      givenBack: { count: 0, amount: 0 },
    };
    const side = kind === 'payment' ? total.received : total.givenBack;
    side.count += 1;
    side.amount += amount;
    totals.set(key, total);
  }
  return [...totals.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || WAY_ORDER.indexOf(a.way) - WAY_ORDER.indexOf(b.way),
  );
}

/**
 * The movements as a file, a line each: the day (in the shop's zone, `dayOf`), the order's reference (`refOf`), a
 * refund's amount below zero, so the amount column adds up to the money kept.
 */
export function moneyMovedCsv(
  movements: readonly MoneyMovement[],
  dayOf: (at: number) => string,
  refOf: (orderKey: string) => string,
): string {
  return toCsv(
    ['recorded_on', 'recorded_at', 'kind', 'way', 'order', 'record', 'currency', 'amount'],
    movements.map((entry) => [
      dayOf(entry.created),
      new Date(entry.created).toISOString(),
      entry.kind,
      entry.way,
      refOf(entry.order),
      entry.id,
      entry.currency,
      amountText(entry.kind === 'refund' ? -entry.amount : entry.amount, entry.currency, 'en-GB'),
    ]),
  );
}
