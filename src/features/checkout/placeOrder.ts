import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { CheckoutFields } from './checkoutFields';
import {
  ALLOCATE_ENDPOINT,
  OPEN_ORDERS_FULL,
  REQUEST_INTERVAL_MS,
  displayReference,
  parseAnswer,
  requestRecord,
  type NewOrder,
  type OrderAnswer,
  type RequestChoices,
  type WantedLine,
} from '../orders';
import { isSameOrder, OrderProblem } from './order';
import type { UnusableReason } from '../giftcards/model';
import { voucherReasonWords } from '../vouchers';
import { parseOrderPayment, type OrderPayment } from '../payments/model';
import { ensureUser } from '../../firebase/auth';
import { database, type Database } from '../../firebase/database';
import { isPermissionDenied } from '../../firebase/errors';
import { paths } from '../../firebase/paths';
import { isRecord } from '../../state/validation';
import { keepNudging } from '../../lib/nudge';
import { formatList } from '../../lib/format';

export interface PlacedOrder {
  orderId: string;
  uid: string;
  order: NewOrder;
  /** The reference people read (stored form, orderReference.ts); empty if the order has none. */
  ref: string;
  /** How it is paid, as trusted code wrote it with the order; null when it wrote none. */
  payment: OrderPayment | null;
  /** The order page's secret (orderLink.ts); empty if the order has none. */
  link: string;
}

/** A line as checkout asks for it, with the title its messages name it by. */
export type RequestedLine = WantedLine & { title: string };

/** Where a request stands while its answer is awaited; the page says it (docs/behaviour.md#the-on-sale-rush). */
export type RequestProgress = 'sending' | 'in-line';

/** A fresh request id (the database's push id: unique, sorted by time); the allocator derives the order's id from it. */
export async function newOrderId(): Promise<string> {
  return (await database()).newKey(paths.orders);
}

/**
 * Resolves with the answer to `requestId` once trusted code has written it, nudging it now and then meanwhile,
 * and at once when the device comes back online.
 */
function awaitAnswer(db: Database, uid: string, requestId: string): Promise<OrderAnswer> {
  return new Promise((resolve, reject) => {
    const stopNudging = keepNudging(ALLOCATE_ENDPOINT);
    const finish = () => {
      stopNudging();
      queueMicrotask(() => stop());
    };
    const stop = db.subscribe(
      paths.orderAnswer(uid, requestId),
      (raw) => {
        if (raw === null) return;
        finish();
        const answer = parseAnswer(raw);
        if (answer) resolve(answer);
        else reject(new Error(`an answer the app cannot read: ${JSON.stringify(raw).slice(0, 200)}`));
      },
      (error) => {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const titleOf = (lines: readonly RequestedLine[], productId: string) =>
  lines.find((line) => line.productId === productId)?.title ?? productId;

/** Items named one after another, as the language spoken now lists them ("A, B and C"). */
const listed = (parts: readonly string[]) => formatList(parts, i18n.locale);

/** Why the gift card named could not pay, and that nothing was taken of it or reserved. */
function giftCardRefusal(reason: UnusableReason): string {
  switch (reason) {
    case 'not-found':
      return t`There is no gift card with that code, so nothing was reserved. Check the code, or remove it and pay another way.`;
    case 'expired':
      return t`That gift card has expired, so nothing was reserved. Remove it and pay another way.`;
    case 'currency':
      return t`That gift card is in another currency than this order, so nothing was reserved. Remove it and pay another way.`;
    case 'empty':
      return t`Nothing is left on that gift card, so nothing was reserved. Remove it and pay another way.`;
  }
}

/** What a refusal means for the buyer, naming the products, in the language spoken now; the wishlist is left as it was. */
export function refusal(
  answer: Exclude<OrderAnswer, { kind: 'ordered' }>,
  lines: readonly RequestedLine[],
): OrderProblem {
  switch (answer.kind) {
    case 'short': {
      const ids = Object.keys(answer.left);
      const parts = listed(
        ids.map((id) => {
          const title = titleOf(lines, id);
          const left = answer.left[id] ?? 0;
          return left === 0 ? t`${title} is sold out` : t`only ${left} of ${title} left`;
        }),
      );
      return new OrderProblem(t`Not enough left: ${parts}. Your wishlist is unchanged.`, ids);
    }
    case 'per-order-limit': {
      const ids = Object.keys(answer.limits);
      const parts = listed(
        ids.map((id) => {
          const title = titleOf(lines, id);
          const limit = answer.limits[id] ?? 0;
          return t`${limit} of ${title}`;
        }),
      );
      return new OrderProblem(
        t`One order may hold at most ${parts}. Lower the quantity in your wishlist and try again.`,
        ids,
      );
    }
    case 'per-order-minimum': {
      const ids = Object.keys(answer.minimums);
      const parts = listed(
        ids.map((id) => {
          const title = titleOf(lines, id);
          const minimum = answer.minimums[id] ?? 0;
          return t`${minimum} of ${title}`;
        }),
      );
      return new OrderProblem(
        t`One order must hold at least ${parts}. Raise the quantity in your wishlist and try again.`,
        ids,
      );
    }
    case 'not-on-sale': {
      const ids = Object.keys(answer.opens);
      const parts = listed(
        ids.map((id) => {
          const title = titleOf(lines, id);
          return answer.opens[id] === 0 ? t`sales of ${title} have closed` : t`${title} is not on sale yet`;
        }),
      );
      return new OrderProblem(t`Nothing was reserved: ${parts}. Your wishlist is unchanged.`, ids);
    }
    case 'open-orders-limit':
      return new OrderProblem(i18n._(OPEN_ORDERS_FULL));
    case 'unavailable':
      return new OrderProblem(
        t`Some items are no longer on sale. Remove them from your wishlist and try again.`,
        answer.products,
      );
    case 'amount': {
      const parts = listed(answer.products.map((id) => titleOf(lines, id)));
      return new OrderProblem(
        t`The shop no longer sells ${parts} at the amount you chose, so nothing was reserved. Choose the amount again in your wishlist and try again.`,
        answer.products,
      );
    }
    case 'method-unavailable':
      return new OrderProblem(
        t`The shop no longer offers that way of paying, so nothing was reserved. Your wishlist is unchanged. Choose another way to pay and try again.`,
      );
    case 'gift-card':
      return new OrderProblem(giftCardRefusal(answer.reason));
    case 'voucher': {
      const why = voucherReasonWords(answer.reason);
      return new OrderProblem(t`${why} Nothing was reserved: remove the voucher and try again.`);
    }
    case 'failed':
      return new OrderProblem(
        t`The shop could not place this order, so nothing was reserved. Your wishlist is unchanged. Please try again; if it happens again, contact the shop.`,
      );
  }
}

/** The buyer's choices as checkout sends them; the notes come with the contact details. */
type OrderChoices = Omit<RequestChoices, 'notes'>;

/**
 * Joins the queue, or finds this request already in it or answered. A request the rules refuse because the
 * account asked moments ago is sent again once the interval has passed.
 */
async function joinQueue(
  db: Database,
  uid: string,
  requestId: string,
  lines: readonly RequestedLine[],
  contact: CheckoutFields,
  choices: OrderChoices,
): Promise<void> {
  const [answered, waiting] = await Promise.all([
    db.read(paths.orderAnswer(uid, requestId)),
    db.read(paths.orderRequest(uid)),
  ]);
  if (answered !== null) return;
  if (isRecord(waiting)) {
    if (waiting.id === requestId) return;
    throw new OrderProblem(
      t`An order of yours from another tab or device is still in line. Its answer comes first; then try again.`,
    );
  }
  const telephone = contact.telephone.trim();
  const record = requestRecord(
    requestId,
    lines,
    { name: contact.name.trim(), email: contact.email.trim(), ...(telephone ? { telephone } : {}) },
    db.serverTime,
    { ...choices, notes: contact.notes.trim() },
  );
  const write = () => db.updateRoot({ [paths.orderRequest(uid)]: record, [paths.orderRate(uid)]: db.serverTime });
  try {
    await write();
  } catch (error) {
    if (!isPermissionDenied(error)) throw error;
    // Too soon after this account's last request (or it is waiting after all): once more, after the interval.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_INTERVAL_MS));
    if ((await db.read(paths.orderAnswer(uid, requestId))) !== null) return;
    await write();
  }
}

/** The order an "ordered" answer names, read back; a refusal or an order that is not the one asked for throws. */
async function outcome(
  db: Database,
  uid: string,
  answer: OrderAnswer,
  lines: readonly RequestedLine[],
  contact: CheckoutFields | null,
): Promise<PlacedOrder> {
  if (answer.kind !== 'ordered') throw refusal(answer, lines);
  const stored = await db.read(paths.order(uid, answer.order));
  const { ref, pay, link } = (stored ?? {}) as { ref?: unknown; pay?: unknown; link?: unknown };
  if (!isSameOrder(stored, lines, contact)) {
    const reference = typeof ref === 'string' ? displayReference(ref) : answer.order;
    throw new OrderProblem(
      t`Your order (reference ${reference}) was placed but is not what your wishlist holds now; it is listed in your dashboard.`,
    );
  }
  return {
    orderId: answer.order,
    uid,
    order: stored,
    ref: typeof ref === 'string' ? ref : '',
    payment: parseOrderPayment(pay),
    link: typeof link === 'string' ? link : '',
  };
}

/**
 * Places an order for the wishlist's lines under `requestId`, to be paid by `method`: signs the guest in anonymously if needed, joins the
 * queue, and waits, however long it takes, for trusted code's answer: the order (read back from the database) or
 * a refusal (an OrderProblem saying why). The request keeps its place while the connection is away. Calling again
 * with the same id, after a lost answer, never places a second order.
 */
export async function placeOrder(
  requestId: string,
  lines: readonly RequestedLine[],
  contact: CheckoutFields,
  choices: OrderChoices,
  progress: (state: RequestProgress) => void = () => undefined,
): Promise<PlacedOrder> {
  const { uid } = await ensureUser();
  const db = await database();
  progress('sending');
  await joinQueue(db, uid, requestId, lines, contact, choices);
  progress('in-line');
  return outcome(db, uid, await awaitAnswer(db, uid, requestId), lines, contact);
}

/**
 * Picks up a request made before a reload: its answer if there is one, else the wait for it if it is still in
 * line. Null when the database knows nothing of it (it never arrived, or this browser's account is another now).
 */
export async function resumeOrder(
  requestId: string,
  lines: readonly RequestedLine[],
  progress: (state: RequestProgress) => void = () => undefined,
): Promise<PlacedOrder | null> {
  const { uid } = await ensureUser();
  const db = await database();
  const [answered, waiting] = await Promise.all([
    db.read(paths.orderAnswer(uid, requestId)),
    db.read(paths.orderRequest(uid)),
  ]);
  const known = answered !== null || (isRecord(waiting) && waiting.id === requestId);
  if (!known) return null;
  progress('in-line');
  return outcome(db, uid, await awaitAnswer(db, uid, requestId), lines, null);
}
