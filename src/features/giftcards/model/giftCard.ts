/**
 * Gift cards (docs/gift-cards.md), after pretix's GiftCard and GiftCardTransaction: a card at giftCards/{code} with
 * its value, balance and movements, written by trusted code only; its balance always the sum of its movements.
 * Pure and shared by trusted code (which issues, spends and gives back) and the desk (which lists them).
 */
import { randomCrockford, readCrockford } from '../../../lib/crockford';
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';

/** Sixteen characters of Crockford's base32: 80 random bits, read out and retyped in four groups of four. */
const CODE_LENGTH = 16;
/** Anything longer is not a code, whatever it holds: refused before it is looked at. */
const MAX_INPUT = 64;

/** A code in its stored form, as the key giftCards/{code} holds it. */
export const STORED_GIFT_CARD_CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

export const giftCardPaths = {
  cards: 'giftCards',
  card: (code: string) => `giftCards/${code}`,
  movement: (code: string, movementId: string) => `giftCards/${code}/tx/${movementId}`,
} as const;

/** The balance page's route (docs/gift-cards.md#the-balance-page-and-guessing). */
export const GIFT_CARD_PAGE_PATH = '/giftcard';

/** The balance page's address on the shop at `origin` (no trailing slash), as emails give it. */
export function giftCardPageUrl(origin: string): string {
  return `${origin}${GIFT_CARD_PAGE_PATH}`;
}

/** A fresh code, in its stored form, from a cryptographic random source. */
export function newGiftCardCode(fill?: (bytes: Uint8Array<ArrayBuffer>) => void): string {
  return randomCrockford(CODE_LENGTH, fill);
}

/** A code as people read it: four groups of four. Anything that is not a stored code is shown as it is. */
export function displayGiftCardCode(stored: string): string {
  return STORED_GIFT_CARD_CODE.test(stored) ? (stored.match(/.{4}/g) ?? []).join('-') : stored;
}

/** The stored code from what a person typed (spaces, hyphens and case do not matter); null when it cannot be one. */
export function normaliseGiftCardCode(input: string): string | null {
  return readCrockford(input, CODE_LENGTH, MAX_INPUT);
}

export const MOVEMENT_KINDS = ['issued', 'spent', 'returned', 'corrected', 'voided'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** One movement of a card's money: positive in, negative out, in the card's minor units. */
interface GiftCardMovement {
  id: string;
  amount: number;
  kind: MovementKind;
  at: number;
  /** The order it paid or came back from (its desk key, uid~orderId). */
  order?: string;
  /** Staff's reason, for a correction or a card issued by hand. */
  note?: string;
  /** The staff member who corrected it. */
  by?: string;
}

/** Where a card came from: the unit of an order line that bought it, or staff. */
export type GiftCardOrigin = { uid: string; order: string; line: string; n: number } | { by: string };

export interface GiftCard {
  code: string;
  currency: string;
  value: number;
  balance: number;
  v: number;
  issued: number;
  /** When it can no longer be spent (epoch ms); null when it never expires. */
  expires: number | null;
  from: GiftCardOrigin | null;
  /** Oldest first. */
  movements: GiftCardMovement[];
}

const MOVEMENT_ID = /^[A-Za-z0-9_~-]{1,200}$/;

function parseMovement(id: string, raw: unknown): GiftCardMovement | null {
  if (!MOVEMENT_ID.test(id) || !isRecord(raw)) return null;
  const { amount, kind, at } = raw;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  if (!(MOVEMENT_KINDS as readonly unknown[]).includes(kind) || storedMinor(at) === null) return null;
  return {
    id,
    amount,
    kind: kind as MovementKind,
    at: at as number,
    ...(typeof raw.order === 'string' ? { order: raw.order } : {}),
    ...(typeof raw.note === 'string' ? { note: raw.note } : {}),
    ...(typeof raw.by === 'string' ? { by: raw.by } : {}),
  };
}

function parseOrigin(raw: unknown): GiftCardOrigin | null {
  if (!isRecord(raw)) return null;
  if (typeof raw.by === 'string') return { by: raw.by };
  const { uid, order, line, n } = raw;
  return typeof uid === 'string' && typeof order === 'string' && typeof line === 'string' && storedMinor(n) !== null
    ? { uid, order, line, n: n as number }
    : null;
}

/**
 * Reads a stored card; null when it cannot be vouched for (a field missing or of the wrong kind, or a movement that
 * is not one): such a card is not spent, and the desk shows it as damaged rather than guess at its money.
 */
export function parseGiftCard(code: string, raw: unknown): GiftCard | null {
  if (!STORED_GIFT_CARD_CODE.test(code) || !isRecord(raw)) return null;
  const value = storedMinor(raw.value);
  const balance = storedMinor(raw.balance);
  const v = storedMinor(raw.v);
  const issued = storedMinor(raw.issued);
  if (value === null || balance === null || v === null || issued === null) return null;
  if (typeof raw.currency !== 'string' || !/^[A-Z]{3}$/.test(raw.currency)) return null;
  const movements: GiftCardMovement[] = [];
  for (const [id, stored] of Object.entries(isRecord(raw.tx) ? raw.tx : {})) {
    const movement = parseMovement(id, stored);
    if (!movement) return null;
    movements.push(movement);
  }
  movements.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    code,
    currency: raw.currency,
    value,
    balance,
    v,
    issued,
    expires: storedMinor(raw.expires),
    from: parseOrigin(raw.from),
    movements,
  };
}

/** Whether a card's balance is the sum of its movements, as every update that moves its money keeps it. */
export function balanceAddsUp(card: Pick<GiftCard, 'balance' | 'movements'>): boolean {
  return card.movements.reduce((sum, movement) => sum + movement.amount, 0) === card.balance;
}

/** Why a card cannot pay an order: there is none by that code, it has expired, it is in another currency, or empty. */
export const UNUSABLE_REASONS = ['not-found', 'expired', 'currency', 'empty'] as const;
export type UnusableReason = (typeof UNUSABLE_REASONS)[number];

/** Why `card` cannot pay an order in `currency` at `now`; null when it can. */
export function unusableReason(card: GiftCard | null, currency: string, now: number): UnusableReason | null {
  if (!card) return 'not-found';
  if (card.expires !== null && card.expires <= now) return 'expired';
  if (card.currency !== currency) return 'currency';
  return card.balance === 0 ? 'empty' : null;
}

/**
 * The writes that move `amount` (signed: negative spends) of a card read as `card`, as movement `movementId`: the
 * movement, the new balance, `v` bumped and `last` naming the movement, together: the rules take nothing else, so the
 * balance stays the sum, and a second writer from the same reading is refused. Throws when it would take the card below nothing: callers decide that first.
 */
export function movementWrites(
  card: Pick<GiftCard, 'code' | 'balance' | 'v'>,
  movementId: string,
  movement: { amount: number; kind: MovementKind; order?: string; note?: string; by?: string },
  serverTime: object | number,
): Record<string, unknown> {
  const balance = card.balance + movement.amount;
  if (!Number.isInteger(movement.amount) || balance < 0) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a caller's mistake, for trusted code's log, never shown
    throw new RangeError(`gift card ${card.code} cannot move ${movement.amount} from ${card.balance}`);
  }
  return {
    [`${giftCardPaths.card(card.code)}/balance`]: balance,
    [`${giftCardPaths.card(card.code)}/v`]: card.v + 1,
    [`${giftCardPaths.card(card.code)}/last`]: movementId,
    [giftCardPaths.movement(card.code, movementId)]: { ...movement, at: serverTime },
  };
}

/** The movement a card is issued with: its whole value. */
const ISSUED = 'issued';

/**
 * A new card as the rules take it (docs/gift-cards.md#a-card): its value as its balance, and one movement, `issued`,
 * of that value (with staff's `note`, for one issued by hand). `expires` null for a card that never expires.
 */
export function newGiftCardRecord(
  card: { currency: string; value: number; expires: number | null; from: GiftCardOrigin },
  serverTime: object | number,
  note = '',
): Record<string, unknown> {
  return {
    currency: card.currency,
    value: card.value,
    balance: card.value,
    v: 1,
    issued: serverTime,
    ...(card.expires === null ? {} : { expires: card.expires }),
    from: card.from,
    last: ISSUED,
    tx: { [ISSUED]: { amount: card.value, kind: 'issued', at: serverTime, ...(note ? { note } : {}) } },
  };
}
