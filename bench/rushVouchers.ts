/**
 * The rush with vouchers (issue 50, bench/rush.ts `vouchers`, `vouchers-lean`, `vouchers-small`): before the press,
 * voucher codes are created as staff create them (newVoucherRecord, the desk's record), written as the bench seeds
 * the shop, with admin access; half of the buyers name one in their request, about ten buyers the same code of five
 * uses, so the allocator keeps meeting codes that are used up (docs/vouchers.md#in-the-rush). Once every buyer has an
 * answer, every voucher, its uses and every order are read back and checked; once the payments' aftermath has paid
 * some orders and let the rest lapse (bench/rushPayments.ts), again, with the uses the lapsed orders gave back.
 *
 * The checks fail loudly (bench/rushCodes.ts): each that does not hold is named under `failed`, and bench/rush.ts
 * says so on stderr and exits with a failure. The gift cards the same buyers bring are checked apart
 * (bench/rushGiftCards.ts).
 */
import { ServerValue } from 'firebase-admin/database';
import { orderIdFor } from '../functions/src/orders/orderId';
import { orderVoucher } from '../functions/src/orders/voucherUse';
import { deskKey } from '../src/features/orders/deskIndex';
import {
  newVoucherCode,
  newVoucherRecord,
  parseVoucher,
  unitPriceWith,
  voucherPaths,
  type Voucher,
  type VoucherTerms,
} from '../src/features/vouchers/model/voucher';
import { toMinorUnits } from '../src/lib/money';
import {
  countBy,
  connections,
  keyOf,
  pressToAnswer,
  random,
  record,
  sum,
  type CodesInRush,
  type Tree,
} from './rushCodes';
import type { BuyerPlan, BuyerResult } from './rushBuyers';

export interface VoucherRushOptions {
  /** How many codes are created, each for `uses` orders. */
  codes: number;
  uses: number;
  /** The share of buyers who name one; each names any of the codes alike. */
  share: number;
  /** The event the rush sells (what `product` and `event` vouchers are for), a ticket's price, minor units. */
  eventId: string;
  unitPrice: number;
  /** The shop's currency: an amount off or a price of its own is in it. */
  currency: string;
  seed: number;
}

interface VoucherPlan {
  code: string;
  terms: VoucherTerms;
  /** A ticket's price with it, minor units. */
  unit: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

/**
 * What the codes do, out of every ten: 20% off everything (three), half price for the event (two: 50% of 999p is
 * 499.5p, rounded half up), £2.50 off the ticket type (two), £6 a ticket in the whole shop (two), and 15% off the
 * ticket type between yesterday and next year (one); the first five codes are one of each. Every one lowers a
 * ticket, and to no less than £4.99, so the card way stays offered for what is left.
 */
const SHAPES = [
  { kind: 'percent', value: 20, scope: 'shop' },
  { kind: 'percent', value: 50, scope: 'event' },
  { kind: 'amount', value: 250, scope: 'product' },
  { kind: 'price', value: 600, scope: 'shop' },
  { kind: 'percent', value: 15, scope: 'product', windowed: true },
  { kind: 'percent', value: 20, scope: 'shop' },
  { kind: 'percent', value: 20, scope: 'shop' },
  { kind: 'percent', value: 50, scope: 'event' },
  { kind: 'amount', value: 250, scope: 'product' },
  { kind: 'price', value: 600, scope: 'shop' },
] as const;

function termsOf(index: number, options: VoucherRushOptions, now: number): VoucherTerms {
  const { eventId, currency, uses } = options;
  const { kind, value, scope, ...shape } = SHAPES[index % SHAPES.length]!;
  const windowed = 'windowed' in shape;
  return {
    ...{ kind, value, scope, currency },
    target: scope === 'shop' ? null : eventId,
    uses,
    from: windowed ? now - DAY_MS : null,
    until: windowed ? now + YEAR_MS : null,
    disabled: false,
    tag: 'rush-bench',
    comment: 'Made by bench/rushVouchers.ts before the press',
  };
}

const describe = (terms: Pick<VoucherTerms, 'kind' | 'value' | 'scope'>) =>
  `${terms.kind} ${terms.value} ${terms.scope}`;

/**
 * `buyers` with a voucher named by `share` of them, any code alike; the codes, and what each buyer's order comes to
 * with the prices its voucher would give it (what the checkout tells the buyer), for choosing how to pay the rest.
 */
export function voucherRush(
  buyers: readonly BuyerPlan[],
  options: VoucherRushOptions,
): { buyers: BuyerPlan[]; dueOf: (plan: BuyerPlan) => number; codes: CodesInRush } {
  const next = random(options.seed);
  const now = Date.now();
  const made = new Set<string>();
  const plans: VoucherPlan[] = Array.from({ length: options.codes }, (_, index) => {
    let code = '';
    while (!code || made.has(code)) {
      code = newVoucherCode('RUSH', (bytes) => bytes.forEach((_, at) => (bytes[at] = Math.floor(next() * 256))));
    }
    made.add(code);
    const terms = termsOf(index, options, now);
    return { code, terms, unit: unitPriceWith(terms, options.unitPrice) };
  });
  const unitOf = new Map(plans.map((plan) => [plan.code, plan.unit]));
  const withVouchers = buyers.map((plan) =>
    next() < options.share ? { ...plan, voucher: plans[Math.floor(next() * plans.length)]!.code } : plan,
  );
  const dueOf = (plan: BuyerPlan) =>
    sum(
      Object.entries(plan.lines).map(
        ([id, quantity]) =>
          quantity * (id === options.eventId && plan.voucher ? unitOf.get(plan.voucher)! : options.unitPrice),
      ),
    );
  return { buyers: withVouchers, dueOf, codes: voucherChecks(plans, options) };
}

function voucherChecks(plans: readonly VoucherPlan[], options: VoucherRushOptions): CodesInRush {
  const planOf = new Map(plans.map((plan) => [plan.code, plan]));
  const minor = (amount: unknown) => toMinorUnits(Number(amount), options.currency);
  /** Each voucher's uses as the rush left them, for the check after the payments. */
  let usedAfterRush = new Map<string, number>();

  /**
   * Every voucher read back, with the checks every reading must pass: readable, as created (its terms unchanged,
   * `created` a number), used no more than its uses, its count of uses that of its entries and of the orders that
   * name it (of those `counted`); and nothing under vouchers or voucherUses that was not created.
   */
  function readVouchers(
    stored: Tree,
    uses: Tree,
    orders: Tree,
    counted: (order: Tree) => boolean,
    failed: string[],
  ): Map<string, Voucher> {
    const read = new Map<string, Voucher>();
    // The orders that name each voucher (and count), by desk key: every order in the database.
    const named = new Map<string, Set<string>>();
    for (const [uid, byUser] of Object.entries(orders)) {
      for (const [orderId, order] of Object.entries(record(byUser))) {
        const voucher = orderVoucher(order);
        if (!voucher || !counted(record(order))) continue;
        if (!named.has(voucher.code)) named.set(voucher.code, new Set());
        named.get(voucher.code)!.add(deskKey(uid, orderId));
      }
    }
    for (const plan of plans) {
      const raw = stored[plan.code];
      const voucher = parseVoucher(plan.code, raw ?? null);
      if (!voucher) {
        failed.push(`voucher ${plan.code} missing or unreadable`);
        continue;
      }
      read.set(plan.code, voucher);
      const { kind, value, currency, scope, target, uses: most } = plan.terms;
      if (typeof record(raw).created !== 'number') failed.push(`voucher ${plan.code}: created is not a number`);
      if (
        voucher.kind !== kind ||
        voucher.value !== value ||
        voucher.currency !== currency ||
        voucher.scope !== scope ||
        voucher.target !== target ||
        voucher.uses !== most
      ) {
        failed.push(`voucher ${plan.code}: its terms are not those it was created with`);
      }
      const entries = Object.keys(record(uses[plan.code])).sort();
      const orderKeys = [...(named.get(plan.code) ?? [])].sort();
      if (voucher.used > voucher.uses) failed.push(`voucher ${plan.code}: used ${voucher.used} of ${voucher.uses}`);
      if (voucher.used !== entries.length)
        failed.push(`voucher ${plan.code}: used ${voucher.used}, ${entries.length} entries under voucherUses`);
      if (voucher.used !== orderKeys.length)
        failed.push(`voucher ${plan.code}: used ${voucher.used}, named by ${orderKeys.length} orders`);
      if (entries.join(' ') !== orderKeys.join(' '))
        failed.push(`voucher ${plan.code}: its entries under voucherUses are not the orders that name it`);
    }
    const strays = Object.keys(stored).filter((code) => !planOf.has(code));
    const strayUses = Object.keys(uses).filter((code) => !planOf.has(code));
    const strayOrders = [...named.keys()].filter((code) => !planOf.has(code));
    if (strays.length > 0) failed.push(`${strays.length} vouchers that were never created: ${strays.join(' ')}`);
    if (strayUses.length > 0) failed.push(`uses of ${strayUses.length} vouchers never created: ${strayUses.join(' ')}`);
    if (strayOrders.length > 0)
      failed.push(`orders naming ${strayOrders.length} vouchers never created: ${strayOrders.join(' ')}`);
    return read;
  }

  return {
    name: 'vouchers',

    async prepare(databaseUrl) {
      const { connect, close } = connections(databaseUrl, 'rush-vouchers');
      try {
        const writes: Tree = {};
        for (const plan of plans) {
          writes[voucherPaths.voucher(plan.code)] = newVoucherRecord(plan.terms, ServerValue.TIMESTAMP);
        }
        // The record staff's desk writes, written as the bench seeds the shop: with admin access, in one update.
        await connect().ref().update(writes);
      } finally {
        await close();
      }
    },

    async afterRush(databaseUrl, results) {
      const { connect, close } = connections(databaseUrl, 'rush-vouchers');
      const failed: string[] = [];
      try {
        const db = connect();
        const get = async (path: string) => record((await db.ref(path).get()).val());
        const [stored, uses, orders, answers, arrivals] = await Promise.all([
          get(voucherPaths.vouchers),
          get(voucherPaths.allUses),
          get('orders'),
          get('orderAnswers'),
          get('orderRate'),
        ]);
        const read = readVouchers(stored, uses, orders, () => true, failed);
        usedAfterRush = new Map([...read].map(([code, voucher]) => [code, voucher.used]));

        const withVoucher = results.filter((result) => result.voucher);
        const reasons: string[] = [];
        let placed = 0;
        let off = 0;
        /** Counts of what did not hold, by what it is. */
        const wrong = new Map<string, number>();
        const count = (what: string) => wrong.set(what, (wrong.get(what) ?? 0) + 1);
        for (const result of results) {
          const key = keyOf(result);
          const order = record(orders[result.uid])[orderIdFor(result.uid, result.requestId)];
          const entry = result.voucher ? record(uses[result.voucher])[key] : undefined;
          if (result.kind === 'voucher') {
            const reason = String(record(record(answers[result.uid])[result.requestId]).reason);
            reasons.push(reason);
            const voucher = read.get(result.voucher ?? '');
            // Every code is valid, lowers a ticket and is for this currency: only its uses can run out, and then
            // for good, since nothing gives a use back during the rush.
            if (!result.voucher) count("refused as 'voucher' without naming one");
            else if (reason !== 'used-up') count(`refused as '${reason}'`);
            else if (voucher && voucher.used !== voucher.uses) count("refused as 'used-up' by a voucher not used up");
          }
          if (result.kind !== 'ordered') {
            if (order !== undefined || entry !== undefined) count('refused requests with an order or a use');
            continue;
          }
          const named = orderVoucher(order);
          const items = Object.entries(record(record(order).items)).map(([id, item]) => [id, record(item)] as const);
          if (!result.voucher) {
            if (named || items.some(([, item]) => item.listPrice !== undefined))
              count('orders placed without a voucher that name one or were lowered');
            continue;
          }
          if (named?.code !== result.voucher) {
            count('orders placed with a voucher that do not name the one requested');
            continue;
          }
          // Each lowered line: the catalogue's price kept beside the voucher's, lower, and what this voucher gives.
          const plan = planOf.get(named.code)!;
          const lowered = items.filter(([, item]) => item.listPrice !== undefined);
          const wrongLine = items.some(([id, item]) =>
            item.listPrice === undefined
              ? id === options.eventId || minor(item.price) !== options.unitPrice
              : minor(item.listPrice) !== options.unitPrice ||
                minor(item.price) !== plan.unit ||
                !(minor(item.price) < minor(item.listPrice)),
          );
          if (wrongLine || lowered.length === 0) count("orders whose lines' prices are not the voucher's");
          const taken = sum(
            lowered.map(([, item]) => (minor(item.listPrice) - minor(item.price)) * Number(item.quantity)),
          );
          if (named.off !== taken) count("orders whose voucher's off is not what their lines were lowered by");
          const due = Number(record(record(order).pay).due);
          const paid = sum(items.map(([, item]) => minor(item.price) * Number(item.quantity)));
          if (due !== paid) count('orders whose due is not what their lines come to');
          if (record(entry).off !== named.off || record(entry).total !== due)
            count('orders whose entry under voucherUses does not say their total and what was off');
          placed++;
          off += named.off;
        }
        for (const [what, times] of wrong) failed.push(`${times} ${what}`);

        // First come, first served (printed, not checked, as the rush's inversions are): a buyer refused as
        // 'used-up' while fewer than its uses of buyers before, by the queue's order, got an order with the code.
        const queued = (result: BuyerResult) => [Number(arrivals[result.uid] ?? Number.NaN), result.uid] as const;
        const before = (x: BuyerResult, y: BuyerResult) => {
          const [[at, uid], [atY, uidY]] = [queued(x), queued(y)];
          return at < atY || (at === atY && uid < uidY);
        };
        const placedWith = withVoucher.filter((result) => result.kind === 'ordered');
        const usedUpOutOfTurn = withVoucher.filter(
          (refused) =>
            refused.kind === 'voucher' &&
            placedWith.filter((winner) => winner.voucher === refused.voucher && before(winner, refused)).length <
              options.uses,
        ).length;

        const used = [...read.values()].map((voucher) => voucher.used);
        return {
          figures: {
            vouchers: {
              created: plans.length,
              usesEach: options.uses,
              byTerms: countBy(plans.map((plan) => describe(plan.terms))),
            },
            buyers: {
              withVoucher: withVoucher.length,
              withVoucherAndCard: withVoucher.filter((result) => result.giftCard).length,
              withoutVoucher: results.length - withVoucher.length,
            },
            pressToAnswerWithVoucherMs: pressToAnswer(withVoucher),
            pressToAnswerWithoutVoucherMs: pressToAnswer(results.filter((result) => !result.voucher)),
            answersWithVoucher: countBy(withVoucher.map((result) => result.kind)),
            voucherRefusals: countBy(reasons),
            ordersWithVoucher: placed,
            uses: {
              taken: sum(used),
              of: plans.length * options.uses,
              entries: sum(Object.values(uses).map((byOrder) => Object.keys(record(byOrder)).length)),
              // Vouchers by how many uses they ended with.
              vouchersByUses: countBy(used.map(String)),
            },
            usedUpOutOfTurn,
            // Minor units.
            offTotal: off,
          },
          failed,
        };
      } finally {
        await close();
      }
    },

    async afterPayments(databaseUrl) {
      const { connect, close } = connections(databaseUrl, 'rush-vouchers');
      const failed: string[] = [];
      try {
        const db = connect();
        const get = async (path: string) => record((await db.ref(path).get()).val());
        const [stored, uses, orders] = await Promise.all([
          get(voucherPaths.vouchers),
          get(voucherPaths.allUses),
          get('orders'),
        ]);
        // A lapsed (cancelled) order has given its use back: only the orders still standing count.
        const read = readVouchers(stored, uses, orders, (order) => order.status !== 'cancelled', failed);
        const states: string[] = [];
        for (const byUser of Object.values(orders)) {
          for (const order of Object.values(record(byUser))) {
            if (orderVoucher(order)) states.push(String(record(record(order).pay).state));
          }
        }
        const lapsed = states.filter((state) => state === 'expired').length;
        const givenBack = sum([...read].map(([code, voucher]) => (usedAfterRush.get(code) ?? 0) - voucher.used));
        if (givenBack !== lapsed)
          failed.push(`${givenBack} uses given back for ${lapsed} lapsed orders with a voucher`);
        return {
          figures: {
            ordersWithVoucher: countBy(states),
            uses: { taken: sum([...read.values()].map((voucher) => voucher.used)), givenBack },
          },
          failed,
        };
      } finally {
        await close();
      }
    },
  };
}
