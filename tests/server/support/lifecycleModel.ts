/**
 * The model-based test of the order lifecycle (docs/payments.md#the-order-lifecycle): seeded random sequences of the
 * events that move money and places, driven against the real trusted code and the shop's rules on the local
 * database and, for cards, the real `stripe` SDK against a local fake provider (lifecycleCards.ts), with every
 * invariant of the lifecycle table checked after every step. Shared by the server test (a few thousand steps in
 * `npm test`) and the bench (a long run).
 *
 * The events: an order placed (at the door, by transfer or by card; tickets of two types sharing a quota, and
 * goods), money staff record (exact, part, over, a penny), the buyer starting a card payment, paying on the
 * provider's page (a card, a card whose refunds are pending first or fail later, a bank debit that settles later or
 * fails, a declined card, giving up), a bank debit settling, the provider's webhook delivered, delivered again, or
 * racing the buyer's return, the buyer's return alone, staff cancel, the hold's end (time moved past one order's
 * hold, then the minute job, which closes card pages first), a refund by hand or to the card (within what was paid,
 * or more), the buyer switching method, staff confirming or fulfilling, and staff changing a stock.
 *
 * The model keeps its own books of every order (its places, method, state, money and emails) and of the provider's
 * pages it paid; after each step they must agree with the database, the desk's figures (computed by the dashboard's
 * own functions) must equal a recount from them, and the shop's card records must agree with what the provider
 * holds, but for what the provider has said in an event the shop has not been given yet.
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
import { refundApplier, type RefundsReport } from '../../../functions/src/payments/refunds';
import { TEST_CARDS, TEST_DEBITS } from '../../../scripts/cardProvider/fakeCardProvider';
import {
  eventMoney,
  eventNumbers,
  eventPlacesLeft,
  quotasLeft,
  readEvent,
} from '../../../src/features/dashboard/events/eventNumbers';
import { productsById, productTree } from '../../../src/features/dashboard/shop/staffCatalogue';
import { deskKey, deskStatusWrites, parseDeskEntry } from '../../../src/features/orders/deskIndex';
import { cancelPaths, cancelRequestRecord } from '../../../src/features/orders/orderCancels';
import { queuedMail } from '../../../src/features/orders/orderMail';
import { requestRecord } from '../../../src/features/orders/orderRequest';
import type { OrderStatus } from '../../../src/features/orders/orderStatus';
import { parseOrderPayment, type PayState } from '../../../src/features/payments/model/orderPayment';
import { parseOrderTaxRecord } from '../../../src/features/taxes/model';
import { cardCharge, owedBack } from '../../../src/features/payments/model/refundRecords';
import { cardMinimum } from '../../../src/lib/currencies';
import { gigEvent } from './gigEvent';
import { cardProviders, orderOfReference, type CardRun, type ProviderSession } from './lifecycleCards';
import { SHOP_TAKING_EVERY_METHOD } from './paymentsHarness';
import { UK_VAT } from '../../fixtures/ukVat';

/** The places the shop starts with, by counter path: two types of one event sharing a quota, and goods. */
const START = { 'products/gig/stock': 6, 'products/gig-c/stock': 4, 'quotas/venue/left': 8, 'products/mug/stock': 4 };
type Counter = keyof typeof START;

/** What the shop sells: each line's price (pounds) and the counters each unit of it takes one place of. */
const LINES = {
  gig: { price: 12.5, takes: ['products/gig/stock', 'quotas/venue/left'] },
  'gig-c': { price: 9, takes: ['products/gig-c/stock', 'quotas/venue/left'] },
  mug: { price: 8, takes: ['products/mug/stock'] },
} as const satisfies Record<string, { price: number; takes: readonly Counter[] }>;
type Line = keyof typeof LINES;
const LINE_IDS = Object.keys(LINES) as Line[];
/** The lines that are tickets of the one event, "gig". */
const TICKETED: readonly Line[] = ['gig', 'gig-c'];
const CURRENCY = SHOP_TAKING_EVERY_METHOD.properties.currency;
/**
 * Half off the gig's tickets (both its types), for three orders at a time: a use is taken as an order is placed with
 * it, given back as it lapses or is cancelled, and taken again by a late payment only while one is left
 * (docs/vouchers.md).
 */
const VOUCHER = { code: 'HALF-GIG', uses: 3, percent: 50 } as const;
/** A unit's price in minor units, with the voucher when `voucher`: half off its tickets, rounded half up (voucher.ts). */
function unitPence(line: Line, voucher: boolean): number {
  const pence = Math.round(LINES[line].price * 100);
  return voucher && TICKETED.includes(line) ? pence - Math.round((pence * VOUCHER.percent) / 100) : pence;
}

/**
 * The shop's prices exclude VAT, which comes on top (docs/taxes.md#the-orders-tax): 20 % on tickets, 5 % on the mug.
 * Every order's money then has tax in it, through payments, cards, refunds, lapses and cancels.
 */
const TAX_BASIS_POINTS: Record<Line, number> = { gig: 2000, 'gig-c': 2000, mug: 500 };
const TAX_SETTINGS = { ...UK_VAT, pricesIncludeTax: false };

/**
 * What an order of `quantities` is due in minor units, worked out here apart from the shop's own module: the lines at
 * their (voucher's) prices, and on top each rate's tax of its lines' total, rounded half up (docs/taxes.md#rounding).
 */
function duePence(quantities: Record<Line, number>, voucher: boolean): number {
  const byRate = new Map<number, number>();
  for (const line of LINE_IDS) {
    const rate = TAX_BASIS_POINTS[line];
    byRate.set(rate, (byRate.get(rate) ?? 0) + unitPence(line, voucher) * quantities[line]);
  }
  return [...byRate].reduce((sum, [rate, net]) => sum + net + Math.round((net * rate) / 10_000), 0);
}

export const lifecycleShop = () => ({
  ...SHOP_TAKING_EVERY_METHOD,
  products: {
    gig: gigEvent({
      stock: START['products/gig/stock'],
      price: LINES.gig.price,
      typeName: 'Standard',
      quotas: { venue: true },
    }),
    'gig-c': gigEvent({
      stock: START['products/gig-c/stock'],
      price: LINES['gig-c'].price,
      typeName: 'Concession',
      group: 'gig',
      quotas: { venue: true },
    }),
    mug: gigEvent({
      date: null,
      title: 'Mug',
      stock: START['products/mug/stock'],
      price: LINES.mug.price,
      taxRate: 'reduced',
    }),
  },
  taxSettings: TAX_SETTINGS,
  quotas: { venue: { name: 'Venue', left: START['quotas/venue/left'] } },
  vouchers: {
    [VOUCHER.code]: {
      kind: 'percent',
      value: VOUCHER.percent,
      currency: CURRENCY,
      scope: 'event',
      target: 'gig',
      uses: VOUCHER.uses,
      used: 0,
      created: 1,
    },
  },
});

const BUYERS = ['ann', 'bo', 'cy', 'di'] as const;
type Method = 'door' | 'transfer' | 'card';
type MarkMethod = 'door' | 'transfer';
/** What the buyer does on the provider's page: pays with a test card or bank account, or does not pay. */
type PageAction =
  'card' | 'refunds-pending' | 'refunds-fail' | 'debit-settles' | 'debit-fails' | 'declined' | 'gives-up';

/** What the buyer posts on the provider's test page for each. */
const PAGE_FORMS: Record<PageAction, Record<string, string>> = {
  card: { card: TEST_CARDS.pays, action: 'pay' },
  'refunds-pending': { card: TEST_CARDS.refundPending, action: 'pay' },
  'refunds-fail': { card: TEST_CARDS.refundFails, action: 'pay' },
  'debit-settles': { iban: TEST_DEBITS.settles, action: 'debit' },
  'debit-fails': { iban: TEST_DEBITS.fails, action: 'debit' },
  declined: { card: TEST_CARDS.declined, action: 'pay' },
  'gives-up': { action: 'cancel' },
};
const isDebit = (action: PageAction) => action === 'debit-settles' || action === 'debit-fails';

export type LifecycleEvent =
  | { kind: 'place'; buyer: number; gig: number; conc: number; mug: number; method: Method; voucher: boolean }
  | { kind: 'pay'; order: number; how: 'exact' | 'part' | 'over' | 'penny'; method: MarkMethod }
  | { kind: 'card-pay'; order: number; action: PageAction }
  | { kind: 'card-page'; pick: number; action: PageAction }
  | { kind: 'debit'; pick: number }
  | { kind: 'webhook'; pick: number; how: 'deliver' | 'replay' | 'race' }
  | { kind: 'card-return'; order: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'lapse'; order: number }
  | { kind: 'refund'; order: number; how: 'all' | 'part' | 'too-much'; way: 'by-hand' | 'card' }
  | { kind: 'switch'; order: number; method: Method }
  | { kind: 'status'; order: number; to: 'confirmed' | 'fulfilled' }
  | { kind: 'capacity'; counter: 'products/gig/stock' | 'products/mug/stock'; by: number };

const order = fc.nat(20);
/** Half the orders to pay by card: its steps have the most states to go through. */
const method = fc.constantFrom<Method>('door', 'transfer', 'card', 'card');
const pick = fc.nat(20);
/** Paying most often, by card or by bank debit, and now and then not paying. */
const pageAction = fc.constantFrom<PageAction>(
  'card',
  'card',
  'refunds-pending',
  'refunds-pending',
  'refunds-fail',
  'refunds-fail',
  'debit-settles',
  'debit-settles',
  'debit-fails',
  'declined',
  'gives-up',
);
/**
 * One event; placing and paying come most often, as in a shop. A card step asks the provider and waits for its
 * events, so costs a few times a step without it: their weights keep `npm test`'s run about as long as before cards.
 */
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
        voucher: fc.boolean(),
      })
      .filter((event) => event.gig + event.conc + event.mug > 0),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order,
      how: fc.constantFrom('exact', 'part', 'over', 'penny'),
      method: fc.constantFrom<MarkMethod>('door', 'transfer'),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('card-pay' as const), order, action: pageAction }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('card-page' as const), pick, action: pageAction }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('debit' as const), pick }) },
  {
    // The provider's events reach the shop more often than not.
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('webhook' as const),
      pick,
      how: fc.constantFrom('deliver', 'deliver', 'replay', 'race'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('card-return' as const), order }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lapse' as const), order }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      order,
      how: fc.constantFrom('all', 'part', 'too-much'),
      way: fc.constantFrom('by-hand', 'card', 'card'),
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

/** The emails an order is due, by what they say (a status email of a cancel apart from staff's other changes). */
const MAIL_KINDS = ['confirmation', 'cancelled', 'status', 'expired', 'paid', 'received', 'refund'] as const;
type MailKind = (typeof MAIL_KINDS)[number];

/** An order as the model keeps its books. */
interface OrderModel {
  uid: string;
  id: string;
  key: string;
  /** Its order page's secret link. */
  secret: string;
  lines: Record<Line, number>;
  /** In minor units. */
  due: number;
  method: Method;
  status: OrderStatus;
  state: PayState;
  /** Its hold was moved past its end (the lapse fixture) and not set again since. */
  holdOver: boolean;
  paid: number;
  refunded: number;
  mails: Record<MailKind, number>;
  /** Its card payments confirmed, by record id. */
  cardPaid: Set<string>;
  /** Placed with the voucher (which lowered its tickets): it holds one of its uses while it stands. */
  voucher: boolean;
}

/** A provider page the buyer paid, or paid by bank debit. */
interface PaidPage {
  order: OrderModel;
  action: PageAction;
  /** Its bank debit settled (or failed). */
  settled: boolean;
}

interface RefundModel {
  order: OrderModel;
  amount: number;
  way: 'by-hand' | 'card';
  state: 'pending' | 'done' | 'failed';
}

/** The model's books: what the database and the provider must agree with. */
interface Model {
  orders: OrderModel[];
  capacity: Record<Counter, number>;
  /** Pages paid, by the provider's session id. */
  pages: Map<string, PaidPage>;
  /** Refunds recorded, by our refund id. */
  refunds: Map<string, RefundModel>;
  /** Changes of refunds the provider is to announce (the test cards whose refunds change do so once each). */
  refundChanges: number;
}

/** The emails an order is due when placed: its confirmation. */
const mailsOnPlacing = () =>
  Object.fromEntries(MAIL_KINDS.map((kind) => [kind, kind === 'confirmation' ? 1 : 0])) as Record<MailKind, number>;
const ticketsOf = (order: OrderModel) => TICKETED.reduce((sum, line) => sum + order.lines[line], 0);
const isOpen = (order: OrderModel) => order.status !== 'cancelled';

/** The places the open orders hold, by counter. */
function placesTaken(model: Model): Record<Counter, number> {
  const places = Object.fromEntries(Object.keys(START).map((counter) => [counter, 0])) as Record<Counter, number>;
  for (const order of model.orders.filter(isOpen)) {
    for (const line of LINE_IDS) for (const counter of LINES[line].takes) places[counter] += order.lines[line];
  }
  return places;
}

/** Whether what `order` held is still on sale (it lapsed, and paid late may come back). */
function placesFree(model: Model, order: OrderModel): boolean {
  const places = placesTaken(model);
  const needs = new Map<Counter, number>();
  for (const line of LINE_IDS)
    for (const counter of LINES[line].takes) needs.set(counter, (needs.get(counter) ?? 0) + order.lines[line]);
  return [...needs].every(([counter, need]) => model.capacity[counter] - places[counter] >= need);
}

/** The orders standing with the voucher: each holds one of its uses. */
const voucherOrders = (model: Model) => model.orders.filter((order) => order.voucher && isOpen(order));

/** Whether `order` (lapsed) can take a use of the voucher again: it needs none, or one is left. */
const voucherFree = (model: Model, order: OrderModel) => !order.voucher || voucherOrders(model).length < VOUCHER.uses;

/** Money arriving for `order`, whoever brings it, as the lifecycle table has it: what it comes to. */
function moneyIn(model: Model, order: OrderModel, amount: number): string {
  const late = order.state === 'expired';
  order.paid += amount;
  const received = (outcome: string) => {
    order.mails.received++;
    return outcome;
  };
  if (order.status === 'cancelled' && !late) return received('cancelled');
  if (order.state === 'paid') return 'paid';
  // A lapsed order is bought back by what it has kept: money given back since no longer pays for it. A standing
  // order counts all it was paid (docs/payments.md#the-order-lifecycle).
  if ((late ? order.paid - order.refunded : order.paid) < order.due) return received('part-paid');
  if (late && !(placesFree(model, order) && voucherFree(model, order))) return received('late-no-stock');
  if (late) order.status = 'pending';
  order.state = 'paid';
  order.mails.paid++;
  return 'paid';
}

/** Whether a bank debit of `order`'s is still on its way: its hold must not lapse meanwhile. */
const debitOnItsWay = (model: Model, order: OrderModel) =>
  [...model.pages.values()].some((page) => page.order === order && isDebit(page.action) && !page.settled);

/** Whether card money is on its way to `order`, waiting for its money: a page paid it, or a bank debit is coming. */
const moneyOnItsWay = (model: Model, order: OrderModel) =>
  order.state === 'pending' &&
  isOpen(order) &&
  [...model.pages.values()].some((page) => page.order === order && !(isDebit(page.action) && page.settled));

/** Whether the minute job is to let `order` lapse now. */
const mayLapse = (model: Model, order: OrderModel) =>
  order.holdOver &&
  order.state === 'pending' &&
  order.status !== 'cancelled' &&
  order.status !== 'fulfilled' &&
  !debitOnItsWay(model, order);

/** How a session stands at the provider, in the port's words (provider.ts, CardPayment's state). */
function providerState(session: ProviderSession, page: PaidPage | undefined): string {
  if (session.status !== 'complete') return session.status;
  if (session.payment_status === 'paid') return 'paid';
  return page?.settled && page.action === 'debit-fails' ? 'failed' : 'processing';
}
/** What the shop's record of a payment says once it has heard how the provider's stands. */
const RECORDED: Record<string, string> = {
  open: 'pending',
  processing: 'pending',
  paid: 'confirmed',
  failed: 'failed',
  expired: 'cancelled',
};

type Trusted = ReturnType<typeof adminQueueDatabase>;

/** What a step leaves to do once the card payments it confirmed are in the books, and whose it read back. */
interface StepEnd {
  /** The provider's sessions trusted code read back from the provider in this step. */
  readBack?: string[];
  /** What the step did besides confirming card payments, after them (a cancel closes a page first). */
  after?: (root: Root, confirmed: readonly Confirmed[]) => void;
}

/** Trusted code's appliers of staff's cancels and refunds, on the sequence's provider. */
interface Queues {
  cancels: () => Promise<unknown>;
  refunds: () => Promise<RefundsReport>;
}

/** A card payment the step confirmed, and what the model makes of its money. */
interface Confirmed {
  order: OrderModel;
  session: string;
  outcome: string;
}

/**
 * Runs lifecycle sequences on one database: `admin` bypasses the rules, `staff` is judged by them. `close` stops the
 * card providers' webhook receiver.
 */
export function lifecycleRunner(admin: Database, staff: Database, trusted: Trusted) {
  const allocator = createAllocator(trusted);
  const applyMarks = markApplier(trusted);
  const changer = paymentMethodChanger(trusted);
  const providers = cardProviders();
  let ids = 0;
  /** Events that did something, by kind and outcome: a run that skips everything proves nothing. */
  const done = new Map<string, number>();
  const tally = (what: string) => done.set(what, (done.get(what) ?? 0) + 1);
  const nextId = (prefix: string) => `${prefix}-${String(++ids).padStart(8, '0')}`;

  const read = async (path: string): Promise<unknown> => (await admin.ref(path).get()).val();

  /**
   * The buyer does `action` on `session`'s page, which must answer as the provider does (paid, declined, given up, or
   * closed); a page paid is for the books, once the step's own checks are done with them.
   */
  async function payOnPage(
    model: Model,
    card: CardRun,
    session: ProviderSession,
    buyer: OrderModel,
    action: PageAction,
  ): Promise<(() => void) | undefined> {
    const open = session.status === 'open';
    const status = await card.onPage(session.id, PAGE_FORMS[action]);
    const expected = !open ? 409 : action === 'declined' ? 402 : 303;
    if (status !== expected) throw new Error(`the provider's page answered ${status}, not ${expected}`);
    tally(open ? `card-page ${action}` : 'card-page closed');
    if (!open || action === 'declined' || action === 'gives-up') return undefined;
    return () => model.pages.set(session.id, { order: buyer, action, settled: false });
  }

  /** Applies `event` through trusted code (and the provider), and to the model's books what it alone knows. */
  async function apply(model: Model, card: CardRun, queues: Queues, event: LifecycleEvent): Promise<StepEnd> {
    const onPage = (session: ProviderSession, buyer: OrderModel, action: PageAction) =>
      payOnPage(model, card, session, buyer, action);
    const { orders } = model;
    const at = <T>(list: readonly T[], n: number) => (list.length > 0 ? list[n % list.length] : undefined);
    /** Four times in five one of `likely` (when there is one), else any of `all`: where card steps do most. */
    const mostly = <T>(likely: readonly T[], all: readonly T[], n: number) =>
      n % 5 !== 0 && likely.length > 0 ? likely[Math.floor(n / 5) % likely.length] : at(all, n);
    const target = 'order' in event ? at(orders, event.order) : undefined;
    const sessionsOf = (of: OrderModel) =>
      card.sessions().filter((session) => orderOfReference(session.client_reference_id) === of.key);
    switch (event.kind) {
      case 'place': {
        const uid = BUYERS[event.buyer % BUYERS.length]!;
        const requestId = nextId('request');
        const quantities: Record<Line, number> = { gig: event.gig, 'gig-c': event.conc, mug: event.mug };
        const lines = LINE_IDS.filter((line) => quantities[line] > 0).map((line) => ({
          productId: line,
          quantity: quantities[line],
        }));
        // The buyer's request as the app writes it; the rules on it are tested elsewhere (rules-order-queue).
        await admin
          .ref(`orderQueue/${uid}`)
          .set(
            requestRecord(
              requestId,
              lines,
              { name: `Buyer ${uid}`, email: `${uid}@example.com` },
              ServerValue.TIMESTAMP,
              { method: event.method, ...(event.voucher ? { voucher: VOUCHER.code } : {}) },
            ),
          );
        await allocator.settle();
        const answer = (await read(`orderAnswers/${uid}/${requestId}`)) as { kind?: string; reason?: string } | null;
        tally(`place ${answer?.kind}`);
        // The voucher is judged before the places: for no ticket it is for nothing here; none left, it is used up.
        const tickets = quantities.gig + quantities['gig-c'];
        const refusal = !event.voucher
          ? undefined
          : tickets === 0
            ? 'not-for-these'
            : voucherOrders(model).length >= VOUCHER.uses
              ? 'used-up'
              : undefined;
        if ((answer?.kind === 'voucher' ? answer.reason : undefined) !== refusal) {
          throw new Error(`a request with ${JSON.stringify(event)} was answered ${JSON.stringify(answer)}`);
        }
        if (answer?.kind !== 'ordered') return {};
        const id = orderIdFor(uid, requestId);
        orders.push({
          uid,
          id,
          key: deskKey(uid, id),
          secret: (await read(`orders/${uid}/${id}/link`)) as string,
          lines: quantities,
          due: duePence(quantities, event.voucher),
          method: event.method,
          status: 'pending',
          state: 'pending',
          holdOver: false,
          paid: 0,
          refunded: 0,
          mails: mailsOnPlacing(),
          cardPaid: new Set(),
          voucher: event.voucher,
        });
        return {};
      }
      case 'pay': {
        if (!target) return {};
        const owed = Math.max(0, target.due - target.paid);
        const amount = { exact: owed, part: Math.floor(owed / 2), over: owed + 500, penny: 1 }[event.how];
        if (amount < 1) return {};
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
        const expected = moneyIn(model, target, amount);
        if (answer?.kind !== expected) throw new Error(`a mark of ${amount} was answered ${JSON.stringify(answer)}`);
        tally(`pay ${answer.kind}`);
        return {};
      }
      case 'card-pay': {
        // The buyer presses "Pay by card" and, sent to the provider's page, does `action` there: mostly a buyer
        // whose card order waits for its money.
        const buyer = mostly(
          orders.filter(
            (candidate) => candidate.method === 'card' && candidate.state === 'pending' && isOpen(candidate),
          ),
          orders.filter((candidate) => candidate.method === 'card' || sessionsOf(candidate).length > 0),
          event.order,
        );
        if (!buyer) return {};
        const before = sessionsOf(buyer).map((session) => session.id);
        const answer = await card.services.cards.start(buyer.secret);
        tally(`card-start ${answer.kind}`);
        // The pages as "Pay by card" left them, before the buyer acts on one.
        const pages = sessionsOf(buyer).map(({ id, status, amount_total }) => ({ id, status, amount_total }));
        const made = pages.filter((session) => !before.includes(session.id));
        const page =
          answer.kind === 'redirect' ? sessionsOf(buyer).find((session) => answer.url.endsWith(session.id)) : undefined;
        const paid = page && (await onPage(page, buyer, event.action));
        return {
          // The page the buyer went to changed after it was read back.
          readBack: before.filter((id) => id !== page?.id),
          after: () => {
            const expected = startAnswer(
              model,
              buyer,
              pages.filter((session) => before.includes(session.id)),
            );
            const problem =
              answer.kind !== expected.kind
                ? `answered ${answer.kind}, the model says ${expected.kind}`
                : expected.kind !== 'redirect'
                  ? made.length > 0 && 'made a page it does not send the buyer to'
                  : expected.page
                    ? (made.length > 0 || page?.id !== expected.page) && 'did not send the buyer to the open page'
                    : (made.length !== 1 ||
                        page?.id !== made[0]!.id ||
                        made[0]!.amount_total !== buyer.due - buyer.paid) &&
                      'did not make one page for what is due';
            if (problem) throw new Error(`"Pay by card" on ${buyer.id}: ${problem}`);
            paid?.();
          },
        };
      }
      case 'card-page': {
        // The buyer on a page they were sent to before: open still, or closed since.
        const sessions = card.sessions();
        const session = sessions[event.pick % Math.max(1, sessions.length)];
        const buyer =
          session && orders.find((candidate) => candidate.key === orderOfReference(session.client_reference_id));
        if (!session || !buyer) return {};
        (await onPage(session, buyer, event.action))?.();
        return {};
      }
      case 'debit': {
        // A bank debit on its way settles: mostly one of an order staff cancelled meanwhile, when there is one.
        const debits = [...model.pages].filter(([, page]) => isDebit(page.action) && !page.settled);
        const [session, page] =
          mostly(
            debits.filter(([, { order }]) => order.status === 'cancelled'),
            debits,
            event.pick,
          ) ?? [];
        if (!session || !page) return {};
        card.settleDebit(session);
        page.settled = true;
        tally(page.action === 'debit-settles' ? 'debit arrived' : 'debit failed');
        return {};
      }
      case 'webhook': {
        // Delivered: mostly the newest event not delivered yet, as the provider sends them, else one held back.
        const candidates = card.events
          .filter((held) =>
            event.how === 'deliver' ? held.delivered === 0 : event.how === 'replay' ? held.delivered > 0 : true,
          )
          .reverse();
        const held =
          candidates[event.how === 'deliver' && event.pick % 5 !== 0 ? 0 : event.pick % Math.max(1, candidates.length)];
        if (!held) return {};
        const buyer = orders.find((candidate) => candidate.key === held.order);
        const before = buyer ? sessionsOf(buyer).map((session) => session.id) : [];
        // Twice at once and the buyer back at the same moment, in a race; else once.
        const answers = await Promise.all(
          event.how === 'race'
            ? [card.deliver(held), card.deliver(held), buyer ? card.services.cards.check(buyer.secret) : null]
            : [card.deliver(held)],
        );
        const heard = answers.filter((answer) => answer !== null && 'status' in answer) as {
          status: number;
          kind: string;
        }[];
        if (heard.some((answer) => answer.status !== 200))
          throw new Error(`the webhook was answered ${JSON.stringify(heard)}`);
        tally(`webhook ${event.how}`);
        for (const answer of heard) tally(`heard ${held.type} ${answer.kind}`);
        return {
          readBack: [held.about, ...(event.how === 'race' ? before : [])],
          after: (_root, confirmed) => {
            if (held.refund) {
              heardOfRefund(model, held.refund, heard);
              return;
            }
            const mine = confirmed.find((payment) => payment.session === held.about);
            if (event.how !== 'race' && mine && heard[0]!.kind !== mine.outcome)
              throw new Error(
                `the webhook confirmed ${held.about} as ${heard[0]!.kind}, the model says ${mine.outcome}`,
              );
            if (!mine && heard.some((answer) => ['paid', 'part-paid', 'late-no-stock'].includes(answer.kind)))
              throw new Error(`the webhook said ${JSON.stringify(heard)} of ${held.about}, and no money was recorded`);
          },
        };
      }
      case 'card-return': {
        const buyer = at(
          orders.filter((candidate) => sessionsOf(candidate).length > 0),
          event.order,
        );
        if (!buyer) return {};
        const before = sessionsOf(buyer).map((session) => session.id);
        const answer = await card.services.cards.check(buyer.secret);
        const state = answer.kind === 'checked' ? answer.state : answer.kind;
        tally(`card-return ${state}`);
        return {
          readBack: before,
          after: () => {
            if (state !== buyer.state)
              throw new Error(`the return says ${state} of ${buyer.id}, the model ${buyer.state}`);
          },
        };
      }
      case 'cancel': {
        // Mostly an order whose card money is on its way, when there is one: the provider's page paid a moment
        // before, or a bank debit.
        const target = mostly(
          orders.filter((candidate) => moneyOnItsWay(model, candidate)),
          orders,
          event.order,
        );
        if (!target) return {};
        const requestId = nextId('cancel');
        // Its open card pages are closed first, when it is a card order waiting for its money.
        const closes = target.method === 'card' && target.state === 'pending' && isOpen(target);
        const before = closes ? sessionsOf(target).map((session) => session.id) : [];
        await staff
          .ref(cancelPaths.request(requestId))
          .set(cancelRequestRecord({ uid: target.uid, order: target.id, by: 'staff' }, ServerValue.TIMESTAMP));
        await queues.cancels();
        const answer = (await read(cancelPaths.answer(requestId))) as { kind: string; refund?: number } | null;
        return {
          readBack: before,
          // What closing the pages confirmed is in the books before the cancel.
          after: (_root, confirmed) => {
            const expected = isOpen(target)
              ? { kind: 'cancelled', refund: target.paid - target.refunded }
              : { kind: 'already' };
            if (JSON.stringify({ kind: answer?.kind, refund: answer?.refund }) !== JSON.stringify(expected))
              throw new Error(`cancel answered ${JSON.stringify(answer)}, the model says ${JSON.stringify(expected)}`);
            if (expected.kind === 'cancelled') {
              target.status = 'cancelled';
              target.mails.cancelled++;
            }
            tally(`cancel ${expected.kind}`);
            if (confirmed.some((payment) => payment.order === target)) tally('cancel closed a page paid meanwhile');
          },
        };
      }
      case 'lapse': {
        // Mostly an order whose card money is on its way, when there is one: the rows of the hold's end for cards.
        const target = mostly(
          orders.filter((candidate) => moneyOnItsWay(model, candidate)),
          orders,
          event.order,
        );
        if (!target) return {};
        const hold = await read(`deskOrders/${target.key}/hold`);
        if (typeof hold !== 'number') return {};
        // Time passes the order's hold (a fixture: the lapse itself is judged by the rules).
        const until = Date.now() - 1000;
        await admin.ref().update({
          [`orders/${target.uid}/${target.id}/pay/until`]: until,
          [`deskOrders/${target.key}/hold`]: until,
        });
        target.holdOver = true;
        // A card order's pages are closed before it may lapse.
        const before =
          target.method === 'card' && target.state === 'pending' ? sessionsOf(target).map((s) => s.id) : [];
        await runHoldsJob(trusted, Date.now(), card.services.cards, queues.refunds);
        return {
          readBack: before,
          // Every order whose hold is over lapses, but one paid at the last moment or with money on its way.
          after: (root, confirmed) => {
            for (const candidate of orders.filter((o) => o.holdOver && o.state !== 'expired')) {
              const lapsed = root.orders?.[candidate.uid]?.[candidate.id]?.pay?.state === 'expired';
              if (lapsed !== mayLapse(model, candidate)) {
                const { status, state, method } = candidate;
                const debit = debitOnItsWay(model, candidate);
                throw new Error(
                  `${candidate.id} ${lapsed ? 'lapsed' : 'did not lapse'} at its hold's end: ${JSON.stringify({ status, state, method, debit })}`,
                );
              }
              if (!lapsed) continue;
              candidate.state = 'expired';
              candidate.status = 'cancelled';
              candidate.mails.expired++;
            }
            tally(
              target.state === 'expired'
                ? 'lapse'
                : confirmed.some((payment) => payment.order === target)
                  ? 'lapse paid at the last moment'
                  : debitOnItsWay(model, target)
                    ? 'lapse waits for a debit'
                    : 'lapse refused',
            );
          },
        };
      }
      case 'refund': {
        // Staff refund an order that has money to give back (or ask for more than it has); to the card, mostly one
        // paid by card.
        const owes = (candidate: OrderModel) => candidate.paid > candidate.refunded;
        const target = mostly(
          event.way === 'card' ? orders.filter((candidate) => owes(candidate) && candidate.cardPaid.size > 0) : [],
          orders.filter(owes),
          event.order,
        );
        if (!target) return {};
        const left = target.paid - target.refunded;
        const amount = { all: left, part: Math.floor(left / 2), 'too-much': left + 1 }[event.how];
        if (amount < 1) return {};
        const refundId = nextId('refund');
        // The charge a card refund names, and what the provider can still give back of it.
        const charge = event.way === 'card' ? cardCharge(await read(`payments/${target.key}`)) : null;
        const paidWith = charge ? card.sessions().find((session) => session.payment_intent === charge) : undefined;
        const chargeLeft = paidWith ? paidWith.amount_total - paidWith.refunded : 0;
        await staff.ref(`refundRequests/${refundId}`).set({
          uid: target.uid,
          order: target.id,
          amount,
          way: event.way,
          by: 'staff',
          at: ServerValue.TIMESTAMP,
        });
        await queues.refunds();
        const answer = (await read(`refundAnswers/${refundId}`)) as { kind: string } | null;
        const action = paidWith && model.pages.get(paidWith.id)?.action;
        const expected =
          amount > left
            ? 'too-much'
            : event.way === 'by-hand'
              ? 'done'
              : !paidWith
                ? 'no-card'
                : amount > chargeLeft
                  ? 'failed'
                  : 'done';
        if (answer?.kind !== expected)
          throw new Error(`a refund of ${amount} (of ${left}) was answered ${JSON.stringify(answer)}, not ${expected}`);
        if (expected === 'done') {
          target.refunded += amount;
          target.mails.refund++;
          if (action === 'refunds-pending' || action === 'refunds-fail') model.refundChanges++;
        }
        if (expected === 'done' || expected === 'failed') {
          const state = expected === 'failed' ? 'failed' : action === 'refunds-pending' ? 'pending' : 'done';
          model.refunds.set(refundId, { order: target, amount, way: event.way, state });
        }
        tally(`refund ${event.way} ${expected}`);
        return {};
      }
      case 'switch': {
        // Mostly a buyer whose card payment is under way, when there is one: it is left as it is.
        const target = mostly(
          orders.filter((candidate) => moneyOnItsWay(model, candidate)),
          orders,
          event.order,
        );
        if (!target) return {};
        const answer = await changer.change(target.secret, event.method);
        if (answer.kind === 'changed') {
          if (!isOpen(target) || target.state !== 'pending' || target.method === event.method)
            throw new Error(`${target.id} switched to ${event.method} (${target.status}, ${target.state})`);
          // A new method's "how to pay now" is a confirmation of its own, and its hold is a new one.
          target.method = event.method;
          target.holdOver = false;
          target.mails.confirmation++;
        }
        tally(`switch ${answer.kind}`);
        return {};
      }
      case 'status': {
        if (!target || !isOpen(target) || target.status === 'fulfilled' || target.status === event.to) return {};
        const entry = parseDeskEntry(await read(`deskOrders/${target.key}`));
        if (!entry) throw new Error(`${target.id} is not on the desk`);
        const slots = ((await read(`openOrders/${target.uid}`)) ?? {}) as Record<string, string>;
        const slot = Object.entries(slots).find(([, id]) => id === target.id)?.[0];
        const mailId = nextId('status');
        // What the desk writes (src/features/dashboard/orders/orderData.ts, setOrderStatus), judged by the rules.
        await staff.ref().update({
          [`orders/${target.uid}/${target.id}/status`]: event.to,
          ...deskStatusWrites(target.key, entry, event.to),
          ...(event.to === 'fulfilled' && slot ? { [`openOrders/${target.uid}/${slot}`]: null } : {}),
          ...queuedMail(
            mailId,
            {
              uid: target.uid,
              order: target.id,
              kind: 'status',
              to: `${target.uid}@example.com`,
              status: event.to,
            },
            ServerValue.TIMESTAMP,
          ),
        });
        target.status = event.to;
        target.mails.status++;
        tally(`status ${event.to}`);
        return {};
      }
      case 'capacity': {
        const now = (await read(event.counter)) as number;
        if (now + event.by < 0) return {};
        await staff.ref(event.counter).set(now + event.by);
        model.capacity[event.counter] += event.by;
        tally('capacity');
        return {};
      }
    }
  }

  /** Runs `events` from a fresh shop and provider, checking every invariant after each; throws at the first violation. */
  async function run(events: readonly LifecycleEvent[]): Promise<void> {
    await admin.ref().set(lifecycleShop());
    const card = await providers.open(trusted);
    // As trusted code applies staff's queues where the shop takes cards (functions/src/index.ts).
    const queues = {
      cancels: cancelApplier(trusted, card.services.cards),
      refunds: refundApplier(trusted, card.services.provider),
    };
    const model: Model = { orders: [], capacity: { ...START }, pages: new Map(), refunds: new Map(), refundChanges: 0 };
    try {
      for (const [step, event] of events.entries()) {
        const say = (what: string) => `step ${step + 1} (${JSON.stringify(event)}):\n  ${what}`;
        let end: StepEnd;
        let root: Root;
        try {
          end = await apply(model, card, queues, event);
          await card.quiet(model.refundChanges);
          root = ((await admin.ref().get()).val() ?? {}) as Root;
          const confirmed = confirmations(model, root);
          for (const payment of confirmed) tally(`card money ${payment.outcome}`);
          end.after?.(root, confirmed);
        } catch (error) {
          throw new Error(say(error instanceof Error ? error.message : String(error)), { cause: error });
        }
        const problems = violations(model, root, card, new Set(end.readBack));
        if (problems.length > 0) throw new Error(say(problems.join('\n  ')));
      }
    } finally {
      await card.close();
    }
  }

  return { run, done: (): ReadonlyMap<string, number> => done, close: providers.close };
}

/**
 * What the shop's answers to a refund's event must be, and what it does to the books: a refund the provider failed
 * after it took it is counted back once (its record failed, the buyer told), one it finished is done.
 */
function heardOfRefund(
  model: Model,
  { id, status }: { id: string; status: string },
  heard: readonly { kind: string }[],
): void {
  const refund = model.refunds.get(id);
  if (!refund) throw new Error(`an event about refund ${id}, which the model does not know`);
  const change =
    status === 'failed' && refund.state !== 'failed'
      ? 'failed'
      : status === 'succeeded' && refund.state === 'pending'
        ? 'done'
        : null;
  const changes = heard.filter((answer) => answer.kind === 'failed' || answer.kind === 'done').length;
  if (changes !== (change ? 1 : 0))
    throw new Error(`the refund's event was answered ${JSON.stringify(heard)}, the model says ${change ?? 'already'}`);
  if (change === 'failed') {
    refund.order.refunded -= refund.amount;
    refund.order.mails.refund++;
  }
  if (change) refund.state = change;
}

/**
 * What "Pay by card" must answer, from the books once what it read back is in them (docs/payments.md#card-payments):
 * and, for a redirect, to which page already open, if any.
 */
function startAnswer(
  model: Model,
  order: OrderModel,
  sessions: readonly Pick<ProviderSession, 'id' | 'status'>[],
): { kind: string; page?: string } {
  if (order.status === 'cancelled') return { kind: 'cancelled' };
  if (debitOnItsWay(model, order)) return { kind: 'processing' };
  const open = sessions.find((session) => session.status === 'open');
  if (open) return { kind: 'redirect', page: open.id };
  if (order.method !== 'card') return { kind: 'not-card' };
  const due = Math.max(0, order.due - order.paid);
  if (order.state === 'paid' || due === 0) return { kind: 'paid' };
  if (order.state !== 'pending' || order.holdOver) return { kind: 'closed' };
  if (due < (cardMinimum(CURRENCY) ?? 0)) return { kind: 'not-payable' };
  return { kind: 'redirect' };
}

/** The card payments confirmed since the books last looked, taken into them (each order's in its records' order). */
function confirmations(model: Model, root: Root): Confirmed[] {
  const confirmed: Confirmed[] = [];
  for (const order of model.orders) {
    const records = Object.entries(root.payments?.[order.key] ?? {})
      .filter(([id, record]) => record.method === 'card' && record.state === 'confirmed' && !order.cardPaid.has(id))
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
    for (const [id, record] of records) {
      order.cardPaid.add(id);
      confirmed.push({ order, session: record.session ?? '', outcome: moneyIn(model, order, record.amount) });
    }
  }
  return confirmed;
}

type Tree = Record<string, unknown>;
interface StoredPayment {
  method: string;
  amount: number;
  state: string;
  session?: string;
}
interface Root {
  properties?: { currency?: string };
  products?: Tree;
  orders?: Record<string, Record<string, Tree & { pay?: { state?: string } }>>;
  payments?: Record<string, Record<string, StoredPayment>>;
  refunds?: Record<string, Record<string, { amount: number; state: string; way: string; provider?: string }>>;
  tickets?: Record<string, Record<string, { order: string; status: string }>>;
  mailOutbox?: Record<string, { order: string; kind: string; status?: string }>;
  deskOrders?: Record<string, { status: string; pay?: string; hold?: number }>;
  deskEventOrders?: Record<string, Record<string, { status: string }>>;
  openOrders?: Record<string, Record<string, string>>;
  quotas?: Record<string, { left: number }>;
  vouchers?: Record<string, { used?: number; uses?: number }>;
  voucherUses?: Record<string, Record<string, { total: number; off: number }>>;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/**
 * Every way the database, the provider and the desk's figures disagree with the lifecycle table and the model's
 * books; empty when they agree. `readBack`: the provider sessions trusted code read back in this step, whose
 * records must now say what the provider says.
 */
function violations(model: Model, root: Root, card: CardRun, readBack: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const mails = Object.entries(root.mailOutbox ?? {});
  /** What the provider said that the shop has not been given yet, by the session or refund it is about. */
  const untold = new Set(card.events.filter((event) => event.delivered === 0).map((event) => event.about));
  for (const order of model.orders) {
    const { uid, id, key } = order;
    const stored = root.orders?.[uid]?.[id];
    if (!stored) {
      problems.push(`${id}: gone`);
      continue;
    }
    const pay = stored.pay as { method: string; due: number; paid: number; refunded: number; state: string };
    const status = stored.status as string;
    const say = (what: string) => problems.push(`${id} (${status}, ${JSON.stringify(pay)}): ${what}`);
    // The books: the order as the model has it.
    const booked = { status: order.status, method: order.method, state: order.state, due: order.due, paid: order.paid };
    const actual = { status, method: pay.method, state: pay.state, due: pay.due, paid: pay.paid };
    if (JSON.stringify(actual) !== JSON.stringify(booked)) say(`the model has ${JSON.stringify(booked)}`);
    if (pay.refunded !== order.refunded) say(`refunded ${pay.refunded}, the model ${order.refunded}`);
    // Money: the summary is the sum of its records, and never gives back more than came in.
    const payments = Object.values(root.payments?.[key] ?? {});
    const confirmed = sum(payments.filter((p) => p.state === 'confirmed').map((p) => p.amount));
    if (pay.paid !== confirmed) say(`paid ${pay.paid}, its confirmed payments ${confirmed}`);
    const refunds = Object.entries(root.refunds?.[key] ?? {});
    const given = (way?: string) =>
      sum(
        refunds
          .filter(([, r]) => (r.state === 'done' || r.state === 'pending') && (way === undefined || r.way === way))
          .map(([, r]) => r.amount),
      );
    if (pay.refunded !== given()) say(`refunded ${pay.refunded}, its refunds given ${given()}`);
    if (pay.refunded > pay.paid) say('refunded more than paid');
    for (const [refundId, refund] of refunds) {
      const booked = model.refunds.get(refundId);
      const { state, amount, way } = booked?.order === order ? booked : { state: null, amount: null, way: null };
      if (state !== refund.state || amount !== refund.amount || way !== refund.way)
        say(`refund ${refundId} ${JSON.stringify(refund)}, the model ${JSON.stringify({ state, amount, way })}`);
      // A card refund stays pending only while the provider's word that it finished is still on its way.
      if (refund.way === 'card' && refund.state === 'pending' && !untold.has(refund.provider ?? ''))
        say(`refund ${refundId} pending, and the provider has said nothing more`);
    }
    if (pay.state === 'paid' && pay.paid < pay.due) say('paid with less than due');
    // Its tax, kept whole as it was placed whatever happened since (docs/taxes.md#the-orders-tax).
    const tax = parseOrderTaxRecord(stored.tax);
    if (!tax || tax.gross !== pay.due) say(`its tax ${JSON.stringify(stored.tax)} is not what is due`);
    for (const problem of providerViolations(model, order, root, card, {
      readBack,
      untold,
      givenByCard: given('card'),
    }))
      say(problem);
    // Places and tickets: void while cancelled; valid when paid or paid at the door; else unpaid, one per place.
    const expected =
      order.status === 'cancelled' ? 'void' : order.state === 'paid' || order.method === 'door' ? 'valid' : 'unpaid';
    const tickets = Object.values(root.tickets?.gig ?? {}).filter((ticket) => ticket.order === id);
    if (tickets.length !== ticketsOf(order)) say(`${tickets.length} tickets for ${ticketsOf(order)} places`);
    for (const ticket of tickets)
      if (ticket.status !== expected) say(`a ticket ${ticket.status}, expected ${expected}`);
    // Emails: one per transition.
    const sent = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, 0])) as Record<string, number>;
    for (const [, mail] of mails.filter(([, mail]) => mail.order === id)) {
      const kind =
        mail.kind === 'status' && mail.status !== 'cancelled'
          ? 'status'
          : mail.kind === 'status'
            ? 'cancelled'
            : mail.kind;
      sent[kind] = (sent[kind] ?? 0) + 1;
    }
    if (JSON.stringify(sent) !== JSON.stringify(order.mails))
      say(`emails ${JSON.stringify(sent)}, due ${JSON.stringify(order.mails)}`);
    // The desk: its index agrees with the order, and its row says what is to refund as a recount does.
    const entry = root.deskOrders?.[key];
    if (!entry) say('not on the desk');
    else {
      if (entry.status !== status) say(`desk status ${entry.status}`);
      if (entry.pay !== pay.state) say(`desk payment ${entry.pay}`);
      if (entry.hold !== undefined && (status === 'cancelled' || pay.state !== 'pending'))
        say('desk hold on a closed order');
      const eventEntry = root.deskEventOrders?.gig?.[key];
      if (eventEntry && eventEntry.status !== status) say(`event entry status ${eventEntry.status}`);
      const shown = owedBack(parseOrderPayment(pay)!, entry.status === 'cancelled');
      const left = order.paid - order.refunded;
      const recount = order.status === 'cancelled' || order.state === 'expired' ? left : Math.max(0, left - order.due);
      if (shown !== recount) say(`the desk says ${shown} to refund, a recount ${recount}`);
    }
  }
  // Places: left + held = capacity for every stock and the shared quota (held: what the open orders took).
  const places = placesTaken(model);
  for (const counter of Object.keys(START) as Counter[]) {
    const [, name = ''] = counter.split('/');
    const left = counter.startsWith('quotas')
      ? root.quotas?.[name]?.left
      : (root.products?.[name] as { stock?: number } | undefined)?.stock;
    if (left === undefined || left < 0) problems.push(`${counter} reads ${left}`);
    else if (left + places[counter] !== model.capacity[counter])
      problems.push(`${counter}: ${left} left + ${places[counter]} held ≠ capacity ${model.capacity[counter]}`);
  }
  problems.push(...deskFigures(model, root));
  // Slots name only open orders.
  for (const [uid, slots] of Object.entries(root.openOrders ?? {})) {
    for (const id of Object.values(slots)) {
      const status = root.orders?.[uid]?.[id]?.status;
      if (status !== 'pending' && status !== 'confirmed') problems.push(`slot of ${uid} holds ${id} (${status})`);
    }
  }
  problems.push(...voucherViolations(model, root));
  return problems;
}

/**
 * The voucher's books: it is used exactly by the orders standing with it, never more than its uses, each listed
 * with its total and what it took off; each order with it at its lowered prices, the catalogue's beside them.
 */
function voucherViolations(model: Model, root: Root): string[] {
  const problems: string[] = [];
  const standing = voucherOrders(model);
  const stored = root.vouchers?.[VOUCHER.code];
  if (stored?.used !== standing.length || stored.uses !== VOUCHER.uses)
    problems.push(`${VOUCHER.code}: used ${stored?.used} of ${stored?.uses}, ${standing.length} orders stand with it`);
  const listed = Object.entries(root.voucherUses?.[VOUCHER.code] ?? {});
  const keys = (keys: string[]) => JSON.stringify(keys.sort());
  if (keys(listed.map(([key]) => key)) !== keys(standing.map((order) => order.key)))
    problems.push(`${VOUCHER.code}: listed as used by ${keys(listed.map(([key]) => key))}`);
  for (const order of model.orders) {
    const record = root.orders?.[order.uid]?.[order.id] as
      | { voucher?: { code: string; off: number }; items?: Record<string, { price: number; listPrice?: number }> }
      | undefined;
    if (!record) continue;
    const off = LINE_IDS.reduce(
      (sum, line) => sum + (unitPence(line, false) - unitPence(line, true)) * order.lines[line],
      0,
    );
    const expected = order.voucher ? { code: VOUCHER.code, off } : undefined;
    if (JSON.stringify(record.voucher) !== JSON.stringify(expected))
      problems.push(`${order.id}: voucher ${JSON.stringify(record.voucher)}, the model ${JSON.stringify(expected)}`);
    for (const line of TICKETED) {
      const item = record.items?.[line];
      if (!item) continue;
      const listPrice = order.voucher ? LINES[line].price : undefined;
      if (item.listPrice !== listPrice) problems.push(`${order.id}: ${line} listed at ${item.listPrice}`);
    }
  }
  for (const [key, use] of listed) {
    const order = standing.find((candidate) => candidate.key === key);
    if (
      order &&
      (use.total !== order.due ||
        use.off !== (root.orders?.[order.uid]?.[order.id] as { voucher?: { off: number } })?.voucher?.off)
    )
      problems.push(`${VOUCHER.code}: ${key} listed with ${JSON.stringify(use)}, due ${order.due}`);
  }
  return problems;
}

/**
 * How `order`'s card payments disagree with what the provider holds: every card payment recorded is a page of the
 * provider's, and says what the provider says of it (or is pending while its word is still on its way; `readBack`:
 * the sessions trusted code read back in this step, whose records must say it now); what the provider took, less
 * what the shop has not heard of, is what the order recorded; what it gave back, with the refunds it failed that the
 * shop has not heard of, is what the order's card refunds gave (`givenByCard`). No page is open on a closed order.
 * `untold`: what the provider said that the shop has not been given yet, by the session or refund it is about.
 */
function providerViolations(
  model: Model,
  order: OrderModel,
  root: Root,
  card: CardRun,
  {
    readBack,
    untold,
    givenByCard,
  }: { readBack: ReadonlySet<string>; untold: ReadonlySet<string>; givenByCard: number },
): string[] {
  const problems: string[] = [];
  const mine = card.sessions().filter((session) => orderOfReference(session.client_reference_id) === order.key);
  const records = Object.entries(root.payments?.[order.key] ?? {}).filter(([, record]) => record.method === 'card');
  let untoldPaid = 0;
  for (const [recordId, record] of records) {
    const session = mine.find((s) => s.id === record.session);
    if (
      !session ||
      session.client_reference_id !== `${order.key}~${recordId}` ||
      session.amount_total !== record.amount
    ) {
      problems.push(`card payment ${recordId} ${JSON.stringify(record)} is no page of the provider's`);
      continue;
    }
    const state = providerState(session, model.pages.get(session.id));
    const heard = readBack.has(session.id) || !untold.has(session.id);
    if (record.state !== RECORDED[state] && (heard || record.state !== 'pending'))
      problems.push(`card payment ${recordId} ${record.state}, ${state} at the provider`);
    if (state === 'paid' && record.state === 'pending') untoldPaid += record.amount;
    if (state === 'open' && order.status === 'cancelled')
      problems.push(`card page ${recordId} still open on a closed order`);
  }
  if (mine.length !== records.length) problems.push(`${mine.length} provider pages, ${records.length} card records`);
  const providerPaid = sum(mine.filter((s) => s.payment_status === 'paid').map((s) => s.amount_total));
  const recorded = sum(records.filter(([, r]) => r.state === 'confirmed').map(([, r]) => r.amount));
  if (providerPaid - untoldPaid !== recorded)
    problems.push(`the provider took ${providerPaid} (${untoldPaid} not heard of yet), the card records ${recorded}`);
  const untoldFailed = sum(
    card.events
      .filter((event) => event.order === order.key && event.delivered === 0 && event.refund?.status === 'failed')
      .map((event) => event.refund!.amount),
  );
  const providerRefunded = sum(mine.map((s) => s.refunded));
  if (providerRefunded + untoldFailed !== givenByCard)
    problems.push(
      `the provider gave back ${providerRefunded} (${untoldFailed} failed unheard of), the card refunds ${givenByCard}`,
    );
  return problems;
}

/**
 * The Events tab's figures of the event, as the dashboard computes them from the database (eventNumbers.ts, the
 * functions EventsDeskPanel.tsx uses), against a recount from the model's books.
 */
function deskFigures(model: Model, root: Root): string[] {
  // The event's lines as the tab has them (useEvents.ts): its product, then its types.
  const listed = productTree(productsById(root.products)).find(({ product }) => product.id === 'gig');
  const lines = listed ? [listed.product, ...listed.types] : [];
  const { tickets, keyed, malformed } = readEvent('gig', root.tickets?.gig, root.deskEventOrders?.gig);
  const numbers = eventNumbers(tickets, eventPlacesLeft(lines, quotasLeft(root.quotas)));
  const pays = new Map(
    keyed.map(({ key }) => {
      const [uid = '', id = ''] = key.split('~');
      return [key, parseOrderPayment(root.orders?.[uid]?.[id]?.pay)] as const;
    }),
  );
  const money = eventMoney(keyed, pays, root.properties?.currency ?? CURRENCY);
  const shown = { ...numbers, takings: money.takings, outstanding: money.outstanding, unread: money.unread, malformed };
  // The recount: valid tickets are the open orders' that are paid or paid at the door; the event's capacity is what
  // its two types and their shared quota allow together, which orders move between sold, held and remaining.
  const ticketed = model.orders.filter((order) => ticketsOf(order) > 0);
  const valid = (order: OrderModel) => order.state === 'paid' || order.method === 'door';
  const count = (orders: OrderModel[]) => sum(orders.map(ticketsOf));
  const sold = count(ticketed.filter((order) => isOpen(order) && valid(order)));
  const heldPlaces = count(ticketed.filter((order) => isOpen(order) && !valid(order)));
  const { capacity } = model;
  const most = Math.min(
    capacity['quotas/venue/left'],
    capacity['products/gig/stock'] + capacity['products/gig-c/stock'],
  );
  /** An order's part of the event: its tickets' share of what it is due. */
  const share = (order: OrderModel) =>
    Math.min(
      1,
      TICKETED.reduce((sum, line) => sum + unitPence(line, order.voucher) * order.lines[line], 0) / order.due,
    );
  const recount = {
    sold,
    held: heldPlaces,
    capacity: most,
    remaining: most - sold - heldPlaces,
    checkedIn: 0,
    takings: sum(ticketed.map((order) => Math.round((order.paid - order.refunded) * share(order)))),
    outstanding: sum(
      ticketed
        .filter((order) => order.state === 'pending' && isOpen(order))
        .map((order) => Math.round(Math.max(0, order.due - order.paid) * share(order))),
    ),
    unread: 0,
    malformed: 0,
  };
  return JSON.stringify(shown) === JSON.stringify(recount)
    ? []
    : [`the Events tab shows ${JSON.stringify(shown)}, a recount ${JSON.stringify(recount)}`];
}
