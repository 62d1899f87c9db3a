/**
 * The rush with payments (issue 31, bench/rush.ts `pay`): what the shop's data looks like for it, and the aftermath
 * once the buyers have their answers. All through trusted code's real modules against the same database with the
 * rules: part of the held orders is paid (staff's marks for the door and bank transfers, applied by markApplier;
 * card payments through the real `stripe` SDK against the local fake provider, confirmed on the buyer's return),
 * the rest have their holds made to end (written into the past as admin, as the tests do, since the rules only let
 * an order lapse once its hold has passed by the database's clock) and the expiry job lets them lapse. Then the
 * accounting: stock left and tickets paid for add up to the event's stock, every order is paid or expired, tickets
 * and the desk index say the same as the orders. Printed, never asserted.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, ServerValue, type Database } from 'firebase-admin/database';
import { loadavg } from 'node:os';
import { adminQueueDatabase } from '../functions/src/orders/adminQueueDatabase';
import { cardPaymentRequest, cardServicesOn } from '../functions/src/payments/cardEndpoints';
import { expireHolds } from '../functions/src/payments/expiry';
import { markApplier } from '../functions/src/payments/marks';
import { stripeProvider } from '../functions/src/payments/stripeProvider';
import { startFakeCardProvider, TEST_CARDS } from '../scripts/cardProvider/fakeCardProvider';
import { deskKey } from '../src/features/orders/deskIndex';
import { slotOf } from '../src/features/orders/openOrders';
import type { PaymentMethod } from '../src/features/payments/model/paymentSettings';
import { isRecord } from '../src/state/validation';

/** The staff member who records the payments taken at the door and seen on the bank account. */
const STAFF_UID = 'rush-staff';
const SECRET_KEY = 'sk_test_rush_0123456789';
const WEBHOOK_SECRET = 'whsec_rush_0123456789';
/** Requests (marks queued, card payments made) at once. */
const AT_ONCE = 8;

/** What the database starts with besides the products: a staff member, the currency, card, transfer and door. */
export function paymentsSeed(): Record<string, unknown> {
  return {
    users: {
      [STAFF_UID]: { firstname: 'Rush', lastname: 'Staff', email: 'staff@example.com', role: 'staff', created: 1 },
    },
    properties: { currency: 'GBP' },
    paymentSettings: {
      door: { on: true },
      transfer: { on: true, days: 7, payee: 'Rush Events Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Bank' },
      card: { on: true, minutes: 30 },
    },
  };
}

/** Buyer `index`'s choice: half by card, three in ten by bank transfer, two in ten at the door. */
export function methodOf(index: number): PaymentMethod {
  const tenth = index % 10;
  return tenth < 5 ? 'card' : tenth < 8 ? 'transfer' : 'door';
}

interface HeldOrder {
  uid: string;
  id: string;
  key: string;
  method: string;
  quantity: number;
  due: number;
  /** Paid as it was placed: a gift card's part (bench/rushGiftCards.ts). */
  paid: number;
  created: number;
  link: string;
}

type StoredOrders = Record<string, Record<string, Record<string, unknown>>>;

function heldOrders(orders: StoredOrders, eventId: string): HeldOrder[] {
  const held: HeldOrder[] = [];
  for (const [uid, byUser] of Object.entries(orders)) {
    for (const [id, order] of Object.entries(byUser)) {
      const items = isRecord(order.items) ? order.items : {};
      const line = items[eventId];
      if (!isRecord(line) || !isRecord(order.pay)) continue;
      held.push({
        uid,
        id,
        key: deskKey(uid, id),
        method: String(order.pay.method),
        quantity: Number(line.quantity),
        due: Number(order.pay.due),
        paid: Number(order.pay.paid ?? 0),
        created: Number(order.created),
        link: typeof order.link === 'string' ? order.link : '',
      });
    }
  }
  // In the order they were placed (the allocator's server time), then by key: the same part is paid every run.
  return held.sort((x, y) => x.created - y.created || (x.key < y.key ? -1 : 1));
}

/** Runs `task` over `items`, `AT_ONCE` at a time. */
async function inTurn<T>(items: readonly T[], task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round((count * 1000) / ms) : null);
const countBy = <T>(items: readonly T[], keyOf: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => {
    counts[keyOf(item)] = (counts[keyOf(item)] ?? 0) + 1;
    return counts;
  }, {});

/**
 * Pays every other held order of each method (in the order they were placed) and lets the rest lapse; returns the
 * figures and the accounting.
 */
export async function payAftermath(databaseUrl: string, eventId: string, stock: number) {
  const apps: App[] = [];
  const connect = (name: string, uid?: string): Database => {
    const app = initializeApp(
      { databaseURL: databaseUrl, ...(uid ? { databaseAuthVariableOverride: { uid } } : {}) },
      `rush-pay-${name}-${apps.length}`,
    );
    apps.push(app);
    return getDatabase(app);
  };
  const admin = connect('admin');
  const staff = connect('staff', STAFF_UID);
  const trusted = adminQueueDatabase(databaseUrl);
  const fake = await startFakeCardProvider({ secretKey: SECRET_KEY });
  const provider = stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });
  const services = cardServicesOn(trusted, provider, 'http://localhost:4173');
  const read = async (path: string): Promise<unknown> => (await admin.ref(path).get()).val();
  try {
    const held = heldOrders(((await read('orders')) ?? {}) as StoredOrders, eventId);
    const rank: Record<string, number> = {};
    const toPay = held.filter((order) => {
      rank[order.method] = (rank[order.method] ?? 0) + 1;
      return rank[order.method]! % 2 === 1;
    });
    const byMark = toPay.filter((order) => order.method === 'door' || order.method === 'transfer');
    const byCard = toPay.filter((order) => order.method === 'card');

    // Staff record the door's and the bank account's payments as marks, as the desk queues them (for what is left
    // once a gift card paid its part); trusted code applies the queue.
    let started = performance.now();
    await inTurn(byMark, async (order, index) => {
      await staff.ref(`paymentMarks/rush-mark-${String(index).padStart(5, '0')}`).set({
        ...{ uid: order.uid, order: order.id, amount: order.due - order.paid, method: order.method },
        ...{ by: STAFF_UID, at: ServerValue.TIMESTAMP },
      });
    });
    const queueMs = performance.now() - started;
    started = performance.now();
    const marks = await markApplier(trusted)();
    const applyMs = performance.now() - started;

    // Card buyers pay on the provider's page and come back to the order page, which has the payment read back.
    const cardAnswers: Record<string, number> = {};
    started = performance.now();
    await inTurn(byCard, async (order) => {
      const pay = await cardPaymentRequest(services, 'POST', { secret: order.link, action: 'pay' });
      const url = (JSON.parse(pay.body) as { url?: string }).url;
      let kind = `pay ${pay.status}`;
      if (url) {
        await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({ card: TEST_CARDS.pays, action: 'pay' }),
          redirect: 'manual',
        });
        const check = await cardPaymentRequest(services, 'POST', { secret: order.link, action: 'check' });
        kind = `checked ${(JSON.parse(check.body) as { state?: string }).state ?? check.status}`;
      }
      cardAnswers[kind] = (cardAnswers[kind] ?? 0) + 1;
    });
    const cardMs = performance.now() - started;

    // The rest's holds end: written into the past as admin (the rules let an order lapse only once its hold has
    // passed by the database's clock), then the expiry job runs as it does every minute.
    const orders = ((await read('orders')) ?? {}) as StoredOrders;
    const until = Date.now() - 60_000;
    const lapse: Record<string, unknown> = {};
    for (const order of held) {
      const pay = orders[order.uid]?.[order.id]?.pay;
      if (isRecord(pay) && pay.state === 'pending') {
        lapse[`orders/${order.uid}/${order.id}/pay/until`] = until;
        lapse[`deskOrders/${order.key}/hold`] = until;
      }
    }
    await admin.ref().update(lapse);
    const loadBeforeExpiry = loadavg()[0]!;
    started = performance.now();
    const expiry = await expireHolds(trusted, Date.now(), services.cards);
    const expiryMs = performance.now() - started;

    const accounting = await account(read, eventId, stock, held);
    return {
      held: { orders: held.length, byMethod: countBy(held, (order) => order.method) },
      marks: {
        queued: byMark.length,
        applied: marks.applied,
        deferred: marks.deferred,
        queueMs: Math.round(queueMs),
        applyMs: Math.round(applyMs),
        appliedPerSecond: perSecond(byMark.length, applyMs),
      },
      card: {
        paid: byCard.length,
        answers: cardAnswers,
        ms: Math.round(cardMs),
        perSecond: perSecond(byCard.length, cardMs),
      },
      expiry: {
        lapsed: Object.keys(lapse).length / 2,
        ...expiry,
        ms: Math.round(expiryMs),
        expiredPerSecond: perSecond(expiry.expired, expiryMs),
        loadAverage: { before: Number(loadBeforeExpiry.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
      },
      ...accounting,
    };
  } finally {
    await fake.close();
    await trusted.close();
    await Promise.all(apps.map((app) => deleteApp(app)));
  }
}

/** Reads everything back and checks that it adds up. */
async function account(
  read: (path: string) => Promise<unknown>,
  eventId: string,
  stock: number,
  held: readonly HeldOrder[],
) {
  const orders = ((await read('orders')) ?? {}) as StoredOrders;
  const tickets = ((await read(`tickets/${eventId}`)) ?? {}) as Record<string, Record<string, unknown>>;
  const desk = ((await read('deskOrders')) ?? {}) as Record<string, Record<string, unknown>>;
  const deskEvent = ((await read(`deskEventOrders/${eventId}`)) ?? {}) as Record<string, Record<string, unknown>>;
  const payments = ((await read('payments')) ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const openOrders = ((await read('openOrders')) ?? {}) as Record<string, unknown>;
  const stockLeft = Number(await read(`products/${eventId}/stock`));
  const marksLeft = Object.keys(((await read('paymentMarks')) ?? {}) as object).length;

  const states: Record<string, Record<string, number>> = {};
  let ticketsPaid = 0;
  let ticketsExpired = 0;
  /** Tickets that do not say what their order's payment says (valid when paid, void when expired). */
  let ticketsWrong = 0;
  /** Orders that are paid and expired at once: a paid one cancelled or with a void ticket, or the other way. */
  let both = 0;
  /** Index entries (deskOrders and the event's) that differ from their order, or keep a hold once it is decided. */
  let deskWrong = 0;
  /** Paid orders whose confirmed payment records do not add up to what the order says was paid, or to its due. */
  let paymentsWrong = 0;
  /** Expired orders still holding one of their account's open-order slots. */
  let slotsKept = 0;
  for (const order of held) {
    const stored = orders[order.uid]?.[order.id] ?? {};
    const pay = isRecord(stored.pay) ? stored.pay : {};
    const state = String(pay.state);
    (states[state] ??= {})[order.method] = (states[state]![order.method] ?? 0) + 1;
    const own = Array.from({ length: order.quantity }, (_, n) => tickets[`${order.id}-${n}`]);
    const valid = own.filter((ticket) => ticket?.status === 'valid' && ticket.due === undefined).length;
    const void_ = own.filter((ticket) => ticket?.status === 'void').length;
    if (state === 'paid') {
      ticketsPaid += order.quantity;
      ticketsWrong += order.quantity - valid;
      if (stored.status === 'cancelled' || void_ > 0) both++;
      const confirmed = Object.values(payments[order.key] ?? {})
        .filter((record) => record.state === 'confirmed')
        .reduce((sum, record) => sum + Number(record.amount), 0);
      if (confirmed !== pay.paid || Number(pay.paid) < order.due) paymentsWrong++;
    } else if (state === 'expired') {
      ticketsExpired += order.quantity;
      ticketsWrong += order.quantity - void_;
      if (stored.status !== 'cancelled' || valid > 0) both++;
      if (slotOf(openOrders[order.uid], order.id)) slotsKept++;
    }
    const entry = desk[order.key];
    const eventEntry = deskEvent[order.key];
    if (
      !entry ||
      entry.pay !== state ||
      entry.status !== stored.status ||
      (state !== 'pending' && entry.hold !== undefined) ||
      eventEntry?.status !== stored.status
    ) {
      deskWrong++;
    }
  }
  const ticketsOfEvent = Object.keys(tickets).length;
  const pending = Object.values(states.pending ?? {}).reduce((sum, count) => sum + count, 0);
  const addsUp =
    stockLeft + ticketsPaid === stock &&
    pending === 0 &&
    ticketsWrong === 0 &&
    both === 0 &&
    deskWrong === 0 &&
    paymentsWrong === 0 &&
    slotsKept === 0 &&
    marksLeft === 0 &&
    ticketsOfEvent === ticketsPaid + ticketsExpired;
  return {
    orders: states,
    stock: { of: stock, left: stockLeft, ticketsPaid, sum: stockLeft + ticketsPaid, ticketsExpired, ticketsOfEvent },
    wrong: { tickets: ticketsWrong, paidAndExpired: both, desk: deskWrong, payments: paymentsWrong, slotsKept },
    marksLeftQueued: marksLeft,
    addsUp: addsUp ? 'yes' : 'no',
  };
}
