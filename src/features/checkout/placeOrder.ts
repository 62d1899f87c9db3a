import { parseProduct, type Product } from '../catalogue';
import type { CheckoutFields } from './checkoutFields';
import { freeSlot, OPEN_ORDERS_FULL, type NewOrder, type WantedLine } from '../orders';
import { buildOrder, isSameOrder, OrderProblem, reservationUpdate } from './order';
import { ensureUser } from '../../firebase/auth';
import { database, type Database, isPermissionDenied } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { withTimeout } from '../../lib/withTimeout';

/** Attempts before giving up when other buyers keep changing the stock between our read and our write. */
const MAX_ATTEMPTS = 5;
/** How long checkout waits for the database before telling the buyer (the write may still arrive later). */
const ANSWER_MS = 20_000;

export interface PlacedOrder {
  orderId: string;
  uid: string;
  order: NewOrder;
}

async function readProducts(db: Database, ids: readonly string[]): Promise<Map<string, Product | null>> {
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        const parsed = parseProduct(id, await db.read(paths.product(id)));
        return [id, 'product' in parsed ? parsed.product : null] as const;
      } catch (error) {
        // The rules hide inactive products from the public: not readable means not on sale.
        if (isPermissionDenied(error)) return [id, null] as const;
        throw error;
      }
    }),
  );
  return new Map(entries);
}

/** A fresh order id (the database's push id: unique, and sorted by time). */
export async function newOrderId(): Promise<string> {
  return (await database()).newKey(paths.orders);
}

/**
 * What the database holds under the order's id: the order when it is the one the buyer asks for, null when there
 * is none. An order of other contents under the id is a problem: it was placed, but not as the buyer now asks.
 */
async function readBack(
  db: Database,
  uid: string,
  orderId: string,
  lines: readonly WantedLine[],
  contact: CheckoutFields,
): Promise<NewOrder | null> {
  const stored = await withTimeout(db.read(paths.order(uid, orderId)), ANSWER_MS, 'reading the order back');
  if (stored === null) return null;
  if (isSameOrder(stored, lines, contact)) return stored;
  throw new OrderProblem(
    `An earlier attempt placed a different order (reference ${orderId}); it is listed in your dashboard. ` +
      'Your wishlist is unchanged: check it and try again.',
  );
}

/**
 * Places an order for the wishlist's lines under `orderId`: signs the guest in anonymously if needed, reads the
 * products' live prices and stock and the account's open orders, and writes order, open-order slot and stock in
 * one update the rules check against the stock it read. When another buyer got there first, it reads again and
 * retries; when too little is left, or the account has too many open orders, it says so. Retrying with the same
 * id after an unanswered attempt never places the order twice, and success is only reported for an order the
 * database holds with the wishlist's contents.
 */
export async function placeOrder(
  orderId: string,
  lines: readonly WantedLine[],
  contact: CheckoutFields,
): Promise<PlacedOrder> {
  const { uid } = await ensureUser();
  const db = await database();
  // An earlier attempt under this id whose answer was lost may have arrived (and taken the stock): then it is the
  // order, whatever the stock says now.
  const earlier = await readBack(db, uid, orderId, lines, contact);
  if (earlier) return { orderId, uid, order: earlier };
  for (let attempt = 1; ; attempt++) {
    const [current, slots] = await withTimeout(
      Promise.all([
        readProducts(
          db,
          lines.map((line) => line.productId),
        ),
        db.read(paths.openOrders(uid)),
      ]),
      ANSWER_MS,
      'reading the products',
    );
    const order = buildOrder(lines, current, contact);
    const slot = freeSlot(slots);
    if (slot === null) throw new OrderProblem(OPEN_ORDERS_FULL);
    const update = reservationUpdate(order, current, { uid, orderId, slot, created: db.serverTime });
    try {
      await withTimeout(db.updateRoot(update), ANSWER_MS, 'placing the order');
      return { orderId, uid, order };
    } catch (error) {
      if (!isPermissionDenied(error)) throw error;
      // Refused: the stock or the slots moved on, or an earlier attempt did arrive after all. Only an order read
      // back from the database proves the last; a refusal alone proves nothing.
      const placed = await readBack(db, uid, orderId, lines, contact);
      if (placed) return { orderId, uid, order: placed };
      if (attempt >= MAX_ATTEMPTS)
        throw new OrderProblem('The shop is very busy right now; your wishlist is unchanged. Please try again.');
    }
  }
}
