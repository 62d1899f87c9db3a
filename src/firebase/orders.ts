import { parseProduct, type Product } from '../features/catalogue/product';
import type { CheckoutFields } from '../features/checkout/checkoutFields';
import { buildOrder, OrderProblem, reservationUpdate, type OrderDraft, type OrderLine } from '../features/checkout/order';
import { ensureUser } from './auth';
import { connectFirebase } from './client';
import { withTimeout } from '../lib/withTimeout';
import { isPermissionDenied } from './messages';

/** Attempts before giving up when other buyers keep changing the stock between our read and our write. */
const MAX_ATTEMPTS = 5;
/** How long checkout waits for the database before telling the buyer (the write may still arrive later). */
const ANSWER_MS = 20_000;

export interface PlacedOrder {
  orderId: string;
  uid: string;
  order: OrderDraft;
}

async function readProducts(ids: readonly string[]): Promise<Map<string, Product | null>> {
  const { sdk, db } = await connectFirebase();
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        const parsed = parseProduct(id, (await sdk.get(sdk.ref(db, `products/${id}`))).val());
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
  const { sdk, db } = await connectFirebase();
  return sdk.push(sdk.ref(db, 'orders')).key!;
}

/**
 * Places an order for the wishlist's lines under `orderId`: signs the guest in anonymously if needed, reads the
 * products' live prices and stock, and writes order and stock in one update the rules check against the stock it
 * read. When another buyer got there first, it reads again and retries; when too little is left it says so.
 * Retrying with the same id after an unanswered attempt never places the order twice.
 */
export async function placeOrder(orderId: string, lines: readonly OrderLine[], contact: CheckoutFields): Promise<PlacedOrder> {
  const { uid } = await ensureUser();
  const { sdk, db } = await connectFirebase();
  const orderRef = sdk.ref(db, `orders/${uid}/${orderId}`);
  for (let attempt = 1; ; attempt++) {
    const current = await withTimeout(readProducts(lines.map((line) => line.productId)), ANSWER_MS, 'reading the products');
    const order = buildOrder(lines, current, contact);
    try {
      await withTimeout(sdk.update(sdk.ref(db), reservationUpdate(uid, orderId, order, current, sdk.serverTimestamp())), ANSWER_MS, 'placing the order');
      return { orderId, uid, order };
    } catch (error) {
      if (!isPermissionDenied(error)) throw error;
      // Orders are created once: refused because an earlier, unanswered attempt did arrive.
      if ((await sdk.get(orderRef)).exists()) return { orderId, uid, order };
      if (attempt >= MAX_ATTEMPTS) throw new OrderProblem('The shop is very busy right now; your wishlist is unchanged. Please try again.');
    }
  }
}
