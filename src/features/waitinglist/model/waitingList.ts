/**
 * The waiting list (docs/waiting-list.md), after pretix's WaitingListEntry: people wait for a sold-out product in
 * the order they came; the places that come back are theirs before the public's, and trusted code offers them in
 * turn, each as a voucher that holds the places for a while. Pure and shared by trusted code, the shop and the desk.
 */
import { randomCrockford } from '../../../lib/crockford';
import { EMAIL_PATTERN } from '../../../lib/emailPattern';
import { isShopLanguage, type ShopLanguage } from '../../../i18n/languages';
import { isRecord } from '../../../state/validation';

export const waitingListPaths = {
  all: 'waitingList',
  list: (product: string) => `waitingList/${product}`,
  entry: (product: string, id: string) => `waitingList/${product}/${id}`,
  /**
   * The places the people waiting still want, by product and by quota: the public are never sold those of the
   * places left (docs/waiting-list.md#before-the-public). Everyone reads them; the catalogue counts them.
   */
  demand: 'waitingDemand',
  productDemand: (product: string) => `waitingDemand/products/${product}`,
  quotaDemand: (quota: string) => `waitingDemand/quotas/${quota}`,
  settings: 'waitingListSettings',
} as const;

const WAITING_STATES = ['waiting', 'offered', 'bought', 'expired', 'left'] as const;
/** Where an entry stands: in line, offered places (a voucher), bought with it, let the offer pass, or gone. */
export type WaitingState = (typeof WAITING_STATES)[number];

/** The most places one entry may wait for. */
export const WAITING_QUANTITY_MAX = 10;
/** An offer holds its places this many hours at least and at most. */
export const OFFER_HOURS_MIN = 1;
export const OFFER_HOURS_MAX = 168;

export interface WaitingEntry {
  id: string;
  product: string;
  email: string;
  quantity: number;
  language: ShopLanguage | null;
  /** When they joined, on the database's clock: their place in line. */
  at: number;
  state: WaitingState;
  /** The quotas the entry's places were counted against when it joined (its demand is taken off those). */
  quotas: string[];
  /** The offer's voucher and until when it holds, once offered. */
  voucher: string | null;
  until: number | null;
  /** The secret of its link to leave the list. */
  key: string;
  /** An email it is still owed: that it joined, or its offer. */
  mail: 'joined' | 'offer' | null;
  /**
   * Its version: every change to an entry is made from a reading of it and moves this on by one, so the rules refuse a
   * change decided from a stale reading (two offers of one entry, a mail mark cleared over a new one).
   */
  v: number;
}

/** The writes that change `entry` by `fields` (each under the entry's path), its version moved on (the rules). */
export function entryWrites(
  entry: Pick<WaitingEntry, 'product' | 'id' | 'v'>,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const path = waitingListPaths.entry(entry.product, entry.id);
  return {
    ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${path}/${field}`, value])),
    [`${path}/v`]: entry.v + 1,
  };
}

/** An entry's id: its time of joining first, so ids sort as the line does, then a random part. */
export const newEntryId = (now: number): string => `${now.toString(36).padStart(9, '0')}-${randomCrockford(6)}`;
/** The secret of an entry's leave link: 80 bits. */
export const newLeaveKey = (): string => randomCrockford(16);

const ENTRY_ID = /^[0-9a-z]{9}-[0-9A-Z]{6}$/;
export const isEntryId = (id: string): boolean => ENTRY_ID.test(id);
const PRODUCT_ID = /^[a-z0-9-]{1,64}$/;

export const isWaitingEmail = (email: unknown): email is string =>
  typeof email === 'string' && email.length <= 254 && EMAIL_PATTERN.test(email);

/** An entry as stored at waitingList/{product}/{id}; null when it cannot be vouched for. */
export function parseWaitingEntry(product: string, id: string, raw: unknown): WaitingEntry | null {
  if (!PRODUCT_ID.test(product) || !ENTRY_ID.test(id) || !isRecord(raw)) return null;
  const { email, quantity, at, state, key } = raw;
  if (!isWaitingEmail(email) || typeof at !== 'number' || typeof key !== 'string') return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > WAITING_QUANTITY_MAX) {
    return null;
  }
  if (!(WAITING_STATES as readonly unknown[]).includes(state)) return null;
  const voucher = typeof raw.voucher === 'string' ? raw.voucher : null;
  const until = typeof raw.until === 'number' ? raw.until : null;
  const mail = raw.mail === 'joined' || raw.mail === 'offer' ? raw.mail : null;
  return {
    id,
    product,
    email,
    quantity,
    language: isShopLanguage(raw.language) ? raw.language : null,
    at,
    state: state as WaitingState,
    quotas: isRecord(raw.quotas) ? Object.keys(raw.quotas) : [],
    voucher,
    until,
    key,
    mail,
    v: typeof raw.v === 'number' && Number.isInteger(raw.v) && raw.v >= 0 ? raw.v : 0,
  };
}

/** Every entry as stored under waitingList, by product, each product's in the order they came. */
export function parseWaitingLists(raw: unknown): Map<string, WaitingEntry[]> {
  const lists = new Map<string, WaitingEntry[]>();
  if (!isRecord(raw)) return lists;
  for (const [product, entries] of Object.entries(raw)) {
    if (!isRecord(entries)) continue;
    const parsed = Object.entries(entries).flatMap(([id, entry]) => parseWaitingEntry(product, id, entry) ?? []);
    lists.set(
      product,
      parsed.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
    );
  }
  return lists;
}

/** How many of `entries` are still waiting, and for how many places in all (the desk's figures). */
export function waitingCount(entries: readonly Pick<WaitingEntry, 'state' | 'quantity'>[]): {
  people: number;
  places: number;
} {
  const waiting = entries.filter((entry) => entry.state === 'waiting');
  return { people: waiting.length, places: waiting.reduce((sum, entry) => sum + entry.quantity, 0) };
}

/** The places people wait for, by product and by quota, as stored at waitingDemand. */
export interface WaitingDemand {
  products: ReadonlyMap<string, number>;
  quotas: ReadonlyMap<string, number>;
}

const counts = (raw: unknown): Map<string, number> =>
  new Map(
    Object.entries(isRecord(raw) ? raw : {}).flatMap(([id, n]) =>
      typeof n === 'number' && Number.isInteger(n) && n > 0 ? [[id, n] as const] : [],
    ),
  );

export function parseWaitingDemand(raw: unknown): WaitingDemand {
  return { products: counts(isRecord(raw) ? raw.products : null), quotas: counts(isRecord(raw) ? raw.quotas : null) };
}

/** The organiser's settings: whether buyers may join, whether offers go out by themselves, and for how long. */
export interface WaitingListSettings {
  on: boolean;
  auto: boolean;
  hours: number;
}

const DEFAULT_WAITING_LIST_SETTINGS: WaitingListSettings = { on: true, auto: true, hours: 24 };

export function parseWaitingListSettings(raw: unknown): WaitingListSettings {
  if (!isRecord(raw)) return DEFAULT_WAITING_LIST_SETTINGS;
  const hours = raw.hours;
  return {
    on: raw.on !== false,
    auto: raw.auto !== false,
    hours:
      typeof hours === 'number' && Number.isInteger(hours) && hours >= OFFER_HOURS_MIN && hours <= OFFER_HOURS_MAX
        ? hours
        : DEFAULT_WAITING_LIST_SETTINGS.hours,
  };
}
