import type { ShopLanguage } from '../../i18n/languages';
import { isRecord } from '../../state/validation';
import { MAX_PRICE } from '../../state/cart';
import { giftRecipientRecord, UNUSABLE_REASONS, type GiftRecipient, type UnusableReason } from '../giftcards/model';
import type { PaymentMethod } from '../payments/model';
import { VOUCHER_REASONS, type VoucherReason } from '../vouchers/model';
import { billingRecord, type BillingDetails } from './billing';
import type { StoredOrder, WantedLine } from './order';

/**
 * Placing an order is asking for it: the buyer's app writes one request at orderQueue/{uid}, and trusted code
 * (the allocator, functions/src/orders/) settles the queue in the order requests reached the database, writing
 * the order, its tickets and the stock it takes, and an answer at orderAnswers/{uid}/{requestId}
 * (docs/decisions.md#the-on-sale-rush, docs/data-model.md#orderqueue-and-orderanswers).
 */

/** The identity the allocator acts as towards the rules; only trusted code can take it (docs/security.md). */
export const ALLOCATOR_UID = 'storefront-order-allocator';

/** The least time between two requests of one account; the rules enforce it (orderRate/{uid}). */
export const REQUEST_INTERVAL_MS = 2000;

/** A request as it waits in the queue; `at` is the server's time when it arrived (first come, first served). */
export interface OrderRequest {
  /** Chosen by the buyer's app, kept across retries: the order's id if it is placed. */
  id: string;
  at: number;
  /** Quantity by product id. */
  lines: Record<string, number>;
  contact: StoredOrder['contact'];
  notes?: string;
  /** How the buyer chose to pay; a request from before payments names none (docs/payments.md#the-hold). */
  method?: PaymentMethod;
  /** Who each ticket is for, by product and ticket number; a ticket not named is the buyer's. */
  names?: AttendeeNames;
  /** The language the buyer read the shop in, which the order's emails and tickets speak; none before languages. */
  language?: ShopLanguage;
  /** A gift card's code (its stored form) to pay with first, in whole or in part (docs/gift-cards.md#paying-with-one). */
  giftCard?: string;
  /** Whom the gift cards it buys are for, when not the buyer (docs/gift-cards.md#selling-them). */
  gift?: GiftRecipient;
  /** A voucher's code (its stored form) that lowers the price of what it applies to (docs/vouchers.md). */
  voucher?: string;
  /**
   * What each card of a gift card line is worth, by product id, where the buyer chooses (as the catalogue writes
   * prices; docs/gift-cards.md#an-amount-the-buyer-chooses).
   */
  amounts?: Record<string, number>;
  /** The company, address and VAT number the invoice is made out to, when the buyer gives them. */
  billing?: BillingDetails;
}

/** Attendees' names by product id, one per ticket in ticket order (an empty one: the buyer's name). */
export type AttendeeNames = Record<string, readonly string[]>;

/** The names as the request stores them: by ticket number, only those given, trimmed; null when none is. */
function namesRecord(names: AttendeeNames): Record<string, Record<string, string>> | null {
  const record: Record<string, Record<string, string>> = {};
  for (const [productId, list] of Object.entries(names)) {
    const given = list.flatMap((name, n) => (name.trim() ? [[String(n), name.trim()] as const] : []));
    if (given.length > 0) record[productId] = Object.fromEntries(given);
  }
  return Object.keys(record).length > 0 ? record : null;
}

/**
 * The names a queued request holds, as the allocator reads them: the database keeps `{0: …, 1: …}` as a list, and
 * a ticket left out is a hole. Anything that is not a name is no name (the rules refuse such writes).
 */
export function parseAttendeeNames(raw: unknown): AttendeeNames {
  if (!isRecord(raw) && !Array.isArray(raw)) return {};
  const names: Record<string, string[]> = {};
  for (const [productId, list] of Object.entries(raw as Record<string, unknown>)) {
    if (!isRecord(list) && !Array.isArray(list)) continue;
    const byNumber: string[] = [];
    for (const [n, name] of Object.entries(list as Record<string, unknown>)) {
      if (/^[0-9]{1,3}$/.test(n) && typeof name === 'string') byNumber[Number(n)] = name;
    }
    names[productId] = Array.from(byNumber, (name) => name ?? '');
  }
  return names;
}

/** What the buyer chose at checkout besides the lines and their details. */
export interface RequestChoices {
  method: PaymentMethod;
  notes?: string;
  names?: AttendeeNames;
  /** None only from code older than languages (tests of it). */
  language?: ShopLanguage;
  /** A gift card's code, in its stored form (normaliseGiftCardCode). */
  giftCard?: string;
  /** Whom the gift cards it buys are for, when the buyer names someone. */
  gift?: GiftRecipient;
  /** A voucher's code, in its stored form (normaliseVoucherCode). */
  voucher?: string;
  /** What each card of a gift card line whose buyer chooses is worth, by product id. */
  amounts?: Record<string, number>;
  /** The invoice's details, checked (billingDetails). */
  billing?: BillingDetails;
}

/** The request for the wishlist's lines, as the buyer's app writes it (`at` is the server's timestamp). */
export function requestRecord(
  id: string,
  lines: readonly WantedLine[],
  contact: StoredOrder['contact'],
  at: unknown,
  { method, notes, names = {}, language, giftCard, gift, voucher, amounts = {}, billing }: RequestChoices,
): Record<string, unknown> {
  const named = namesRecord(names);
  return {
    id,
    at,
    lines: Object.fromEntries(lines.map((line) => [line.productId, line.quantity])),
    contact,
    ...(notes ? { notes } : {}),
    method,
    ...(named ? { names: named } : {}),
    ...(language ? { language } : {}),
    ...(giftCard ? { giftCard } : {}),
    ...(gift ? { gift: giftRecipientRecord(gift) } : {}),
    ...(voucher ? { voucher } : {}),
    ...(Object.keys(amounts).length > 0 ? { amounts } : {}),
    ...(billing ? { billing: billingRecord(billing) } : {}),
  };
}

/**
 * The chosen amounts a queued request holds, as the allocator reads them: each a price (above nothing, at most
 * MAX_PRICE) of one of its lines; null when any is not (the rules refuse such writes).
 */
export function parseAmounts(raw: unknown, lines: Record<string, number>): Record<string, number> | null {
  if (!isRecord(raw)) return null;
  const amounts = Object.entries(raw).filter(
    (entry): entry is [string, number] =>
      entry[0] in lines &&
      typeof entry[1] === 'number' &&
      Number.isFinite(entry[1]) &&
      entry[1] > 0 &&
      entry[1] <= MAX_PRICE,
  );
  return amounts.length === Object.keys(raw).length ? Object.fromEntries(amounts) : null;
}

/** What the allocator answered; every request gets exactly one. */
export type OrderAnswer =
  | { kind: 'ordered'; order: string }
  /** Not enough left: how many are left of each product that was short (the rest was not looked at). */
  | { kind: 'short'; left: Record<string, number> }
  /** More of a product than one order may hold: the limit of each. */
  | { kind: 'per-order-limit'; limits: Record<string, number> }
  /** Fewer of a product than one order must hold: the minimum of each. */
  | { kind: 'per-order-minimum'; minimums: Record<string, number> }
  /**
   * Products whose sales were not open when the request joined the queue: when each opens (ms, the database's
   * clock), 0 for one whose sales have closed.
   */
  | { kind: 'not-on-sale'; opens: Record<string, number> }
  /** The account already has the most open orders one account may hold. */
  | { kind: 'open-orders-limit' }
  /** Products no longer on sale. */
  | { kind: 'unavailable'; products: string[] }
  /** The way of paying the buyer chose is no longer offered (checkout shows the ones that are). */
  | { kind: 'method-unavailable' }
  /** The gift card the buyer named cannot pay (docs/gift-cards.md#paying-with-one): nothing was taken of it. */
  | { kind: 'gift-card'; reason: UnusableReason }
  /** The voucher the buyer named cannot be used for this order now (docs/vouchers.md): nothing was placed. */
  | { kind: 'voucher'; reason: VoucherReason }
  /**
   * Gift cards whose amount the buyer chose cannot be had at it (outside the bounds the organiser set now, or no
   * longer chosen at all): nothing was placed (docs/gift-cards.md#an-amount-the-buyer-chooses).
   */
  | { kind: 'amount'; products: string[] }
  /**
   * The database refused, again and again, to record this request's order; trusted code gave up on it and took it
   * off the queue, so it holds nobody up. Nothing was taken (docs/data-model.md#orderqueue-and-orderanswers).
   */
  | { kind: 'failed' };

const counts = (value: unknown): Record<string, number> | null => {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isInteger(entry[1]) && entry[1] >= 0,
  );
  return entries.length === Object.keys(value).length ? Object.fromEntries(entries) : null;
};

/** Reads an answer from the database; null when it is not one we can vouch for. */
export function parseAnswer(raw: unknown): OrderAnswer | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'ordered':
      return typeof raw.order === 'string' ? { kind: 'ordered', order: raw.order } : null;
    case 'short': {
      const left = counts(raw.left);
      return left ? { kind: 'short', left } : null;
    }
    case 'per-order-limit': {
      const limits = counts(raw.limits);
      return limits ? { kind: 'per-order-limit', limits } : null;
    }
    case 'per-order-minimum': {
      const minimums = counts(raw.minimums);
      return minimums ? { kind: 'per-order-minimum', minimums } : null;
    }
    case 'not-on-sale': {
      const opens = counts(raw.opens);
      return opens ? { kind: 'not-on-sale', opens } : null;
    }
    case 'open-orders-limit':
      return { kind: 'open-orders-limit' };
    case 'method-unavailable':
      return { kind: 'method-unavailable' };
    case 'failed':
      return { kind: 'failed' };
    case 'gift-card':
      return (UNUSABLE_REASONS as readonly unknown[]).includes(raw.reason)
        ? { kind: 'gift-card', reason: raw.reason as UnusableReason }
        : null;
    case 'voucher':
      return (VOUCHER_REASONS as readonly unknown[]).includes(raw.reason)
        ? { kind: 'voucher', reason: raw.reason as VoucherReason }
        : null;
    case 'unavailable':
    case 'amount':
      return isRecord(raw.products) ? { kind: raw.kind, products: Object.keys(raw.products) } : null;
    default:
      return null;
  }
}

/** The answer as the allocator stores it (product lists as keys, which the rules can bound). */
export function answerRecord(answer: OrderAnswer, at: unknown): Record<string, unknown> {
  if (answer.kind === 'unavailable' || answer.kind === 'amount') {
    return { kind: answer.kind, products: Object.fromEntries(answer.products.map((id) => [id, true])), at };
  }
  return { ...answer, at };
}
