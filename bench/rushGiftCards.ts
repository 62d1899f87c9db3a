/**
 * The rush with gift cards (issue 50, bench/rush.ts `giftcards`, `giftcards-lean`, `giftcards-small`, and with
 * vouchers beside them `vouchers`, `vouchers-lean`, `vouchers-small`): before the press, trusted code (the
 * allocator's identity, through the rules) issues the cards; a share of the buyers name one in their request,
 * several buyers the same card, so the allocator's batch meets a card it has already moved and ends there
 * (docs/gift-cards.md#paying-with-one) again and again under the rush. Once every buyer has an answer, everything is
 * read back and checked; once the payments' aftermath has paid some orders and let the rest lapse
 * (bench/rushPayments.ts), the cards are checked again, with what the lapsed orders gave back to them.
 *
 * Unlike the rest of the rush, these checks are meant to fail loudly: each that does not hold is named under
 * `failed`, and bench/rush.ts says so on stderr and exits with a failure. Vouchers join as codes of their own beside
 * the cards, with the same three steps (`CodesInRush`, bench/rushVouchers.ts).
 */
import { ServerValue, type Database } from 'firebase-admin/database';
import { GIFT_CARD_PAYMENT } from '../functions/src/orders/giftCardSpend';
import { orderIdFor } from '../functions/src/orders/orderId';
import {
  balanceAddsUp,
  giftCardPaths,
  newGiftCardCode,
  newGiftCardRecord,
  parseGiftCard,
  type GiftCard,
} from '../src/features/giftcards/model/giftCard';
import { ALLOCATOR_UID } from '../src/features/orders/orderRequest';
import { cardAmountProblem } from '../src/lib/currencies';
import {
  between,
  connections,
  countBy,
  keyOf,
  pressToAnswer,
  random,
  record,
  sum,
  type CodesInRush,
  type Tree,
} from './rushCodes';
import type { BuyerPlan, BuyerResult } from './rushBuyers';

/**
 * The kinds of card issued: worth more than most orders, a part of one, a few pence, expired, in another currency;
 * and codes never issued. Out of every twenty cards: six large (two of them valid only until next year), five
 * medium, three small, two tiny, two expired, one in euros and one never issued.
 */
type CardKind = 'large' | 'medium' | 'small' | 'tiny' | 'expired' | 'euros' | 'never-issued';
const KIND_OF_TWENTY: readonly CardKind[] = [
  ...['large', 'large', 'large', 'large', 'large', 'large', 'medium', 'medium', 'medium', 'medium'],
  ...['medium', 'small', 'small', 'small', 'tiny', 'tiny', 'expired', 'expired', 'euros', 'never-issued'],
] as CardKind[];

/** The refusal a card of each kind may get; `empty` only once others have spent all of it. */
const REFUSAL_OF: Record<CardKind, string> = {
  large: 'empty',
  medium: 'empty',
  small: 'empty',
  tiny: 'empty',
  expired: 'expired',
  euros: 'currency',
  'never-issued': 'not-found',
};

interface CardPlan {
  code: string;
  kind: CardKind;
  currency: string;
  /** Minor units. */
  value: number;
  /** Until next year (valid), already past, or for ever. */
  expires: 'next-year' | 'past' | null;
}

export interface GiftCardRushOptions {
  /**
   * About how many cards are issued: the codes are `cards` × 20 / 19, one in twenty of them never issued (150 gives
   * 151 cards issued and 7 codes that are no card; 20 gives 20 and 1).
   */
  cards: number;
  /** The share of buyers who name a card. */
  share: number;
  /** At most this many buyers name one card. */
  perCard: number;
  /**
   * What a buyer's order comes to, minor units, as the checkout would tell the buyer (its voucher's prices, when it
   * names one); and the shop's currency.
   */
  dueOf: (plan: BuyerPlan) => number;
  currency: string;
  seed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

function planCards(count: number, currency: string, next: () => number): CardPlan[] {
  const codes = new Set<string>();
  const all = Math.round((count * KIND_OF_TWENTY.length) / (KIND_OF_TWENTY.length - 1));
  return Array.from({ length: all }, (_, index) => {
    let code = '';
    while (!code || codes.has(code)) {
      code = newGiftCardCode((bytes) => bytes.forEach((_, at) => (bytes[at] = Math.floor(next() * 256))));
    }
    codes.add(code);
    const kind = KIND_OF_TWENTY[index % KIND_OF_TWENTY.length]!;
    const value = {
      large: between(next, 40, 100) * 100,
      medium: between(next, 15, 30) * 100,
      small: between(next, 3, 9) * 100,
      tiny: between(next, 1, 99),
      expired: 5000,
      euros: 5000,
      'never-issued': 0,
    }[kind];
    return {
      code,
      kind,
      currency: kind === 'euros' ? 'EUR' : currency,
      value,
      expires: kind === 'expired' ? 'past' : kind === 'large' && index % 20 < 2 ? 'next-year' : null,
    };
  });
}

/**
 * `buyers` (as the rush without cards has them) with a card named by `share` of them, at most `perCard` to a card;
 * and the cards. A buyer who would pay the rest by card picks a transfer instead when the checkout would not offer
 * card for what the card leaves (less than the provider takes), as the checkout shows only the ways for the rest.
 */
export function giftCardRush(
  buyers: readonly BuyerPlan[],
  options: GiftCardRushOptions,
): { buyers: BuyerPlan[]; codes: CodesInRush } {
  const next = random(options.seed);
  const cards = planCards(options.cards, options.currency, next);
  const named = new Map<string, number>();
  const withCards = buyers.map((plan) => {
    if (next() >= options.share) return plan;
    let at = Math.floor(next() * cards.length);
    for (let tried = 0; (named.get(cards[at]!.code) ?? 0) >= options.perCard; tried++) {
      if (tried === cards.length) return plan;
      at = (at + 1) % cards.length;
    }
    const card = cards[at]!;
    named.set(card.code, (named.get(card.code) ?? 0) + 1);
    const due = options.dueOf(plan);
    const usable = card.kind !== 'expired' && card.kind !== 'euros' && card.kind !== 'never-issued';
    const rest = usable ? Math.max(0, due - card.value) : due;
    const method =
      plan.method === 'card' && rest > 0 && cardAmountProblem(rest, options.currency) !== null
        ? 'transfer'
        : plan.method;
    return { ...plan, ...(method ? { method } : {}), giftCard: card.code };
  });
  return { buyers: withCards, codes: giftCardChecks(cards, named, options.currency) };
}

function giftCardChecks(cards: readonly CardPlan[], named: ReadonlyMap<string, number>, currency: string): CodesInRush {
  const issued = cards.filter((card) => card.kind !== 'never-issued');
  const kindOf = new Map(cards.map((card) => [card.code, card.kind]));
  /** What the rush's check learnt, for the check after the payments. */
  let paidByCard = new Map<string, { code: string; amount: number }>();

  /** Every issued card read back, with the checks every reading must pass: readable, ≥ 0, the sum of its movements. */
  async function readCards(db: Database, failed: string[]): Promise<Map<string, GiftCard>> {
    const stored = record((await db.ref(giftCardPaths.cards).get()).val());
    const read = new Map<string, GiftCard>();
    const unreadable: string[] = [];
    for (const plan of issued) {
      const card = parseGiftCard(plan.code, stored[plan.code] ?? null);
      if (card) read.set(plan.code, card);
      else unreadable.push(plan.code);
    }
    const strays = Object.keys(stored).filter((code) => !kindOf.has(code) || kindOf.get(code) === 'never-issued');
    const below = [...read.values()].filter((card) => card.balance < 0).map((card) => card.code);
    const apart = [...read.values()].filter((card) => !balanceAddsUp(card)).map((card) => card.code);
    // One `v` a movement: two writers from the same reading could not both have landed.
    const versions = [...read.values()].filter((card) => card.v !== card.movements.length).map((card) => card.code);
    if (unreadable.length > 0) failed.push(`${unreadable.length} cards missing or unreadable: ${unreadable.join(' ')}`);
    if (strays.length > 0) failed.push(`${strays.length} cards that were never issued: ${strays.join(' ')}`);
    if (versions.length > 0)
      failed.push(`${versions.length} cards whose v is not their movements' count: ${versions.join(' ')}`);
    if (below.length > 0) failed.push(`${below.length} cards below nothing: ${below.join(' ')}`);
    if (apart.length > 0)
      failed.push(`${apart.length} cards whose balance is not their movements' sum: ${apart.join(' ')}`);
    return read;
  }

  /** The movements of `kind` of every card, by the order they name. */
  function movementsOf(read: ReadonlyMap<string, GiftCard>, kind: string, failed: string[]) {
    const byOrder = new Map<string, { code: string; amount: number }>();
    for (const card of read.values()) {
      for (const movement of card.movements.filter((m) => m.kind === kind)) {
        if (!movement.order || byOrder.has(movement.order)) {
          failed.push(`card ${card.code}: a ${kind} movement ${movement.id} naming no order, or one named twice`);
          continue;
        }
        byOrder.set(movement.order, { code: card.code, amount: movement.amount });
      }
    }
    return byOrder;
  }

  return {
    name: 'gift cards',

    async prepare(databaseUrl) {
      const { connect, close } = connections(databaseUrl, 'rush-giftcards');
      try {
        const now = Date.now();
        const writes: Tree = {};
        for (const card of issued) {
          const expires = card.expires === 'past' ? now - DAY_MS : card.expires === 'next-year' ? now + YEAR_MS : null;
          writes[giftCardPaths.card(card.code)] = newGiftCardRecord(
            { currency: card.currency, value: card.value, expires, from: { by: 'rush-bench' } },
            ServerValue.TIMESTAMP,
          );
        }
        // As trusted code issues them: the allocator's identity, judged by the rules.
        await connect(ALLOCATOR_UID).ref().update(writes);
      } finally {
        await close();
      }
    },

    async afterRush(databaseUrl, results) {
      const { connect, close } = connections(databaseUrl, 'rush-giftcards');
      const failed: string[] = [];
      try {
        const db = connect();
        const get = async (path: string) => record((await db.ref(path).get()).val());
        const [orders, payments, answers] = await Promise.all([get('orders'), get('payments'), get('orderAnswers')]);
        const read = await readCards(db, failed);
        const spent = movementsOf(read, 'spent', failed);
        const withCard = results.filter((result) => result.giftCard);

        // Every order the rush placed: what its gift card payment, its card's movement and its summary say.
        paidByCard = new Map();
        let whole = 0;
        let part = 0;
        let wholeNotPaid = 0;
        let partNotPending = 0;
        let disagree = 0;
        let paidWithoutCard = 0;
        let movedForRefused = 0;
        const byWhom = new Map<string, BuyerResult>();
        const summaries: number[] = [];
        const refusals: string[] = [];
        for (const result of results) {
          const key = keyOf(result);
          byWhom.set(key, result);
          const orderId = orderIdFor(result.uid, result.requestId);
          const pay = record(record(record(orders[result.uid])[orderId]).pay);
          const payment = record(record(payments[key])[GIFT_CARD_PAYMENT]);
          const move = spent.get(key);
          if (result.kind === 'gift-card') {
            const reason = String(record(record(answers[result.uid])[result.requestId]).reason);
            refusals.push(reason);
            const allowed = REFUSAL_OF[kindOf.get(result.giftCard ?? '') ?? 'never-issued'];
            const emptied = read.get(result.giftCard ?? '')?.balance === 0;
            if (reason !== allowed || (reason === 'empty' && !emptied)) {
              failed.push(`${key}: refused as "${reason}" with a ${kindOf.get(result.giftCard ?? '')} card`);
            }
          }
          if (result.kind !== 'ordered') {
            // Refused: nothing of any card, no payment, no order.
            if (move || payments[key] !== undefined || record(orders[result.uid])[orderId] !== undefined) {
              movedForRefused++;
            }
            continue;
          }
          summaries.push(Number(pay.paid ?? 0));
          if (!result.giftCard) {
            if (move || Object.keys(payment).length > 0 || pay.paid !== 0) paidWithoutCard++;
            continue;
          }
          const amount = Number(payment.amount);
          if (
            !move ||
            move.code !== result.giftCard ||
            -move.amount !== amount ||
            !(amount > 0) ||
            payment.method !== 'giftcard' ||
            payment.state !== 'confirmed' ||
            payment.card !== result.giftCard ||
            payment.currency !== currency ||
            pay.paid !== amount
          ) {
            disagree++;
            continue;
          }
          paidByCard.set(key, { code: result.giftCard, amount });
          if (amount === Number(pay.due)) {
            whole++;
            if (pay.state !== 'paid' || pay.method !== 'giftcard') wholeNotPaid++;
          } else {
            part++;
            if (amount > Number(pay.due) || pay.state !== 'pending') partNotPending++;
          }
        }
        // A movement no order the rush placed with that card accounts for.
        const strays = [...spent].filter(
          ([key, { code }]) => byWhom.get(key)?.kind !== 'ordered' || byWhom.get(key)?.giftCard !== code,
        );
        const giftPayments = Object.values(payments).flatMap((byOrder) =>
          Object.entries(record(byOrder)).filter(([id]) => id === GIFT_CARD_PAYMENT),
        );
        const totals = {
          spent: -sum([...spent.values()].map((move) => move.amount)),
          giftCardPayments: sum(giftPayments.map(([, payment]) => Number(record(payment).amount))),
          ordersPaid: sum(summaries),
        };
        if (totals.spent !== totals.giftCardPayments || totals.spent !== totals.ordersPaid) {
          failed.push(
            `spent ${totals.spent}, gift card payments ${totals.giftCardPayments} and orders' paid ${totals.ordersPaid} differ`,
          );
        }
        for (const [count, what] of [
          [disagree, 'orders whose card payment, card movement and paid do not agree'],
          [wholeNotPaid, "orders paid in full by a card that are not 'paid' by 'giftcard'"],
          [partNotPending, "orders paid in part by a card that are not 'pending', or paid more than due"],
          [paidWithoutCard, 'orders without a card that paid something or moved one'],
          [movedForRefused, 'refused requests that moved a card, or have a payment or an order'],
          [strays.length, 'spent movements of no order the rush placed with that card'],
        ] as const) {
          if (count > 0) failed.push(`${count} ${what}`);
        }
        // Each card: what it was issued with, less what it paid, is what it holds.
        for (const card of read.values()) {
          const out = -sum([...spent.values()].filter((move) => move.code === card.code).map((move) => move.amount));
          if (card.balance !== card.value - out)
            failed.push(`card ${card.code}: ${card.value} − ${out} ≠ ${card.balance}`);
        }

        return {
          figures: {
            cards: { issued: countBy(issued.map((card) => card.kind)), neverIssued: cards.length - issued.length },
            buyersPerCard: countBy([...named.values()].map(String)),
            buyers: { withCard: withCard.length, withoutCard: results.length - withCard.length },
            pressToAnswerWithCardMs: pressToAnswer(withCard),
            pressToAnswerWithoutCardMs: pressToAnswer(results.filter((result) => !result.giftCard)),
            answersWithCard: countBy(withCard.map((result) => result.kind)),
            giftCardRefusals: countBy(refusals),
            ordersPaidByCard: { whole, part },
            // Cards by how many orders each paid: more than one is a card a later batch read again after it moved.
            cardsByOrdersPaid: countBy(
              [...read.values()].map((card) => String(card.movements.filter((m) => m.kind === 'spent').length)),
            ),
            cardsEmptied: [...read.values()].filter((card) => card.balance === 0).length,
            totals,
          },
          failed,
        };
      } finally {
        await close();
      }
    },

    async afterPayments(databaseUrl) {
      const { connect, close } = connections(databaseUrl, 'rush-giftcards');
      const failed: string[] = [];
      try {
        const db = connect();
        const get = async (path: string) => record((await db.ref(path).get()).val());
        const [orders, refunds] = await Promise.all([get('orders'), get('refunds')]);
        const read = await readCards(db, failed);
        const spent = movementsOf(read, 'spent', failed);
        const returned = movementsOf(read, 'returned', failed);
        const states: string[] = [];
        let wrong = 0;
        // Every order a card paid: paid keeps the card's money; lapsed gives all of it back, and says so.
        for (const [key, { code, amount }] of paidByCard) {
          const [uid, orderId] = key.split('~') as [string, string];
          const pay = record(record(record(orders[uid])[orderId]).pay);
          const back = returned.get(key);
          const refund = record(record(refunds[key])[GIFT_CARD_PAYMENT]);
          const state = String(pay.state);
          states.push(state);
          const keeps = state === 'paid' && !back && Object.keys(refund).length === 0 && pay.refunded === 0;
          const gaveBack =
            state === 'expired' &&
            back?.code === code &&
            back.amount === amount &&
            refund.way === 'giftcard' &&
            refund.state === 'done' &&
            refund.amount === amount &&
            refund.card === code &&
            pay.refunded === amount;
          if (!keeps && !gaveBack) wrong++;
          if (spent.get(key)?.amount !== -amount) wrong++;
        }
        if (spent.size !== paidByCard.size)
          failed.push(`${spent.size - paidByCard.size} spent movements more than the rush made`);
        const strays = [...returned.keys()].filter((key) => !paidByCard.has(key));
        if (wrong > 0) failed.push(`${wrong} orders paid by a card whose state, movements and refund do not agree`);
        if (strays.length > 0) failed.push(`${strays.length} returned movements for orders no card paid`);
        const cardRefunds = Object.values(refunds).flatMap((byOrder) =>
          Object.entries(record(byOrder)).filter(([id]) => id === GIFT_CARD_PAYMENT),
        );
        const totals = {
          spent: -sum([...spent.values()].map((move) => move.amount)),
          returned: sum([...returned.values()].map((move) => move.amount)),
          giftCardRefunds: sum(cardRefunds.map(([, refund]) => Number(record(refund).amount))),
        };
        if (totals.returned !== totals.giftCardRefunds) {
          failed.push(`returned ${totals.returned} and gift card refunds ${totals.giftCardRefunds} differ`);
        }
        for (const card of read.values()) {
          const moved = (from: ReadonlyMap<string, { code: string; amount: number }>) =>
            sum([...from.values()].filter((move) => move.code === card.code).map((move) => move.amount));
          if (card.balance !== card.value + moved(spent) + moved(returned)) {
            failed.push(
              `card ${card.code}: its value and its spent and returned movements do not make ${card.balance}`,
            );
          }
        }
        return { figures: { ordersPaidByCard: countBy(states), totals }, failed };
      } finally {
        await close();
      }
    },
  };
}
