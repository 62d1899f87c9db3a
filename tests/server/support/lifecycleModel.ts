/**
 * The model-based test of the order lifecycle (docs/payments.md#the-order-lifecycle): seeded random sequences of the
 * events that move money and places, driven against the real trusted code and the shop's rules on the local
 * database, with every invariant of the lifecycle table checked after every step. Shared by the server test (a few
 * thousand steps in `npm test`) and the bench (a long run).
 *
 * The events: an order placed (door or transfer, tickets of two types sharing a quota, and goods), money staff record
 * (exact, part, over, a penny), staff cancel, the hold's end (time moved past one order's hold, then the minute job),
 * a refund by hand (within what was paid, or more), the buyer switching method, staff confirming or fulfilling, and
 * staff changing a stock. Card payments have tests of their own (tests/server/card-payments.test.ts).
 */
import fc from 'fast-check';
import type { Database } from 'firebase-admin/database';
import { ServerValue } from 'firebase-admin/database';
import type { adminQueueDatabase } from '../../../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../../../functions/src/orders/allocator';
import { orderIdFor } from '../../../functions/src/orders/orderId';
import { cancelApplier } from '../../../functions/src/payments/cancel';
import { runHoldsJob } from '../../../functions/src/payments/holdsJob';
import { markApplier } from '../../../functions/src/payments/marks';
import { paymentMethodChanger } from '../../../functions/src/payments/methodChange';
import { refundApplier } from '../../../functions/src/payments/refunds';
import { deskKey, deskStatusWrites, parseDeskEntry } from '../../../src/features/orders/deskIndex';
import { cancelPaths, cancelRequestRecord } from '../../../src/features/orders/orderCancels';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { requestRecord } from '../../../src/features/orders/orderRequest';
import { gigEvent } from './gigEvent';
import { SHOP_TAKING_EVERY_METHOD } from './paymentsHarness';

/** The places the shop starts with, by counter path: two types of one event sharing a quota, and goods. */
const START = { 'products/gig/stock': 6, 'products/gig-c/stock': 4, 'quotas/venue/left': 8, 'products/mug/stock': 4 };
type Counter = keyof typeof START;

export const lifecycleShop = () => ({
  ...SHOP_TAKING_EVERY_METHOD,
  products: {
    gig: gigEvent({ stock: START['products/gig/stock'], price: 12.5, typeName: 'Standard', quotas: { venue: true } }),
    'gig-c': gigEvent({
      stock: START['products/gig-c/stock'],
      price: 9,
      typeName: 'Concession',
      group: 'gig',
      quotas: { venue: true },
    }),
    mug: gigEvent({ date: null, title: 'Mug', stock: START['products/mug/stock'], price: 8 }),
  },
  quotas: { venue: { name: 'Venue', left: START['quotas/venue/left'] } },
});

const BUYERS = ['ann', 'bo', 'cy', 'di'] as const;
type Method = 'door' | 'transfer';

export type LifecycleEvent =
  | { kind: 'place'; buyer: number; gig: number; conc: number; mug: number; method: Method }
  | { kind: 'pay'; order: number; how: 'exact' | 'part' | 'over' | 'penny'; method: Method }
  | { kind: 'cancel'; order: number }
  | { kind: 'lapse'; order: number }
  | { kind: 'refund'; order: number; how: 'all' | 'part' | 'too-much' }
  | { kind: 'switch'; order: number; method: Method }
  | { kind: 'status'; order: number; to: 'confirmed' | 'fulfilled' }
  | { kind: 'capacity'; counter: 'products/gig/stock' | 'products/mug/stock'; by: number };

const order = fc.nat(20);
const method = fc.constantFrom<Method>('door', 'transfer');
/** One event; placing and paying come most often, as in a shop. */
export const lifecycleEvent: fc.Arbitrary<LifecycleEvent> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        kind: fc.constant('place' as const),
        buyer: fc.nat(BUYERS.length - 1),
        gig: fc.nat(3),
        conc: fc.nat(2),
        mug: fc.nat(2),
        method,
      })
      .filter((event) => event.gig + event.conc + event.mug > 0),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order,
      how: fc.constantFrom('exact', 'part', 'over', 'penny'),
      method,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lapse' as const), order }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order,
      how: fc.constantFrom('all', 'part', 'too-much'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('switch' as const), order, method }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order,
      to: fc.constantFrom('confirmed', 'fulfilled'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('capacity' as const),
      counter: fc.constantFrom('products/gig/stock', 'products/mug/stock'),
      by: fc.integer({ min: -1, max: 2 }),
    }),
  },
);

interface Placed {
  uid: string;
  id: string;
}

/** What the model knows that the database must agree with. */
interface Model {
  orders: Placed[];
  capacity: Record<Counter, number>;
  /** Money staff recorded, in minor units: all of it must be in the orders' summaries. */
  moneyIn: number;
  /** Money refunded by hand. */
  refunded: number;
  /** Confirmations due, by order id, when more than the one of placing it (a method switched). */
  confirmations: Map<string, number>;
  /** Status emails staff caused (confirmed, fulfilled), by order id. */
  statusMails: Map<string, number>;
  /** Orders that lapsed at some point. */
  lapsed: Set<string>;
  /** Payments that did not make their order paid (a part, or for a cancelled or lapsed order), by order id. */
  received: Map<string, number>;
  /** Orders some payment made paid (a "paid" email is due for each, once). */
  paidByMoney: Set<string>;
}

type Trusted = ReturnType<typeof adminQueueDatabase>;

/** Runs lifecycle sequences on one database: `admin` bypasses the rules, `staff` is judged by them. */
export function lifecycleRunner(admin: Database, staff: Database, trusted: Trusted) {
  const allocator = createAllocator(trusted);
  const applyMarks = markApplier(trusted);
  const applyRefunds = refundApplier(trusted, null);
  const applyCancels = cancelApplier(trusted);
  const changer = paymentMethodChanger(trusted);
  let ids = 0;
  /** Events that did something, by kind and outcome: a run that skips everything proves nothing. */
  const done = new Map<string, number>();
  const tally = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);
  const nextId = (prefix: string) => `${prefix}-${String(++ids).padStart(8, '0')}`;

  const read = async (path: string): Promise<unknown> => (await admin.ref(path).get()).val();

  async function apply(model: Model, event: LifecycleEvent): Promise<void> {
    const target =
      model.orders.length > 0 ? model.orders[(event as { order?: number }).order! % model.orders.length] : null;
    switch (event.kind) {
      case 'place': {
        const uid = BUYERS[event.buyer % BUYERS.length]!;
        const requestId = nextId('request');
        const lines = [
          { productId: 'gig', quantity: event.gig },
          { productId: 'gig-c', quantity: event.conc },
          { productId: 'mug', quantity: event.mug },
        ].filter((line) => line.quantity > 0);
        // The buyer's request as the app writes it; the rules on it are tested elsewhere (rules-order-queue).
        await admin.ref(`orderQueue/${uid}`).set(
          requestRecord(
            requestId,
            lines,
            { name: `Buyer ${uid}`, email: `${uid}@example.com` },
            ServerValue.TIMESTAMP,
            {
              method: event.method,
            },
          ),
        );
        await allocator.settle();
        const answer = (await read(`orderAnswers/${uid}/${requestId}`)) as { kind?: string } | null;
        if (answer?.kind === 'ordered') model.orders.push({ uid, id: orderIdFor(uid, requestId) });
        tally(`place ${answer?.kind}`);
        return;
      }
      case 'pay': {
        if (!target) return;
        const pay = (await read(`orders/${target.uid}/${target.id}/pay`)) as { due: number; paid: number } | null;
        if (!pay) return;
        const owed = Math.max(0, pay.due - pay.paid);
        const amount = { exact: owed, part: Math.floor(owed / 2), over: owed + 500, penny: 1 }[event.how];
        if (amount < 1) return;
        const markId = nextId('mark');
        await staff.ref(`paymentMarks/${markId}`).set({
          uid: target.uid,
          order: target.id,
          amount,
          method: event.method,
          by: 'staff',
          at: ServerValue.TIMESTAMP,
        });
        await applyMarks();
        const answer = (await read(`paymentMarkAnswers/${markId}`)) as { kind: string } | null;
        if (!answer || answer.kind === 'not-found' || answer.kind === 'invalid' || answer.kind === 'already') {
          throw new Error(`a mark of ${amount} was answered ${JSON.stringify(answer)}: money dropped`);
        }
        model.moneyIn += amount;
        if (answer.kind === 'paid') model.paidByMoney.add(target.id);
        else model.received.set(target.id, (model.received.get(target.id) ?? 0) + 1);
        tally(`pay ${answer.kind}`);
        return;
      }
      case 'cancel': {
        if (!target) return;
        const requestId = nextId('cancel');
        await staff
          .ref(cancelPaths.request(requestId))
          .set(cancelRequestRecord({ uid: target.uid, order: target.id, by: 'staff' }, ServerValue.TIMESTAMP));
        await applyCancels();
        const answer = (await read(cancelPaths.answer(requestId))) as { kind: string } | null;
        if (answer?.kind !== 'cancelled' && answer?.kind !== 'already') {
          throw new Error(`cancel answered ${JSON.stringify(answer)}`);
        }
        tally(`cancel ${answer.kind}`);
        return;
      }
      case 'lapse': {
        if (!target) return;
        const key = deskKey(target.uid, target.id);
        const hold = await read(`deskOrders/${key}/hold`);
        if (typeof hold !== 'number') return;
        // Time passes the order's hold (a fixture: the lapse itself is judged by the rules).
        const until = Date.now() - 1000;
        await admin
          .ref()
          .update({ [`orders/${target.uid}/${target.id}/pay/until`]: until, [`deskOrders/${key}/hold`]: until });
        await runHoldsJob(trusted, Date.now());
        if ((await read(`orders/${target.uid}/${target.id}/pay/state`)) === 'expired') model.lapsed.add(target.id);
        tally(model.lapsed.has(target.id) ? 'lapse' : 'lapse refused');
        return;
      }
      case 'refund': {
        if (!target) return;
        const pay = (await read(`orders/${target.uid}/${target.id}/pay`)) as { paid: number; refunded: number } | null;
        if (!pay) return;
        const left = pay.paid - pay.refunded;
        const amount = { all: left, part: Math.floor(left / 2), 'too-much': left + 1 }[event.how];
        if (amount < 1) return;
        const refundId = nextId('refund');
        await staff.ref(`refundRequests/${refundId}`).set({
          uid: target.uid,
          order: target.id,
          amount,
          way: 'by-hand',
          by: 'staff',
          at: ServerValue.TIMESTAMP,
        });
        await applyRefunds();
        const answer = (await read(`refundAnswers/${refundId}`)) as { kind: string } | null;
        const expected = amount <= left ? 'done' : 'too-much';
        if (answer?.kind !== expected)
          throw new Error(`a refund of ${amount} (of ${left}) was answered ${JSON.stringify(answer)}`);
        if (expected === 'done') model.refunded += amount;
        tally(`refund ${expected}`);
        return;
      }
      case 'switch': {
        if (!target) return;
        const secret = (await read(`orders/${target.uid}/${target.id}/link`)) as string;
        const answer = await changer.change(secret, event.method);
        // A new method's "how to pay now" is a confirmation of its own.
        if (answer.kind === 'changed')
          model.confirmations.set(target.id, (model.confirmations.get(target.id) ?? 1) + 1);
        tally(`switch ${answer.kind}`);
        return;
      }
      case 'status': {
        if (!target) return;
        const key = deskKey(target.uid, target.id);
        const stored = (await read(`orders/${target.uid}/${target.id}`)) as {
          status: string;
          contact: { email: string };
        };
        const entry = parseDeskEntry(await read(`deskOrders/${key}`));
        if (!entry || stored.status === 'cancelled' || stored.status === 'fulfilled' || stored.status === event.to)
          return;
        const slots = ((await read(`openOrders/${target.uid}`)) ?? {}) as Record<string, string>;
        const slot = Object.entries(slots).find(([, id]) => id === target.id)?.[0];
        const mailId = nextId('status');
        // What the desk writes (src/features/dashboard/orders/orderData.ts, setOrderStatus), judged by the rules.
        await staff.ref().update({
          [`orders/${target.uid}/${target.id}/status`]: event.to,
          ...deskStatusWrites(key, entry, event.to),
          ...(event.to === 'fulfilled' && slot ? { [`openOrders/${target.uid}/${slot}`]: null } : {}),
          ...queuedMail(
            mailId,
            { uid: target.uid, order: target.id, kind: 'status', to: stored.contact.email, status: event.to },
            ServerValue.TIMESTAMP,
          ),
        });
        model.statusMails.set(target.id, (model.statusMails.get(target.id) ?? 0) + 1);
        tally(`status ${event.to}`);
        return;
      }
      case 'capacity': {
        const now = (await read(event.counter)) as number;
        if (now + event.by < 0) return;
        await staff.ref(event.counter).set(now + event.by);
        model.capacity[event.counter] += event.by;
        tally('capacity');
        return;
      }
    }
  }

  /** Runs `events` from a fresh shop, checking every invariant after each; throws at the first violation. */
  async function run(events: readonly LifecycleEvent[]): Promise<void> {
    await admin.ref().set(lifecycleShop());
    const model: Model = {
      orders: [],
      capacity: { ...START },
      moneyIn: 0,
      refunded: 0,
      confirmations: new Map(),
      received: new Map(),
      statusMails: new Map(),
      lapsed: new Set(),
      paidByMoney: new Set(),
    };
    for (const [step, event] of events.entries()) {
      await apply(model, event);
      const problems = violations(model, ((await admin.ref().get()).val() ?? {}) as Root);
      if (problems.length > 0)
        throw new Error(`step ${step + 1} (${JSON.stringify(event)}):\n  ${problems.join('\n  ')}`);
    }
  }

  return { run, done: (): ReadonlyMap<string, number> => done };
}

type Tree = Record<string, unknown>;
interface Root {
  orders?: Record<string, Record<string, Tree>>;
  payments?: Record<string, Record<string, { amount: number; state: string }>>;
  refunds?: Record<string, Record<string, { amount: number; state: string }>>;
  tickets?: Record<string, Record<string, { order: string; status: string }>>;
  mailOutbox?: Record<string, { order: string; kind: string; status?: string }>;
  deskOrders?: Record<string, { status: string; pay?: string; hold?: number }>;
  deskEventOrders?: Record<string, Record<string, { status: string }>>;
  openOrders?: Record<string, Record<string, string>>;
  products?: Record<string, { stock?: number }>;
  quotas?: Record<string, { left: number }>;
}

interface StoredLine {
  quantity: number;
  quotas?: Record<string, boolean>;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** Every way the database disagrees with the lifecycle table and the model; empty when it agrees. */
function violations(model: Model, root: Root): string[] {
  const problems: string[] = [];
  const held: Record<Counter, number> = {
    'products/gig/stock': 0,
    'products/gig-c/stock': 0,
    'quotas/venue/left': 0,
    'products/mug/stock': 0,
  };
  let paidAll = 0;
  let refundedAll = 0;
  const mails = Object.values(root.mailOutbox ?? {});
  for (const { uid, id } of model.orders) {
    const stored = root.orders?.[uid]?.[id];
    const key = deskKey(uid, id);
    if (!stored) {
      problems.push(`${id}: gone`);
      continue;
    }
    const pay = stored.pay as { method: string; due: number; paid: number; refunded: number; state: string };
    const status = stored.status as string;
    const say = (what: string) => problems.push(`${id} (${status}, ${JSON.stringify(pay)}): ${what}`);
    // Money: the summary is the sum of its records.
    const payments = Object.values(root.payments?.[key] ?? {});
    const confirmed = sum(payments.filter((p) => p.state === 'confirmed').map((p) => p.amount));
    if (pay.paid !== confirmed) say(`paid ${pay.paid}, its confirmed payments ${confirmed}`);
    const done = sum(
      Object.values(root.refunds?.[key] ?? {})
        .filter((r) => r.state === 'done')
        .map((r) => r.amount),
    );
    if (pay.refunded !== done) say(`refunded ${pay.refunded}, its refunds done ${done}`);
    if (pay.refunded > pay.paid) say('refunded more than paid');
    if (pay.state === 'paid' && pay.paid < pay.due) say('paid with less than due');
    if (pay.state === 'pending' && pay.paid >= pay.due && pay.due > 0 && status !== 'cancelled')
      say('pending though paid in full');
    paidAll += pay.paid;
    refundedAll += pay.refunded;
    // Places: an order holds its lines' places exactly while it is not cancelled.
    const items = (stored.items ?? {}) as Record<string, StoredLine>;
    if (status !== 'cancelled') {
      for (const [productId, line] of Object.entries(items)) {
        held[`products/${productId}/stock` as Counter] += line.quantity;
        for (const quota of Object.keys(line.quotas ?? {})) held[`quotas/${quota}/left` as Counter] += line.quantity;
      }
    }
    // Tickets: void while cancelled; valid when paid or paid at the door; else unpaid.
    const expected =
      status === 'cancelled' ? 'void' : pay.state === 'paid' || pay.method === 'door' ? 'valid' : 'unpaid';
    const tickets = Object.values(root.tickets?.gig ?? {}).filter((ticket) => ticket.order === id);
    const wantTickets = (items.gig?.quantity ?? 0) + (items['gig-c']?.quantity ?? 0);
    if (tickets.length !== wantTickets) say(`${tickets.length} tickets for ${wantTickets} places`);
    for (const ticket of tickets)
      if (ticket.status !== expected) say(`a ticket ${ticket.status}, expected ${expected}`);
    // Emails: one per transition.
    const mine = mails.filter((mail) => mail.order === id);
    const count = (kind: string, status?: string) =>
      mine.filter((mail) => mail.kind === kind && (status === undefined || mail.status === status)).length;
    const confirmations = model.confirmations.get(id) ?? 1;
    if (count('confirmation') !== confirmations) say(`${count('confirmation')} confirmations, ${confirmations} due`);
    const staffCancelled = stored.cancelled !== undefined;
    if (count('status', 'cancelled') !== (staffCancelled ? 1 : 0)) say(`${count('status', 'cancelled')} cancel emails`);
    if (count('expired') !== (model.lapsed.has(id) ? 1 : 0)) say(`${count('expired')} lapse emails`);
    if (count('paid') !== (model.paidByMoney.has(id) ? 1 : 0)) say(`${count('paid')} paid emails`);
    if (count('received') !== (model.received.get(id) ?? 0)) say(`${count('received')} payment received emails`);
    const staffStatus = count('status', 'confirmed') + count('status', 'fulfilled');
    if (staffStatus !== (model.statusMails.get(id) ?? 0)) say(`${staffStatus} status emails`);
    if (staffCancelled && pay.state === 'expired') say('cancelled by staff and expired too');
    // The desk: its index agrees with the order.
    const entry = root.deskOrders?.[key];
    if (!entry) say('not on the desk');
    else {
      if (entry.status !== status) say(`desk status ${entry.status}`);
      if (entry.pay !== pay.state) say(`desk payment ${entry.pay}`);
      if (entry.hold !== undefined && (status === 'cancelled' || pay.state !== 'pending'))
        say('desk hold on a closed order');
      for (const eventId of ['gig']) {
        const eventEntry = root.deskEventOrders?.[eventId]?.[key];
        if (eventEntry && eventEntry.status !== status) say(`event entry status ${eventEntry.status}`);
      }
    }
  }
  if (paidAll !== model.moneyIn) problems.push(`orders hold ${paidAll} paid, staff recorded ${model.moneyIn}`);
  if (refundedAll !== model.refunded)
    problems.push(`orders hold ${refundedAll} refunded, staff refunded ${model.refunded}`);
  for (const counter of Object.keys(START) as Counter[]) {
    const [, id = '', field] = counter.split('/');
    const left = counter.startsWith('quotas') ? root.quotas?.[id]?.left : root.products?.[id]?.stock;
    if (left === undefined || left < 0) problems.push(`${counter} reads ${left}`);
    else if (left + held[counter] !== model.capacity[counter]) {
      problems.push(
        `${counter}: ${left} left + ${held[counter]} held ≠ capacity ${model.capacity[counter]} (${field})`,
      );
    }
  }
  // Slots name only open orders, at most three per buyer.
  for (const [uid, slots] of Object.entries(root.openOrders ?? {})) {
    for (const id of Object.values(slots)) {
      const status = root.orders?.[uid]?.[id]?.status;
      if (status !== 'pending' && status !== 'confirmed') problems.push(`slot of ${uid} holds ${id} (${status})`);
    }
  }
  return problems;
}
