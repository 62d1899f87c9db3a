/**
 * Vouchers and discount codes (docs/vouchers.md), after pretix's Voucher: a code at vouchers/{code} that lowers the
 * price of what it applies to, a number of times, within a window of dates. Staff write what a voucher is; only
 * trusted code counts its uses (`used`), in the allocator's batch that places the order, and gives a use back when
 * that order lapses or is cancelled. Pure and shared by trusted code, checkout and the desk.
 */
import { randomCrockford } from '../../../lib/crockford';
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';

/** A code as stored: capitals, digits and hyphens, as staff choose or the desk generates them. */
export const STORED_VOUCHER_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
/** Anything longer is not a code, whatever it holds: refused before it is looked at. */
const MAX_INPUT = 64;
/** A generated code's random part: 40 bits of Crockford's base32, too many to guess among a few hundred codes. */
const RANDOM_PART = 8;
export const VOUCHER_PREFIX_MAX = 16;
export const VOUCHER_TAG_MAX = 50;
export const VOUCHER_COMMENT_MAX = 500;
export const VOUCHER_USES_MAX = 1_000_000;
/** Codes one bulk creation makes at most: one update of the desk, read and listed live. */
export const VOUCHER_BULK_MAX = 500;

export const voucherPaths = {
  vouchers: 'vouchers',
  voucher: (code: string) => `vouchers/${code}`,
  used: (code: string) => `vouchers/${code}/used`,
  held: (code: string) => `vouchers/${code}/held`,
  /** Every voucher's uses, by code. */
  allUses: 'voucherUses',
  /** The orders that used it, by desk key (uid~orderId): what each paid and was taken off. */
  uses: (code: string) => `voucherUses/${code}`,
  use: (code: string, key: string) => `voucherUses/${code}/${key}`,
} as const;

const VOUCHER_KINDS = ['percent', 'amount', 'price', 'none'] as const;
/**
 * What a voucher does to each unit it applies to: a percentage off, an amount off, a price of its own, or nothing
 * (it only unlocks what is sold with a voucher alone, docs/vouchers.md#unlocking-a-hidden-type).
 */
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

const VOUCHER_SCOPES = ['shop', 'product', 'event', 'quota'] as const;
/** What it applies to: everything in the shop, one product (or ticket type), an event's every type, a shared quota. */
export type VoucherScope = (typeof VOUCHER_SCOPES)[number];

export interface Voucher {
  code: string;
  kind: VoucherKind;
  /** Percent (1–100), or for `amount` and `price` minor units of `currency`; 0 for `none`. */
  value: number;
  currency: string;
  scope: VoucherScope;
  /** The product, event or quota it is for; none for the whole shop. */
  target: string | null;
  /** How many orders may use it, and how many have (and still do: a lapsed or cancelled order gives its use back). */
  uses: number;
  used: number;
  /**
   * Places of its product it holds apart from public sale (docs/vouchers.md#holding-places), taken from the stock and
   * the quotas by trusted code; null for a voucher that holds none. Only trusted code writes it.
   */
  held: number | null;
  /** The first and the last moment it can be used, when set. */
  from: number | null;
  until: number | null;
  disabled: boolean;
  tag: string | null;
  comment: string | null;
  created: number;
}

/** The stored code from what a person typed or a link carried: case and surrounding spaces do not matter. */
export function normaliseVoucherCode(input: string): string | null {
  if (input.length > MAX_INPUT) return null;
  const code = input.trim().toUpperCase();
  return STORED_VOUCHER_CODE.test(code) ? code : null;
}

/**
 * A link to the shop's products that brings voucher `code` to checkout (?voucher=, docs/vouchers.md#at-checkout): in
 * emails that hand a code out (an offer from the waiting list, a message to everyone booked).
 */
export function voucherLink(shopUrl: string, code: string): string {
  const url = new URL('/products', shopUrl);
  url.searchParams.set('voucher', code);
  return url.toString();
}

/** A fresh code: the prefix staff chose (normalised) and a random part people can read out. */
export function newVoucherCode(prefix: string, fill?: (bytes: Uint8Array<ArrayBuffer>) => void): string {
  const start = prefix.trim().toUpperCase();
  return `${start ? `${start}-` : ''}${randomCrockford(RANDOM_PART, fill)}`;
}

/** Whether `prefix` can start generated codes: letters, digits and inner hyphens, short enough for the code. */
export const isVoucherPrefix = (prefix: string): boolean =>
  prefix === '' || (/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/.test(prefix) && prefix.length <= VOUCHER_PREFIX_MAX);

const optionalTime = (value: unknown): number | null | undefined =>
  value === undefined ? null : typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const optionalText = (value: unknown, max: number): string | null | undefined =>
  value === undefined ? null : typeof value === 'string' && value.length <= max ? value : undefined;

/** A voucher as stored at vouchers/{code}; null when it is none, or cannot be vouched for. */
export function parseVoucher(code: string, raw: unknown): Voucher | null {
  if (!STORED_VOUCHER_CODE.test(code) || !isRecord(raw)) return null;
  const kind = (VOUCHER_KINDS as readonly unknown[]).includes(raw.kind) ? (raw.kind as VoucherKind) : null;
  const scope = (VOUCHER_SCOPES as readonly unknown[]).includes(raw.scope) ? (raw.scope as VoucherScope) : null;
  const value = storedMinor(raw.value);
  const uses = storedMinor(raw.uses);
  const used = raw.used === undefined ? 0 : storedMinor(raw.used);
  const held = raw.held === undefined ? null : storedMinor(raw.held);
  const from = optionalTime(raw.from);
  const until = optionalTime(raw.until);
  const tag = optionalText(raw.tag, VOUCHER_TAG_MAX);
  const comment = optionalText(raw.comment, VOUCHER_COMMENT_MAX);
  const target = typeof raw.target === 'string' && raw.target ? raw.target : null;
  if (!kind || !scope || value === null || uses === null || used === null || typeof raw.currency !== 'string') {
    return null;
  }
  if (from === undefined || until === undefined || tag === undefined || comment === undefined) return null;
  if ((kind === 'percent' && (value < 1 || value > 100)) || (kind === 'none' && value !== 0)) return null;
  if ((scope !== 'shop') !== (target !== null)) return null;
  // Places are held of one product: what they are is then never in doubt.
  if (raw.held !== undefined && (held === null || scope !== 'product')) return null;
  return {
    code,
    kind,
    value,
    currency: raw.currency,
    scope,
    target,
    uses,
    used,
    held,
    from,
    until,
    disabled: raw.disabled === true,
    tag,
    comment,
    created: typeof raw.created === 'number' ? raw.created : 0,
  };
}

/** What a voucher is written as: what staff decide of it; `used` starts at nothing and only trusted code moves it. */
export type VoucherTerms = Omit<Voucher, 'code' | 'used' | 'held' | 'created'>;

/** The record of a new voucher; `at` the server's time. */
export const newVoucherRecord = (terms: VoucherTerms, at: object): Record<string, unknown> => ({
  ...voucherTermsRecord(terms),
  used: 0,
  created: at,
});

/** The fields staff may change of a voucher, as written (each path under vouchers/{code}): never `used` or `held`. */
export function voucherTermsRecord(terms: VoucherTerms): Record<string, unknown> {
  return {
    kind: terms.kind,
    value: terms.value,
    currency: terms.currency,
    scope: terms.scope,
    target: terms.target,
    uses: terms.uses,
    from: terms.from,
    until: terms.until,
    disabled: terms.disabled ? true : null,
    tag: terms.tag || null,
    comment: terms.comment || null,
  };
}

/** What the voucher looks at of a line's product to know whether it applies. */
export interface VoucherLine {
  id: string;
  /** The event whose tickets it sells (its group, or itself), when it is one. */
  event: string | null;
  quotas: readonly string[];
  /** A gift card is money, not a thing sold: no voucher lowers its price (docs/vouchers.md#what-it-applies-to). */
  giftCard: boolean;
  /** Sold only with a voucher that applies to it. */
  voucherOnly: boolean;
}

export function appliesTo(voucher: Pick<Voucher, 'scope' | 'target'>, line: VoucherLine): boolean {
  if (line.giftCard) return false;
  switch (voucher.scope) {
    case 'shop':
      return true;
    case 'product':
      return line.id === voucher.target;
    case 'event':
      return line.event === voucher.target;
    case 'quota':
      return line.quotas.includes(voucher.target ?? '');
  }
}

/**
 * A unit's price with the voucher, in minor units, from its price without: never below nothing nor above what it
 * was. A percentage is rounded to the nearest minor unit, half up, on each unit (docs/vouchers.md#what-it-does).
 */
export function unitPriceWith(voucher: Pick<Voucher, 'kind' | 'value'>, unit: number): number {
  switch (voucher.kind) {
    case 'percent':
      return unit - Math.round((unit * voucher.value) / 100);
    case 'amount':
      return Math.max(0, unit - voucher.value);
    case 'price':
      return Math.min(unit, voucher.value);
    case 'none':
      return unit;
  }
}

/**
 * Whether `voucher` opens `line` to the buyer: a product sold only with a voucher, named by the voucher itself. A
 * voucher for the whole shop or a whole event lowers prices; it never opens a crew or press ticket.
 */
export const unlocks = (voucher: Pick<Voucher, 'scope' | 'target'>, line: VoucherLine): boolean =>
  line.voucherOnly && !line.giftCard && voucher.scope === 'product' && voucher.target === line.id;

export const VOUCHER_REASONS = ['not-found', 'disabled', 'not-yet', 'expired', 'used-up', 'not-for-these'] as const;
/** Why a code cannot be used for these lines now, told to the buyer in words. */
export type VoucherReason = (typeof VOUCHER_REASONS)[number];

/**
 * Whether a voucher that holds places still holds them for its holder: neither disabled nor past its last moment.
 * Once it is not, trusted code gives what it holds back to public sale (docs/vouchers.md#holding-places).
 */
export const holdsAt = (voucher: Pick<Voucher, 'held' | 'disabled' | 'until'>, now: number): boolean =>
  voucher.held !== null && !voucher.disabled && (voucher.until === null || now <= voucher.until);

/**
 * Why `voucher` cannot be used now by an order of `lines` in `currency`, with `usesLeft` of it left (fewer than
 * stored while a batch takes them); null when it can. A voucher that neither lowers nor unlocks any of these lines is
 * not for them.
 */
export function voucherReason(
  voucher: Voucher | null,
  lines: readonly (VoucherLine & { unit: number })[],
  currency: string,
  now: number,
  usesLeft = voucher ? voucher.uses - voucher.used : 0,
): VoucherReason | null {
  if (!voucher) return 'not-found';
  if (voucher.disabled) return 'disabled';
  if (voucher.from !== null && now < voucher.from) return 'not-yet';
  if (voucher.until !== null && now > voucher.until) return 'expired';
  if (usesLeft < 1) return 'used-up';
  if (voucher.kind !== 'percent' && voucher.currency !== currency) return 'not-for-these';
  const serves = lines.some(
    (line) =>
      unlocks(voucher, line) ||
      (appliesTo(voucher, line) && (unitPriceWith(voucher, line.unit) < line.unit || voucher.held !== null)),
  );
  return serves ? null : 'not-for-these';
}
