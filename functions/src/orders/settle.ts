/*
 * Over 400 lines: a batch's decisions and the one atomic update that records them stay together, so every write of
 * the batch follows from the same decision (docs/decisions.md#the-on-sale-rush-a-queue-settled-in-order-by-one-
 * allocator).
 */
/**
 * Settling one batch of the order queue, as pure logic: given the oldest waiting requests (first come first), the
 * products they name and their accounts' open-order slots, decide each request in turn against the stock left by
 * those before it, and build the one atomic update that records every decision: orders, their tickets and
 * open-order slots, the stock taken (as server increments, so a staff change in between is kept), the answers,
 * and the requests taken off the queue. Why one allocator settles many requests in one update:
 * docs/decisions.md#the-on-sale-rush.
 */
import { billingRecord, parseBillingDetails, type BillingDetails } from '../../../src/features/orders/billing';
import { chosenPrice, parseProduct, saleWindow, type Product } from '../../../src/features/catalogue/product';
import { groupOf } from '../../../src/features/catalogue/productTypes';
import { unitsLeft } from '../../../src/features/catalogue/quota';
import { freeSlot } from '../../../src/features/orders/openOrders';
import { isShopLanguage } from '../../../src/i18n/languages';
import { orderTotal, type StoredOrder } from '../../../src/features/orders/order';
import { newOrderLinkSecret } from '../../../src/features/orders/orderLink';
import { confirmationMessageId, deliveryRecord, outboxRecord } from '../../../src/features/orders/orderMail';
import { newOrderReference } from '../../../src/features/orders/orderReference';
import {
  answerRecord,
  parseAmounts,
  parseAttendeeNames,
  type OrderAnswer,
  type OrderRequest,
} from '../../../src/features/orders/orderRequest';
import { ticketId } from '../../../src/features/tickets/ticket';
import { newTicketCode } from '../../../src/features/tickets/ticketCode';
import { paths } from '../../../src/firebase/paths';
import { deskIndexWrites, deskKey } from '../../../src/features/orders/deskIndex';
import { documentsWanted } from '../../../src/features/invoices/model/invoiceDocument';
import { isRecord } from '../../../src/state/validation';
import { fromMinorUnits, toMinorUnits } from '../../../src/lib/money';
import {
  balanceDue,
  liveTicketStatus,
  newOrderPayment,
  orderPaymentRecord,
  type StoredOrderPayment,
} from '../../../src/features/payments/model/orderPayment';
import {
  firstEventStart,
  holdEnd,
  methodsFor,
  offeredMethods,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentSettings,
} from '../../../src/features/payments/model/paymentSettings';
import { orderIdFor } from './orderId';
import { giftCardPart, giftCardSpendWrites } from './giftCardSpend';
import { issueWrites, recipientMailWrites } from '../giftcards/issue';
import { STORED_GIFT_CARD_CODE, type GiftCard } from '../../../src/features/giftcards/model/giftCard';
import { giftRecipientRecord, parseGiftRecipient } from '../../../src/features/giftcards/model/giftRecipient';
import { holdsAt, STORED_VOUCHER_CODE, voucherPaths, type Voucher } from '../../../src/features/vouchers/model/voucher';
import { decideVoucher, type VoucherDecision } from '../vouchers/voucherPrices';
import type { WaitingDemand } from '../../../src/features/waitinglist/model/waitingList';
import { voucherUseWrites, voucherUsedWrites } from './voucherUse';
import {
  reverseChargeFor,
  taxOfLines,
  taxOnTop,
  type OrderTaxRecord,
  type TaxSettings,
} from '../../../src/features/taxes/model';

/** The database's own placeholders: resolved by the server when the update is applied. */
const SERVER_TIME = { '.sv': 'timestamp' } as const;
const increment = (by: number) => ({ '.sv': { increment: by } });

/** A request as read from orderQueue/{uid}. */
export interface QueuedRequest {
  uid: string;
  raw: unknown;
}

interface Decision {
  uid: string;
  /** Null when the entry was not a request at all (it is removed without an answer). */
  requestId: string | null;
  at: number;
  answer: OrderAnswer | null;
}

/**
 * What the shop asks of payment and tax when a batch is settled: read with the batch, so every order of one batch is
 * held and taxed by the same settings (docs/payments.md#the-hold, docs/taxes.md#the-orders-tax).
 */
export interface ShopTerms {
  payments: PaymentSettings;
  currency: string;
  tax: TaxSettings;
  /** Trusted code's clock: holds run from it. */
  now: number;
}

export interface SettledBatch {
  update: Record<string, unknown>;
  decisions: Decision[];
  /** The last requests of the batch, oldest first, left on the queue for the next batch (giftCardSpend.ts). */
  rest: number;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Reads a queued request; null when it is not one (the rules refuse such writes, so only an admin could). */
function parseRequest(raw: unknown): OrderRequest | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !ID.test(raw.id) || typeof raw.at !== 'number') return null;
  if (!isRecord(raw.lines) || !isRecord(raw.contact)) return null;
  const lines: Record<string, number> = {};
  for (const [productId, quantity] of Object.entries(raw.lines)) {
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
    lines[productId] = quantity;
  }
  const { name, email, telephone } = raw.contact;
  if (typeof name !== 'string' || typeof email !== 'string' || Object.keys(lines).length === 0) return null;
  const method = (PAYMENT_METHODS as readonly unknown[]).includes(raw.method) ? (raw.method as PaymentMethod) : null;
  if (raw.method !== undefined && method === null) return null;
  const language = isShopLanguage(raw.language) ? raw.language : null;
  if (raw.language !== undefined && language === null) return null;
  const giftCard = typeof raw.giftCard === 'string' && STORED_GIFT_CARD_CODE.test(raw.giftCard) ? raw.giftCard : null;
  if (raw.giftCard !== undefined && giftCard === null) return null;
  const gift = parseGiftRecipient(raw.gift);
  if (raw.gift !== undefined && gift === null) return null;
  const voucher = typeof raw.voucher === 'string' && STORED_VOUCHER_CODE.test(raw.voucher) ? raw.voucher : null;
  if (raw.voucher !== undefined && voucher === null) return null;
  const amounts = raw.amounts === undefined ? {} : parseAmounts(raw.amounts, lines);
  if (amounts === null) return null;
  const billing = parseBillingDetails(raw.billing);
  if (raw.billing !== undefined && billing === null) return null;
  return {
    id: raw.id,
    at: raw.at,
    lines,
    contact: { name, email, ...(typeof telephone === 'string' && telephone ? { telephone } : {}) },
    ...(typeof raw.notes === 'string' && raw.notes ? { notes: raw.notes } : {}),
    ...(method ? { method } : {}),
    ...(raw.names !== undefined ? { names: parseAttendeeNames(raw.names) } : {}),
    ...(language ? { language } : {}),
    ...(giftCard ? { giftCard } : {}),
    ...(gift ? { gift } : {}),
    ...(voucher ? { voucher } : {}),
    ...(Object.keys(amounts).length > 0 ? { amounts } : {}),
    ...(billing ? { billing } : {}),
  };
}

/** The products a batch's requests name. */
export function productsNamed(queued: readonly QueuedRequest[]): string[] {
  return [...new Set(queued.flatMap(({ raw }) => Object.keys(parseRequest(raw)?.lines ?? {})))];
}

/** The gift cards a batch's requests pay with. */
export function giftCardsNamed(queued: readonly QueuedRequest[]): string[] {
  return [...new Set(queued.flatMap(({ raw }) => parseRequest(raw)?.giftCard ?? []))];
}

/** The vouchers a batch's requests name. */
export function vouchersNamed(queued: readonly QueuedRequest[]): string[] {
  return [...new Set(queued.flatMap(({ raw }) => parseRequest(raw)?.voucher ?? []))];
}

/** The groups of `products` not read with them: a type's tickets go under its group, which must then be an event. */
export function groupsToRead(products: ReadonlyMap<string, Product | null>): string[] {
  const groups = [...products.values()].flatMap((product) => (product?.group ? [product.group] : []));
  return [...new Set(groups)].filter((id) => !products.has(id));
}

/** A queued request's key, `uid/id` (the id empty for a malformed entry). */
export function requestKey({ uid, raw }: QueuedRequest): string {
  return `${uid}/${parseRequest(raw)?.id ?? ''}`;
}

/** First come, first served: by the server's time of arrival, then by account (the same millisecond). */
export function queueOrder(a: { uid: string; at: number }, b: { uid: string; at: number }): number {
  return a.at - b.at || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

/** The products as the database holds them; a product that is missing or unreadable is not on sale. */
export function readProducts(raw: ReadonlyMap<string, unknown>): Map<string, Product | null> {
  return new Map(
    [...raw].map(([id, value]) => {
      const parsed = value == null ? null : parseProduct(id, value);
      return [id, parsed && 'product' in parsed ? parsed.product : null];
    }),
  );
}

/**
 * What lets an order reach its buyer beyond the device (docs/data-model.md#orders): a reference people read and
 * type (orderRefs/{ref}), the order page's secret link (orderLinks/{secret}) and the confirmation email's job
 * (mailOutbox), all in the batch's one update. Adds those paths to `update` and returns the order's own fields.
 * A reference or secret that is taken makes the rules refuse the batch; it is then decided again with new ones.
 */
function orderDelivery(
  uid: string,
  orderId: string,
  email: string,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const ref = newOrderReference();
  const link = newOrderLinkSecret();
  const messageId = confirmationMessageId(orderId);
  update[paths.orderRef(ref)] = { uid, order: orderId };
  update[paths.orderLink(link)] = { uid, order: orderId };
  update[paths.outboxMessage(messageId)] = outboxRecord(
    { uid, order: orderId, kind: 'confirmation', to: email },
    SERVER_TIME,
  );
  return { ref, link, mail: { [messageId]: deliveryRecord('confirmation', SERVER_TIME) } };
}

/** A request from before payments names no method: it was one to pay at the door or on collection. */
const methodOf = (request: OrderRequest): PaymentMethod => request.method ?? 'door';

/** Whether `product` can issue its tickets: a type's tickets are under its group's product, which must be an event. */
function ticketsHaveAHome(product: Product, products: ReadonlyMap<string, Product | null>): boolean {
  return !product.date || product.group === null || Boolean(products.get(product.group)?.date);
}

/** What is left of each product's own stock and of each shared quota, as a batch's decisions take it. */
interface Places {
  stock: Map<string, number>;
  /** By quota id; a quota that is not there has none left (quota.ts, unitsLeft). */
  quotas: Map<string, number>;
}

/** The lines of a request that cannot have what they ask, each with what it could have: none when all can. */
function shortLines(wanted: readonly [string, number][], products: ReadonlyMap<string, Product | null>, left: Places) {
  const need = new Map<string, number>();
  for (const [id, quantity] of wanted) {
    for (const quota of products.get(id)!.quotas) need.set(quota, (need.get(quota) ?? 0) + quantity);
  }
  const overQuota = (quota: string) => (left.quotas.get(quota) ?? 0) < need.get(quota)!;
  return wanted
    .filter(([id, quantity]) => (left.stock.get(id) ?? quantity) < quantity || products.get(id)!.quotas.some(overQuota))
    .map(([id]) => {
      const product = products.get(id)!;
      return [id, unitsLeft({ stock: left.stock.get(id) ?? null, quotas: product.quotas }, left.quotas) ?? 0] as const;
    });
}

/**
 * What a request comes to once its lines are known to be on sale: what its voucher does to them, what its gift card
 * takes, and what is due, in minor units, after the voucher.
 */
interface OrderMoney {
  voucher: VoucherDecision | null;
  gift: ReturnType<typeof giftCardPart> | null;
  /** Due in all: the lines, and the tax when the shop's prices do not include it. */
  due: number;
  tax: OrderTaxRecord | null;
  /** Places its voucher holds that it takes, by product: not drawn from public sale (docs/vouchers.md#holding-places). */
  fromHeld: ReadonlyMap<string, number>;
}

function decide(
  request: OrderRequest,
  orderId: string,
  products: ReadonlyMap<string, Product | null>,
  left: Places,
  slot: string | null,
  terms: ShopTerms,
  offered: readonly PaymentMethod[],
  money: () => OrderMoney,
): OrderAnswer {
  const wanted = Object.entries(request.lines);
  const unavailable = wanted
    .filter(([id]) => {
      const product = products.get(id);
      return !product?.active || !ticketsHaveAHome(product, products);
    })
    .map(([id]) => id);
  if (unavailable.length > 0) return { kind: 'unavailable', products: unavailable };
  // Judged at the request's arrival, on the database's clock, as the rules judged it then: a buyer in line when
  // sales closed keeps their place, and one who was early is refused even if sales have opened since.
  const windows = wanted.map(([id]) => [id, saleWindow(products.get(id)!, request.at)] as const);
  const closed = windows.filter(([, window]) => window.state !== 'open');
  if (closed.length > 0) {
    const opens = closed.map(([id, window]) => [id, window.state === 'upcoming' ? window.opens : 0]);
    return { kind: 'not-on-sale', opens: Object.fromEntries(opens) };
  }
  // A gift card at an amount its buyer chose, as the organiser allows it now (docs/gift-cards.md#an-amount-the-buyer-chooses).
  const unpriced = wanted.filter(
    ([id]) => chosenPrice(products.get(id)!, request.amounts?.[id], terms.currency) === null,
  );
  if (unpriced.length > 0) return { kind: 'amount', products: unpriced.map(([id]) => id) };
  const { voucher, gift, due, fromHeld } = money();
  if (voucher && 'reason' in voucher) return { kind: 'voucher', reason: voucher.reason };
  // What is sold only with a voucher is not on sale to a request whose voucher does not unlock it.
  const locked = wanted
    .filter(([id]) => products.get(id)!.voucherOnly && !(voucher && 'unlocked' in voucher && voucher.unlocked.has(id)))
    .map(([id]) => id);
  if (locked.length > 0) return { kind: 'unavailable', products: locked };
  if (gift && 'reason' in gift) return { kind: 'gift-card', reason: gift.reason };
  // Card only for an amount the provider takes, and then the door if nothing else is left (methodsFor), for what is
  // left once a voucher has lowered it and a gift card has paid its part; nothing left, no method is needed. Most
  // requests in a rush name an offered method other than card, and no gift card: they need no check.
  const method = methodOf(request);
  if (method === 'card' || !offered.includes(method) || gift) {
    const rest = due - (gift?.take ?? 0);
    if (rest > 0 && !methodsFor(terms.payments, rest, terms.currency).includes(method)) {
      return { kind: 'method-unavailable' };
    }
  }
  const over = wanted.filter(([id, quantity]) => quantity > products.get(id)!.maxPerOrder);
  if (over.length > 0) {
    return {
      kind: 'per-order-limit',
      limits: Object.fromEntries(over.map(([id]) => [id, products.get(id)!.maxPerOrder])),
    };
  }
  const under = wanted.filter(([id, quantity]) => quantity < products.get(id)!.minPerOrder);
  if (under.length > 0) {
    return {
      kind: 'per-order-minimum',
      minimums: Object.fromEntries(under.map(([id]) => [id, products.get(id)!.minPerOrder])),
    };
  }
  if (slot === null) return { kind: 'open-orders-limit' };
  // What a voucher holds for this buyer is theirs; only the rest is drawn from public sale.
  const fromPublic = wanted
    .map(([id, quantity]) => [id, quantity - (fromHeld.get(id) ?? 0)] as [string, number])
    .filter(([, quantity]) => quantity > 0);
  const short = shortLines(fromPublic, products, left);
  if (short.length > 0) return { kind: 'short', left: Object.fromEntries(short) };
  return { kind: 'ordered', order: orderId };
}

/**
 * The payment summary a new order starts with (docs/payments.md#the-hold): its total in minor units, and a hold
 * that ends with the method's term, never after the first of its events starts.
 */
function paymentOf(
  request: OrderRequest,
  due: number,
  products: ReadonlyMap<string, Product | null>,
  terms: ShopTerms,
  fromGiftCard: number,
) {
  const eventStart = firstEventStart(Object.keys(request.lines).map((id) => products.get(id)?.date));
  const method = methodOf(request);
  const until = holdEnd(method, terms.payments, terms.now, eventStart);
  return orderPaymentRecord(newOrderPayment(method, due, terms.currency, until, fromGiftCard));
}

/**
 * A new ticket's standing with its order's payment (docs/payments.md#tickets-once-paid): valid once paid; unpaid while
 * a card or transfer payment is awaited (the door refuses it, the rules refuse its check-in); valid at once when it
 * is to be paid at the door, with what the door should take.
 */
function issuedTicket(pay: StoredOrderPayment): Record<string, unknown> {
  const status = liveTicketStatus(pay);
  return status === 'valid' && pay.state !== 'paid' ? { status, due: balanceDue(pay) } : { status };
}

/**
 * A new order's items: each at its product's title, price and type, with the quotas it draws on; an event's with
 * where its tickets go (the group's event) and its first ticket's number there, the lines of one event numbered one
 * after another (docs/data-model.md#types-and-quotas).
 */
function orderItems(
  request: OrderRequest,
  products: ReadonlyMap<string, Product | null>,
  voucher?: { prices: ReadonlyMap<string, number>; currency: string },
): StoredOrder['items'] {
  const items: StoredOrder['items'] = {};
  const numbered = new Map<string, number>();
  for (const [id, quantity] of Object.entries(request.lines)) {
    const product = products.get(id)!;
    const event = groupOf(product);
    const first = numbered.get(event) ?? 0;
    if (product.date) numbered.set(event, first + quantity);
    const lowered = voucher?.prices.get(id);
    items[id] = {
      title: product.title,
      // A voucher's price is what is paid; the catalogue's is kept beside it (docs/vouchers.md#on-the-order).
      // What the buyer chose a gift card to be worth, which decide() has held to its bounds.
      ...(lowered === undefined
        ? { price: request.amounts?.[id] ?? product.price }
        : { price: fromMinorUnits(lowered, voucher!.currency), listPrice: product.price }),
      quantity,
      ...(product.typeName ? { type: product.typeName } : {}),
      ...(product.date ? { event, first } : {}),
      ...(product.quotas.length > 0
        ? { quotas: Object.fromEntries(product.quotas.map((q) => [q, true as const])) }
        : {}),
      ...(product.giftCard
        ? { giftCard: true as const, ...(product.giftCard.months ? { giftCardMonths: product.giftCard.months } : {}) }
        : {}),
    };
  }
  return items;
}

/**
 * The tax of a new order's items (docs/taxes.md#the-orders-tax): each line at what it is sold for, after a voucher,
 * as the settings read with the batch say. A gift card's line is outside the scope of tax: its tax falls due as it is
 * spent, and paying with one is a way to pay, which lowers neither the lines nor their tax. A business in another EU
 * country whose details the request carries may be under reverse charge (docs/taxes.md#reverse-charge).
 */
function taxOf(
  items: StoredOrder['items'],
  products: ReadonlyMap<string, Product | null>,
  terms: ShopTerms,
  billing: BillingDetails | undefined,
): OrderTaxRecord | null {
  const lines = Object.entries(items).map(([id, item]) => ({
    id,
    amount: toMinorUnits(item.price, terms.currency) * item.quantity,
    taxRate: products.get(id)?.taxRate,
    giftCard: item.giftCard === true,
    admission: item.event !== undefined,
  }));
  return taxOfLines(lines, terms.tax, terms.currency, reverseChargeFor(terms.tax, billing));
}

/**
 * Decides `queued` (any order: they are sorted here) and builds the update. `slots` holds each account's
 * openOrders/{uid} value; `products` every product the requests name (null: gone); `terms` the shop's payment
 * settings and currency.
 */
export function settleBatch(
  queued: readonly QueuedRequest[],
  products: ReadonlyMap<string, Product | null>,
  slots: ReadonlyMap<string, unknown>,
  terms: ShopTerms,
  quotas: ReadonlyMap<string, number> = new Map(),
  cards: ReadonlyMap<string, GiftCard | null> = new Map(),
  vouchers: ReadonlyMap<string, Voucher | null> = new Map(),
  waiting: WaitingDemand = { products: new Map(), quotas: new Map() },
): SettledBatch {
  const offered = offeredMethods(terms.payments);
  const update: Record<string, unknown> = {};
  const decisions: Decision[] = [];
  // The places the people waiting want are theirs before the public's (docs/waiting-list.md#before-the-public).
  const less = (left: number, wanted: number | undefined) => Math.max(0, left - (wanted ?? 0));
  const left: Places = {
    stock: new Map(),
    quotas: new Map([...quotas].map(([id, n]) => [id, less(n, waiting.quotas.get(id))])),
  };
  for (const [id, product] of products) {
    if (product?.stock != null) left.stock.set(id, less(product.stock, waiting.products.get(id)));
  }
  // Taken in this batch, by the path it is counted at (a product's stock, a quota's places left).
  const taken = new Map<string, number>();
  const take = (path: string, quantity: number) => taken.set(path, (taken.get(path) ?? 0) + quantity);
  // Slots taken in this batch count for the account's later requests in it too, so the limit holds whatever the
  // queue holds (today one waiting request per account).
  const open = new Map(slots);
  const requests = queued
    .map(({ uid, raw }) => ({
      uid,
      request: parseRequest(raw),
      at: isRecord(raw) && typeof raw.at === 'number' ? raw.at : 0,
    }))
    .sort(queueOrder);
  // The gift cards this batch has moved: one movement of a card per update (giftCardSpend.ts).
  const moved = new Set<string>();
  // Each voucher's uses left as this batch's orders take them, and how many it took (voucherUse.ts).
  const usesLeft = new Map<string, number>();
  const usedHere = new Map<string, number>();
  // What each voucher that holds places still holds as this batch's orders take them.
  const heldLeft = new Map<string, number>();
  let rest = 0;
  for (const [index, { uid, request, at }] of requests.entries()) {
    if (request?.giftCard && moved.has(request.giftCard)) {
      rest = requests.length - index;
      break;
    }
    update[`orderQueue/${uid}`] = null;
    if (!request) {
      decisions.push({ uid, requestId: null, at, answer: null });
      continue;
    }
    const slot = freeSlot(open.get(uid));
    // The order's id is derived, not the buyer's: nothing it names can be another account's (orderId.ts).
    const orderId = orderIdFor(uid, request.id);
    const card = request.giftCard ? (cards.get(request.giftCard) ?? null) : null;
    const voucher = request.voucher ? (vouchers.get(request.voucher) ?? null) : null;
    let money: OrderMoney | null = null;
    const moneyOf = (): OrderMoney => {
      const uses = voucher ? (usesLeft.get(voucher.code) ?? voucher.uses - voucher.used) : 0;
      // Judged at the request's arrival, as its sales window is.
      const decided = request.voucher
        ? decideVoucher(voucher, Object.entries(request.lines), products, terms.currency, request.at, uses)
        : null;
      const prices = decided && 'prices' in decided ? { prices: decided.prices, currency: terms.currency } : undefined;
      const items = orderItems(request, products, prices);
      const tax = taxOf(items, products, terms, request.billing);
      const due = toMinorUnits(orderTotal({ items }), terms.currency) + taxOnTop(tax);
      const gift = request.giftCard ? giftCardPart(card, terms.currency, due, terms.now) : null;
      const fromHeld = new Map<string, number>();
      if (voucher && decided && 'prices' in decided && holdsAt(voucher, request.at)) {
        const wanted = request.lines[voucher.target!] ?? 0;
        const held = Math.min(wanted, heldLeft.get(voucher.code) ?? voucher.held!);
        if (held > 0) fromHeld.set(voucher.target!, held);
      }
      return (money = { voucher: decided, gift, due, tax, fromHeld });
    };
    const answer = decide(request, orderId, products, left, slot, terms, offered, moneyOf);
    decisions.push({ uid, requestId: request.id, at, answer });
    update[`orderAnswers/${uid}/${request.id}`] = answerRecord(answer, SERVER_TIME);
    if (answer.kind !== 'ordered') continue;
    const { voucher: used, gift, due, tax, fromHeld } = money ?? moneyOf();
    const lowered = used && 'prices' in used ? used : null;
    const items = orderItems(
      request,
      products,
      lowered ? { prices: lowered.prices, currency: terms.currency } : undefined,
    );
    // What the buyer pays in all, as the order's reading adds it up: the tax too when it comes on top.
    const total = orderTotal({ items, ...(tax ? { tax } : {}) });
    if (voucher && lowered) {
      usesLeft.set(voucher.code, (usesLeft.get(voucher.code) ?? voucher.uses - voucher.used) - 1);
      usedHere.set(voucher.code, (usedHere.get(voucher.code) ?? 0) + 1);
      Object.assign(update, voucherUseWrites(voucher.code, uid, orderId, due, lowered.off, SERVER_TIME));
    }
    const fromGiftCard = gift && 'take' in gift ? gift.take : 0;
    if (card && fromGiftCard > 0) {
      Object.assign(update, giftCardSpendWrites(card, uid, orderId, fromGiftCard, SERVER_TIME));
      moved.add(card.code);
    }
    const pay = paymentOf(request, due, products, terms, fromGiftCard);
    const heldTaken = voucher ? (fromHeld.get(voucher.target!) ?? 0) : 0;
    if (voucher && heldTaken > 0) {
      heldLeft.set(voucher.code, (heldLeft.get(voucher.code) ?? voucher.held!) - heldTaken);
      take(voucherPaths.held(voucher.code), heldTaken);
    }
    for (const [id, quantity] of Object.entries(request.lines)) {
      const product = products.get(id)!;
      const fromPublic = quantity - (fromHeld.get(id) ?? 0);
      if (left.stock.has(id) && fromPublic > 0) {
        left.stock.set(id, left.stock.get(id)! - fromPublic);
        take(paths.productStock(id), fromPublic);
      }
      for (const quota of fromPublic > 0 ? product.quotas : []) {
        left.quotas.set(quota, left.quotas.get(quota)! - fromPublic);
        take(paths.quotaLeft(quota), fromPublic);
      }
      const { event, first, type } = items[id]!;
      if (event === undefined || first === undefined) continue;
      for (let n = 0; n < quantity; n++) {
        update[paths.ticket(event, ticketId(orderId, first + n))] = {
          uid,
          order: orderId,
          n: first + n,
          code: newTicketCode(),
          // Whoever the buyer named for this ticket, else the buyer (docs/tickets-and-check-in.md).
          holder: request.names?.[id]?.[n]?.trim() || request.contact.name,
          ...issuedTicket(pay),
          created: SERVER_TIME,
          line: id,
          ...(type ? { type } : {}),
        };
      }
    }
    update[paths.order(uid, orderId)] = {
      items,
      total,
      status: 'pending',
      pay,
      created: SERVER_TIME,
      contact: request.contact,
      ...(request.notes ? { notes: request.notes } : {}),
      ...(request.billing ? { billing: billingRecord(request.billing) } : {}),
      ...(request.language ? { language: request.language } : {}),
      // Whom its gift cards are for: only an order that buys some (docs/gift-cards.md#selling-them).
      ...(request.gift && Object.values(items).some((item) => item.giftCard)
        ? { gift: giftRecipientRecord(request.gift) }
        : {}),
      ...(voucher && lowered
        ? { voucher: { code: voucher.code, off: lowered.off, ...(heldTaken > 0 ? { held: heldTaken } : {}) } }
        : {}),
      ...(tax ? { tax } : {}),
      ...orderDelivery(uid, orderId, request.contact.email, update),
    };
    Object.assign(update, staffDeskWrites(uid, orderId, update[paths.order(uid, orderId)], at, products));
    // Paid as it is placed (a gift card paid all of it): the gift cards it bought are issued at once, and its invoice
    // after the batch (docs/invoices.md#issuing). An order of nothing to pay has none.
    if (pay.state === 'paid' && pay.due > 0) Object.assign(update, documentsWanted(deskKey(uid, orderId), SERVER_TIME));
    if (pay.state === 'paid') {
      const issued = issueWrites(uid, orderId, items, terms.currency, terms.now, SERVER_TIME);
      const order = update[paths.order(uid, orderId)] as { mail: Record<string, unknown> };
      Object.assign(update, issued);
      // The recipient's email: its delivery goes in the order written whole above, its job beside it.
      const mailOf = `${paths.order(uid, orderId)}/mail/`;
      for (const [path, value] of Object.entries(recipientMailWrites(uid, orderId, order, issued, SERVER_TIME))) {
        if (path.startsWith(mailOf)) order.mail[path.slice(mailOf.length)] = value;
        else update[path] = value;
      }
    }
    update[paths.openOrderSlot(uid, slot!)] = orderId;
    const before = open.get(uid);
    open.set(uid, { ...(isRecord(before) ? before : {}), [slot!]: orderId });
  }
  for (const [path, quantity] of taken) update[path] = increment(-quantity);
  Object.assign(update, voucherUsedWrites(usedHere));
  return { update, decisions, rest };
}

/**
 * Gives up on a request the database refuses to settle, alone and again and again: takes it off the queue with the
 * answer `failed`, which the buyer's app shows (docs/decisions.md#the-on-sale-rush-a-queue-settled-in-order-by-one-allocator).
 * An entry that is not a request is only taken off (it has no answer to give).
 */
export function giveUp(entry: QueuedRequest): Record<string, unknown> {
  const request = parseRequest(entry.raw);
  return {
    [`orderQueue/${entry.uid}`]: null,
    ...(request ? { [`orderAnswers/${entry.uid}/${request.id}`]: answerRecord({ kind: 'failed' }, SERVER_TIME) } : {}),
  };
}

/**
 * The staff desk's index entries of a new order, in the same update as the order (docs/data-model.md#the-staff-desk):
 * copied from the order record as written above (its reference too, when it has one), so the two never differ.
 */
function staffDeskWrites(
  uid: string,
  orderId: string,
  order: unknown,
  arrived: number,
  products: ReadonlyMap<string, Product | null>,
): Record<string, unknown> {
  const record = order as Parameters<typeof deskIndexWrites>[2];
  const events = Object.keys(record.items).filter((id) => products.get(id)?.date);
  return deskIndexWrites(uid, orderId, record, arrived, events);
}
