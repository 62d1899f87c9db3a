/**
 * Joining and leaving the waiting list (docs/waiting-list.md#joining-and-leaving), as trusted code: no account is
 * needed, so nothing a client writes is trusted. One may join a product on sale whose places left to the public are
 * fewer than they want, while the organiser keeps the list open. The entry and the places it wants (waitingDemand,
 * by product and by each quota the product draws on) are written in one update, so the public are never sold them
 * from then on. Joining with an address already in line changes nothing. Leaving takes the entry out of line, and
 * an offer it holds is ended (its places then go to the next in line, offers.ts).
 */
import { parseProduct, saleWindow, type Product } from '../../../src/features/catalogue/product';
import { parseQuotas, publicUnitsLeft } from '../../../src/features/catalogue/quota';
import { isShopLanguage } from '../../../src/i18n/languages';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import { voucherPaths } from '../../../src/features/vouchers/model/voucher';
import {
  entryWrites,
  isEntryId,
  isWaitingEmail,
  newEntryId,
  newLeaveKey,
  parseWaitingDemand,
  parseWaitingEntry,
  parseWaitingListSettings,
  waitingListPaths,
  WAITING_QUANTITY_MAX,
  type WaitingEntry,
} from '../../../src/features/waitinglist/model/waitingList';
import type {
  WaitingJoinAnswer,
  WaitingJoinRequest,
  WaitingLeaveAnswer,
} from '../../../src/features/waitinglist/model/endpoints';
import { jsonAnswer, refuseUnlessPost, tooManyAnswer, type EndpointAnswer } from '../endpointAnswer';
import type { Caller } from '../mail/caller';
import { callerLimit, rateLimit, type CallerLimit } from '../mail/rateLimit';
import type { PaymentsDatabase } from '../payments/settlePayment';

const SERVER_TIME = { '.sv': 'timestamp' } as const;
const increment = (by: number) => ({ '.sv': { increment: by } });
const PRODUCT_ID = /^[a-z0-9-]{1,64}$/;

/**
 * Ten joins or leaves per person and a hundred per network in ten minutes: one joins a few lists, and each join
 * mails the address typed (docs/security.md#the-waiting-list).
 */
export const waitingListLimits = (): CallerLimit => callerLimit(rateLimit(10, 600_000), rateLimit(100, 600_000));

/** What a join asks, or why it cannot be asked (answered 400, in plain English). */
function parseJoin(body: unknown): WaitingJoinRequest | { error: string } {
  if (!isRecord(body)) return { error: 'send {product, email, quantity, language}' };
  const { product, email, quantity, language } = body;
  if (typeof product !== 'string' || !PRODUCT_ID.test(product)) return { error: 'no such product' };
  if (!isWaitingEmail(email)) return { error: 'an email address like name@example.com is needed' };
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > WAITING_QUANTITY_MAX) {
    return { error: `a number of places from 1 to ${WAITING_QUANTITY_MAX} is needed` };
  }
  if (!isShopLanguage(language)) return { error: 'a language of the shop is needed' };
  return { product, email, quantity, language };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Those in line for a product, as stored: still waiting or holding an offer. */
const inLine = (entry: WaitingEntry) => entry.state === 'waiting' || entry.state === 'offered';

function entriesOf(product: string, raw: unknown): WaitingEntry[] {
  return Object.entries(isRecord(raw) ? raw : {}).flatMap(([id, entry]) => parseWaitingEntry(product, id, entry) ?? []);
}

/** The demand writes of `entry`'s places, `by` +1 (joining) or -1 (leaving, or offered them). */
export function demandWrites(entry: Pick<WaitingEntry, 'product' | 'quantity' | 'quotas'>, by: 1 | -1) {
  return {
    [waitingListPaths.productDemand(entry.product)]: increment(by * entry.quantity),
    ...Object.fromEntries(
      entry.quotas.map((quota) => [waitingListPaths.quotaDemand(quota), increment(by * entry.quantity)]),
    ),
  };
}

/** Joins `request` at `now`: the answer, and the entry written (the mail step sends its email). */
export async function joinWaitingList(
  db: PaymentsDatabase,
  request: WaitingJoinRequest,
  now: number,
): Promise<WaitingJoinAnswer> {
  const { product: id } = request;
  const read = await db.readAll([
    paths.product(id),
    paths.quotas,
    waitingListPaths.demand,
    waitingListPaths.settings,
    waitingListPaths.list(id),
  ]);
  if (!parseWaitingListSettings(read.get(waitingListPaths.settings)).on) return { ok: false, reason: 'closed' };
  const raw = read.get(paths.product(id));
  const parsed = raw == null ? null : parseProduct(id, raw);
  const product: Product | null = parsed && 'product' in parsed ? parsed.product : null;
  // Only what the public could buy: not a gift card, nor a type sold only with a voucher, nor one off sale.
  if (!product?.active || product.giftCard || product.voucherOnly || saleWindow(product, now).state !== 'open') {
    return { ok: false, reason: 'unavailable' };
  }
  if (request.quantity > product.maxPerOrder) return { ok: false, reason: 'too-many' };
  const quotas = new Map([...parseQuotas(read.get(paths.quotas)).quotas.values()].map((q) => [q.id, q.left]));
  const left = publicUnitsLeft(product, quotas, parseWaitingDemand(read.get(waitingListPaths.demand)));
  if (left === null || left >= request.quantity) return { ok: false, reason: 'on-sale' };
  const line = entriesOf(id, read.get(waitingListPaths.list(id))).filter((entry) => entry.state === 'waiting');
  const already = entriesOf(id, read.get(waitingListPaths.list(id))).find(
    (entry) => inLine(entry) && sameAddress(entry.email, request.email),
  );
  if (already) {
    return { ok: true, position: Math.max(1, line.filter((entry) => entry.at <= already.at).length) };
  }
  const entryId = newEntryId(now);
  const entry = {
    email: request.email,
    quantity: request.quantity,
    language: request.language,
    at: SERVER_TIME,
    state: 'waiting',
    ...(product.quotas.length > 0 ? { quotas: Object.fromEntries(product.quotas.map((q) => [q, true])) } : {}),
    key: newLeaveKey(),
    mail: 'joined',
    v: 0,
  };
  await db.update({
    [waitingListPaths.entry(id, entryId)]: entry,
    ...demandWrites({ product: id, quantity: request.quantity, quotas: product.quotas }, 1),
  });
  return { ok: true, position: line.length + 1 };
}

/** Leaves entry `entry` of `product` whose link carries `key`; an unknown entry or a wrong key is answered the same. */
export async function leaveWaitingList(
  db: PaymentsDatabase,
  product: string,
  entryId: string,
  key: string,
): Promise<WaitingLeaveAnswer> {
  if (!PRODUCT_ID.test(product) || !isEntryId(entryId)) return { ok: false };
  const raw = (await db.readAll([waitingListPaths.entry(product, entryId)])).get(
    waitingListPaths.entry(product, entryId),
  );
  const entry = parseWaitingEntry(product, entryId, raw);
  if (!entry || entry.key !== key) return { ok: false };
  if (!inLine(entry)) return { ok: true };
  await db.update({
    ...entryWrites(entry, { state: 'left', mail: null }),
    // Waiting, its places were wanted; offered, they are held by its voucher, which ends now.
    ...(entry.state === 'waiting' ? demandWrites(entry, -1) : {}),
    ...(entry.state === 'offered' && entry.voucher
      ? { [`${voucherPaths.voucher(entry.voucher)}/disabled`]: true }
      : {}),
  });
  return { ok: true };
}

export interface WaitingListDeps {
  db: PaymentsDatabase;
  limit: CallerLimit;
  now?: () => number;
}

/** POST /api/waitinglist/join and /api/waitinglist/leave (`leaving`), limited per caller. */
export async function waitingListRequest(
  deps: WaitingListDeps,
  leaving: boolean,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  if (leaving) {
    const { product, entry, key } = isRecord(body) ? body : {};
    if (typeof product !== 'string' || typeof entry !== 'string' || typeof key !== 'string' || key.length > 64)
      return jsonAnswer(400, { error: 'send {product, entry, key} from the link' });
    if (!deps.limit.allow(caller)) return tooManyAnswer();
    return jsonAnswer(200, await leaveWaitingList(deps.db, product, entry, key));
  }
  const request = parseJoin(body);
  if ('error' in request) return jsonAnswer(400, { error: request.error });
  if (!deps.limit.allow(caller)) return tooManyAnswer();
  return jsonAnswer(200, await joinWaitingList(deps.db, request, (deps.now ?? Date.now)()));
}
