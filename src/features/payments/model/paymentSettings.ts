import { plausibleTime } from '../../../state/dates';
import { isRecord } from '../../../state/validation';
import { cardAmountProblem } from '../../../lib/currencies';

/**
 * How buyers may pay, as the organiser sets it in the dashboard (paymentSettings in the database; docs/payments.md):
 * which methods checkout offers and each one's hold, the time an unpaid order keeps its stock.
 */
export const PAYMENT_METHODS = ['door', 'transfer', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentSettings {
  /** At the door, or on collection: held until a day after the event starts (goods collected: until staff close the order). */
  door: { on: boolean };
  /** Bank transfer: held `days` (never past the event's start); buyers are told where to pay. */
  transfer: { on: boolean; days: number; payee: string; account: string; bank: string };
  /**
   * Card, through the payment provider: held `minutes` while the buyer is on the provider's page. `autoRefund`: card
   * money that can buy nothing (for an order cancelled, or lapsed and sold on, or paid already) is given back to the
   * card by trusted code at once, instead of waiting on the desk as "to refund" (docs/payments.md#payment-settings).
   */
  card: { on: boolean; minutes: number; autoRefund: boolean };
}

/** The bounds the dashboard and the rules hold the terms to. */
export const PAYMENT_TERMS = {
  transferDays: { min: 1, max: 60 },
  cardMinutes: { min: 10, max: 1440 },
  /** Payee, account and bank: free text as the bank writes it (an IBAN, a sort code and number). */
  detailsLength: 200,
} as const;

/** A shop that has set nothing takes payment at the door or on collection, as every order did before payments. */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  door: { on: true },
  transfer: { on: false, days: 7, payee: '', account: '', bank: '' },
  card: { on: false, minutes: 30, autoRefund: false },
};

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim().slice(0, PAYMENT_TERMS.detailsLength) : '';
function whole(value: unknown, { min, max }: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Reads the stored settings; anything missing or unusable is the default, so a damaged node never stops checkout. */
export function parsePaymentSettings(raw: unknown): PaymentSettings {
  const stored = isRecord(raw) ? raw : {};
  const door = isRecord(stored.door) ? stored.door : {};
  const transfer = isRecord(stored.transfer) ? stored.transfer : {};
  const card = isRecord(stored.card) ? stored.card : {};
  const defaults = DEFAULT_PAYMENT_SETTINGS;
  return {
    door: { on: flag(door.on, defaults.door.on) },
    transfer: {
      on: flag(transfer.on, defaults.transfer.on),
      days: whole(transfer.days, PAYMENT_TERMS.transferDays, defaults.transfer.days),
      payee: text(transfer.payee),
      account: text(transfer.account),
      bank: text(transfer.bank),
    },
    card: {
      on: flag(card.on, defaults.card.on),
      minutes: whole(card.minutes, PAYMENT_TERMS.cardMinutes, defaults.card.minutes),
      autoRefund: flag(card.autoRefund, defaults.card.autoRefund),
    },
  };
}

/**
 * The methods checkout offers, in the order it lists them. Transfer needs an account to pay to; when the organiser
 * has switched everything off, the door stays, so that a shop can never take no orders by mistake.
 */
export function offeredMethods(settings: PaymentSettings): PaymentMethod[] {
  const offered = PAYMENT_METHODS.filter((method) =>
    method === 'transfer' ? settings.transfer.on && settings.transfer.account !== '' : settings[method].on,
  );
  return offered.length > 0 ? offered : ['door'];
}

/**
 * The methods that can take `due` (minor units) in `currency`: the offered ones, without card when the card
 * provider would refuse that amount (under its least, or a currency it does not take); the door when nothing else
 * is left, as when the organiser has switched everything off (docs/payments.md#currencies-and-minor-units). Checkout
 * offers these, and trusted code takes no other.
 */
export function methodsFor(settings: PaymentSettings, due: number, currency: string): PaymentMethod[] {
  const offered = offeredMethods(settings);
  // A free order is paid as it is placed, whichever method it named.
  if (due === 0) return offered;
  const taken = offered.filter((method) => method !== 'card' || cardAmountProblem(due, currency) === null);
  return taken.length > 0 ? taken : ['door'];
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How long after its event starts an order to pay at the door still holds its tickets: late arrivals pay at the door
 * too, so the door's list must not void them at the start. We know when events start, not when they end: a day
 * covers any evening (docs/payments.md#the-hold).
 */
const DOOR_OPEN_AFTER_START_MS = DAY_MS;

/**
 * When the first of an order's events starts (epoch ms), from its products' stored `date`s; null for goods alone.
 * The holds of holdEnd and switchedHoldEnd are bounded by it.
 */
export function firstEventStart(dates: readonly unknown[]): number | null {
  const starts = dates.map(plausibleTime).filter((start): start is number => start !== null);
  return starts.length > 0 ? Math.min(...starts) : null;
}

/**
 * When an unpaid order placed `now` lapses and its stock goes back on sale: null when it never lapses (paid at the
 * door for goods, which staff close by hand). `eventStart` is the earliest event the order holds tickets for
 * (epoch ms), or null for goods alone: no card or transfer hold runs past it; one to pay at the door runs a day past
 * it.
 */
export function holdEnd(
  method: PaymentMethod,
  settings: PaymentSettings,
  now: number,
  eventStart: number | null,
): number | null {
  if (method === 'door') return eventStart === null ? null : eventStart + DOOR_OPEN_AFTER_START_MS;
  const term = method === 'transfer' ? settings.transfer.days * DAY_MS : settings.card.minutes * MINUTE_MS;
  return Math.min(now + term, eventStart ?? Number.POSITIVE_INFINITY);
}

/**
 * The hold of a pending order whose buyer chooses to pay another way, `method` (docs/payments.md#paying-another-way):
 * the longer of what choosing it at checkout would have given, counted from when the order was `placed`, and the
 * hold it has now (`current`) as far as the new method allows it (a card or transfer hold never runs past the
 * event's start; the door's is always a day past it). So a switch never cuts the buyer's time short, and switching
 * back and forth holds stock no longer than the longest-held method chosen at checkout would have. An order that
 * never lapsed (goods to pay on collection) gets the new method's term from `now`.
 */
export function switchedHoldEnd(
  method: PaymentMethod,
  settings: PaymentSettings,
  times: { placed: number; now: number },
  eventStart: number | null,
  current: number | null,
): number | null {
  const fresh = holdEnd(method, settings, current === null ? times.now : times.placed, eventStart);
  if (fresh === null || current === null || method === 'door') return fresh;
  return Math.max(fresh, Math.min(current, eventStart ?? Number.POSITIVE_INFINITY));
}
