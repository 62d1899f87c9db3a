/**
 * The voucher check (docs/vouchers.md#at-checkout): POST /api/vouchers/check {code, lines: {productId: quantity}}
 * answers what the voucher makes of these lines now (each lowered line's unit price with it), or why it cannot be
 * used, for the checkout's code field. Only staff and trusted code read vouchers (their uses, comment and tag are
 * the shop's), so whoever holds a code asks here, and is told only that: never how many uses it has or has left.
 * The allocator decides again, in its batch, when the order is placed (orders/voucherUse.ts).
 *
 * Public, and a code is the key: limited per caller and per code, answered in the same shape and never sooner than
 * VOUCHER_CHECK_ANSWER_MS from the start whether or not the code exists (limitedCodeEndpoint.ts). Shared by the
 * Cloud Function orderMail (index.ts) and `vite preview` (vite.config.ts), both on the mail sender's connection,
 * which reads everything (database.rules.json, the root's read).
 */
import { parseProduct, type Product } from '../../../src/features/catalogue/product';
import { VOUCHER_CHECK_LINES_MAX, type VoucherCheckAnswer } from '../../../src/features/vouchers/model/checkEndpoint';
import {
  holdsAt,
  normaliseVoucherCode,
  parseVoucher,
  voucherPaths,
} from '../../../src/features/vouchers/model/voucher';
import { paths } from '../../../src/firebase/paths';
import { DEFAULT_SITE, isCurrencyCode } from '../../../src/state/site';
import { isRecord } from '../../../src/state/validation';
import type { EndpointAnswer } from '../endpointAnswer';
import {
  codeTriesPerCaller,
  limitedCodeRequest,
  type CodeEndpointLimits,
  type CodeQuestion,
  type LimitedCodeDeps,
} from '../limitedCodeEndpoint';
import type { Caller } from '../mail/caller';
import { rateLimit } from '../mail/rateLimit';
import { decideVoucher } from './voucherPrices';

/** No answer comes sooner than this from the start, whether or not the code exists: its timing tells nothing. */
export const VOUCHER_CHECK_ANSWER_MS = 800;

/** The window of a code's own limit: ten minutes. */
const CODE_WINDOW_MS = 600_000;

/** A product id as the catalogue and the rules have them. */
const PRODUCT_ID = /^[a-z0-9-]{1,64}$/;

export type VoucherCheckLimits = CodeEndpointLimits;

/**
 * Per caller as the balance endpoint (twenty per person, three hundred per network in ten minutes): what bounds a
 * guesser, who tries many codes once each. Per code six hundred in ten minutes, only against a flood of one code: a
 * gift card's code is one buyer's, but a voucher's is shared (a newsletter's, a poster's) and typed by many buyers
 * at once, each of whose checkouts may ask again as the cart changes. A buyer turned away by it still orders with
 * the code, which the allocator decides (docs/vouchers.md#at-checkout).
 */
export function voucherCheckLimits(): VoucherCheckLimits {
  return { limit: codeTriesPerCaller(), perCode: rateLimit(600, CODE_WINDOW_MS) };
}

export interface VoucherCheckDeps extends LimitedCodeDeps {
  /** The value at `path` (null when there is none), read as trusted code. */
  read(path: string): Promise<unknown>;
}

type Lines = [productId: string, quantity: number][];

/** The lines the body names, or why they cannot be checked. */
function parseLines(raw: unknown): Lines | string {
  if (!isRecord(raw)) return 'give the lines to check as {productId: quantity}';
  const lines = Object.entries(raw);
  if (lines.length > VOUCHER_CHECK_LINES_MAX) return `give at most ${VOUCHER_CHECK_LINES_MAX} lines to check`;
  const parsed: Lines = [];
  for (const [id, quantity] of lines) {
    if (!PRODUCT_ID.test(id)) return 'a product id is 1 to 64 lower-case letters, figures and hyphens';
    if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
      return 'each quantity is a whole number of at least 1';
    parsed.push([id, quantity]);
  }
  return parsed;
}

const NO_CODE = 'give a voucher code: 3 to 32 letters, figures and hyphens';

/** What the body asks: checked whole before anything is counted or read. */
function parseCheck(body: unknown): CodeQuestion<Lines> {
  if (!isRecord(body)) return { error: NO_CODE };
  const code = typeof body.code === 'string' ? normaliseVoucherCode(body.code) : null;
  if (!code) return { error: NO_CODE };
  const lines = parseLines(body.lines);
  return typeof lines === 'string' ? { error: lines } : { code, question: lines };
}

/** A product as stored, when it is one on sale; a missing, damaged or inactive one is none (decideVoucher skips it). */
function activeProduct(id: string, raw: unknown): Product | null {
  const parsed = raw === null || raw === undefined ? null : parseProduct(id, raw);
  return parsed && 'product' in parsed && parsed.product.active ? parsed.product : null;
}

/**
 * The answer for `code` and `lines` at `now`. Every path is read whether or not the voucher exists: the same work
 * for every code. Only the code, the prices, what it unlocks or the reason are answered: never uses, used, comment
 * or tag. The products sold only with a voucher that this one unlocks are answered whatever the lines (the shop shows
 * them to its holder, docs/vouchers.md#unlocking-a-hidden-type); with no lines, it is checked for those.
 */
async function checkAnswer(
  read: VoucherCheckDeps['read'],
  code: string,
  lines: Lines,
  now: number,
): Promise<VoucherCheckAnswer> {
  const [rawVoucher, rawCurrency, rawProducts] = await Promise.all([
    read(voucherPaths.voucher(code)),
    read(paths.currency),
    read(paths.products),
  ]);
  const catalogue = isRecord(rawProducts) ? rawProducts : {};
  const voucher = rawVoucher === null || rawVoucher === undefined ? null : parseVoucher(code, rawVoucher);
  // Not vouched for, so not used; staff see it on the desk. The code's end is enough to find it there.
  if (!voucher && rawVoucher !== null && rawVoucher !== undefined)
    console.error(`voucher check: the voucher ending ${code.slice(-4)} is damaged`);
  const products = new Map(Object.entries(catalogue).map(([id, raw]) => [id, activeProduct(id, raw)]));
  // The shop's currency as the allocator takes it (orders/allocator.ts, shopTerms).
  const currency = isCurrencyCode(rawCurrency) ? rawCurrency : DEFAULT_SITE.currency;
  const hidden: Lines = [...products].flatMap(([id, product]) =>
    product?.voucherOnly ? [[id, 1] as [string, number]] : [],
  );
  const unlockable = decideVoucher(voucher, hidden, products, currency, now);
  const unlocks = 'unlocked' in unlockable ? [...unlockable.unlocked] : [];
  // The places it holds for its holder, while it holds them and has a use left.
  const holds =
    voucher && holdsAt(voucher, now) && voucher.held! > 0 && voucher.used < voucher.uses
      ? { [voucher.target!]: voucher.held! }
      : {};
  const opened: Lines = [...unlocks, ...Object.keys(holds)].map((id) => [id, 1]);
  const decision = decideVoucher(voucher, lines.length > 0 ? lines : opened, products, currency, now);
  return 'reason' in decision
    ? { ok: false, code, reason: decision.reason }
    : { ok: true, code, prices: Object.fromEntries(decision.prices), unlocks, holds };
}

export function voucherCheckRequest(
  deps: VoucherCheckDeps,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  return limitedCodeRequest(
    {
      name: 'voucher check',
      answerMs: VOUCHER_CHECK_ANSWER_MS,
      codeWindowMs: CODE_WINDOW_MS,
      parse: parseCheck,
      answer: (lines, code, started) => checkAnswer(deps.read, code, lines, started),
    },
    deps,
    method,
    body,
    caller,
  );
}
