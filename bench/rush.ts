/**
 * The on-sale rush: many buyers press "Reserve" at the same moment. Real firebase JS SDK clients (bench/
 * rushBuyers.ts: each its own guest account and database connection, spread over several processes) against the
 * local database with the shop's rules, settled by the allocator module (functions/src/orders/) behind an HTTP
 * endpoint as `vite preview` serves it; scenario (b) also through the Firebase Hosting and Functions emulators.
 * Prints, never asserts: sold against stock, oversold, stranded, answers by kind, press-to-answer times,
 * first-come inversions, batches and database writes per order, the database's CPU and peak memory, and the
 * load average (docs/decisions.md#the-on-sale-rush).
 *
 *   npx tsx bench/rush.ts [a|b|c|clean|poisoned|pay|pay-small|types|rules|firebase|a-lean|pay-lean|types-lean|
 *                          giftcards|giftcards-lean|giftcards-small|vouchers|vouchers-lean|vouchers-small|invoices|
 *                          pay-lean-taxed …]
 *   (when none is named: all but pay-small, giftcards, giftcards-small, vouchers and vouchers-small)
 *
 * `poisoned` (issue 30, break 1) is a rush of 200 honest buyers among whom 10 accounts reuse the request ids of
 * orders other accounts placed before, and 3 pairs of accounts choose one fresh id each at the same moment; its
 * honest buyers' press-to-answer is printed beside `clean`, the same 200 honest buyers with nothing planted.
 * `rules` is what the database's rules cost for one batch of 250 orders, without the network (bench/rulesBatch.ts).
 * `pay` (issue 31) is scenario (a) with payments: each buyer names card, bank transfer or the door, and once all are
 * answered every held order is paid or lets its hold lapse, and the accounting is printed (bench/rushPayments.ts);
 * `pay-small` is the same with 200 buyers and an event of 100, for trying it out.
 * `giftcards` (issue 50) is `pay` with gift cards: trusted code issues cards before the press, and three in ten buyers
 * name one, up to four buyers the same card; after the press, and again after the payments' aftermath, the cards are
 * read back and checked (bench/rushGiftCards.ts). Those checks, unlike the rest, fail loudly: stderr, and the exit
 * code. `giftcards-small` is the same with 200 buyers, an event of 100 and 20 cards, for trying it out.
 * `vouchers` (issue 50) is `giftcards` with vouchers: 100 codes of 5 uses are created before the press, half of the
 * buyers name one, and after the press and again after the aftermath the vouchers, their uses and the orders that
 * name them are read back and checked (bench/rushVouchers.ts), beside the cards. `vouchers-small` is the same with
 * 200 buyers, an event of 100, 20 cards and 5 vouchers (fewer, so that some are used up before the places are).
 * `invoices` (issue 52) is `pay` with lean buyers, UK VAT and invoices: after the aftermath, some paid orders are given
 * money back or cancelled, and trusted code issues the documents in a process killed part-way through and started
 * again; every paid order must then have one invoice, numbered 1 to N without a gap (bench/rushInvoices.ts).
 * `pay-lean-taxed` is `pay-lean` with UK VAT and invoicing on: run the two alternately (`pay-lean pay-lean-taxed
 * pay-lean pay-lean-taxed`) to see what the tax and the invoice queue cost the rush, side by side.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQueueDatabase } from '../functions/src/orders/adminQueueDatabase';
import { allocateRequest } from '../functions/src/orders/allocateEndpoint';
import { type Allocator, createAllocator } from '../functions/src/orders/allocator';
import { AuthEmulator } from '../scripts/stack/auth-emulator';
import { freePort } from '../scripts/stack/ports';
import { DEFAULT_NAMESPACE } from '../server/server';
import { buildDirs, startFirebaseStack } from '../tests/e2e-firebase/firebaseStack';
import { FIREBASE_PORTS } from './lighthouse';
import { percentile } from './liveApp';
import type { BuyerPlan, BuyerResult, BuyersCommand, BuyersReport } from './rushBuyers';
import { runRulesBatchBench } from './rulesBatch';
import { methodOf, payAftermath, paymentsSeed } from './rushPayments';
import { invoicesAftermath, invoicingSeed } from './rushInvoices';
import { between, type CodesInRush, type CodesReport, random } from './rushCodes';
import { giftCardRush } from './rushGiftCards';
import { voucherRush } from './rushVouchers';
import { unitsLeft } from '../src/features/catalogue/quota';
import { toMinorUnits } from '../src/lib/money';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BUYERS_SCRIPT = fileURLToPath(new URL('./rushBuyers.ts', import.meta.url));

interface Scenario {
  name: string;
  what: string;
  /** Stock by product id (null: not counted, only its quotas limit it); products with a date are events. */
  stock: Record<string, number | null>;
  /** Fields over a product's own (types: group, typeName, price, quotas), by product id. */
  shape?: Record<string, Record<string, unknown>>;
  /** Shared quotas' places at the start, by quota id (docs/data-model.md#types-and-quotas). */
  quotas?: Record<string, number>;
  buyers: BuyerPlan[];
  processes: number;
  /** More data the database starts with (the poisoned scenario's earlier orders). */
  seed?: Record<string, unknown>;
  /** The event whose held orders are then paid or let lapse, and accounted for (bench/rushPayments.ts). */
  payments?: string;
  /** After the payments' aftermath: documents issued by a process killed part-way through (bench/rushInvoices.ts). */
  invoices?: true;
  /** Buyers as minimal wire-protocol clients rather than SDK clients (bench/rushBuyers.ts). */
  lean?: boolean;
  /** Codes the buyers bring (gift cards, vouchers): written before the press, checked after it (bench/rushCodes.ts). */
  codes?: CodesInRush[];
}

/**
 * The 2,000-buyer scenarios once more with lean buyers: the same accounts, messages and answers, for a fraction of
 * the CPU, so that on a 2-core machine the figures are more the shop's than the load generator's
 * (docs/performance.md#lean-buyers-the-shops-share-without-the-load-generators).
 */
const LEAN_OF = ['a', 'pay', 'types', 'giftcards', 'vouchers'];

/** Orders other accounts placed before the rush, under the ids the poisoned scenario's attackers reuse. */
const EARLIER_ORDERS = 10;
const earlierId = (n: number) => `earlier-order-${String(n).padStart(2, '0')}`;

function earlierOrders(eventId: string): Record<string, unknown> {
  const orders: Record<string, Record<string, unknown>> = {};
  const tickets: Record<string, unknown> = {};
  for (let n = 0; n < EARLIER_ORDERS; n++) {
    const uid = `earlier-buyer-${n}`;
    const contact = { name: `Earlier ${n}`, email: `earlier${n}@example.com` };
    orders[uid] = {
      [earlierId(n)]: {
        items: { [eventId]: { title: `Rush ${eventId}`, price: 10, quantity: 1 } },
        ...{ total: 10, status: 'pending', created: 1, contact },
      },
    };
    tickets[`${earlierId(n)}-0`] = {
      ...{ uid, order: earlierId(n), n: 0, code: '0000-0000-0000-0000-0000-0000-0000' },
      ...{ holder: contact.name, status: 'valid', created: 1 },
    };
  }
  return { orders, tickets: { [eventId]: tickets } };
}

/** 200 honest buyers × 1–2 tickets of an event of 1,000; `planted` adds the poisoning accounts among them. */
function honestRush(planted: boolean): BuyerPlan[] {
  const next = random(7);
  const honest = Array.from({ length: 200 }, () => ({ lines: { 'rush-p': between(next, 1, 2) } }));
  if (!planted) return honest;
  const attackers: BuyerPlan[] = [
    ...Array.from({ length: EARLIER_ORDERS }, (_, n) => ({ lines: { 'rush-p': 1 }, requestId: earlierId(n) })),
    ...[0, 0, 1, 1, 2, 2].map((pair) => ({ lines: { 'rush-p': 1 }, requestId: `fresh-id-chosen-twice-${pair}` })),
  ];
  // Spread among the honest buyers, as they would press among them.
  return honest.flatMap((plan, index) =>
    index % 12 === 5 && attackers.length > 0 ? [attackers.shift()!, plan] : [plan],
  );
}

/** Buyers × 1–4 tickets of `eventId`, each naming a way to pay (half card, 30% transfer, 20% door). */
function payingRush(count: number, eventId: string): BuyerPlan[] {
  const next = random(11);
  return Array.from({ length: count }, (_, index) => ({
    lines: { [eventId]: between(next, 1, 4) },
    method: methodOf(index),
  }));
}

/**
 * Harbour Jazz Night as a rush: Standard £18, Concession £12 (at most 250, a quota of its own), VIP £40 (its own
 * stock of 100), all out of a venue of 1,000. Most buyers want one type, one in five two of them.
 */
function typesRush(count: number): Pick<Scenario, 'stock' | 'shape' | 'quotas' | 'buyers'> {
  const next = random(13);
  const types = ['rush-t', 'rush-t-c', 'rush-t-v'];
  const pick = () => {
    const roll = next();
    return roll < 0.6 ? types[0]! : roll < 0.85 ? types[1]! : types[2]!;
  };
  return {
    stock: { 'rush-t': null, 'rush-t-c': null, 'rush-t-v': 100 },
    shape: {
      'rush-t': { typeName: 'Standard', price: 18, quotas: { venue: true } },
      'rush-t-c': { typeName: 'Concession', price: 12, group: 'rush-t', quotas: { venue: true, concessions: true } },
      'rush-t-v': { typeName: 'VIP', price: 40, group: 'rush-t', quotas: { venue: true } },
    },
    quotas: { venue: 1000, concessions: 250 },
    buyers: Array.from({ length: count }, () => {
      const first = pick();
      const second = next() < 0.2 ? types.find((type) => type !== first && next() < 0.5) : undefined;
      return {
        lines: {
          [first]: between(next, 1, 4),
          ...(second ? { [second]: between(next, 1, 2) } : {}),
        },
      };
    }),
  };
}

function scenarios(): Record<string, Scenario> {
  const all = baseScenarios();
  for (const name of LEAN_OF) {
    const scenario = all[name]!;
    all[`${name}-lean`] = {
      ...scenario,
      name: `${name}-lean`,
      what: `${scenario.what}, buyers as lean wire-protocol clients`,
      lean: true,
      processes: 2,
    };
  }
  // The same rush with UK VAT on and invoicing on, to run beside pay-lean: the order's tax is fixed in the batch, its
  // documents are queued by the payments and issued after them, never in the batch (docs/invoices.md#issuing).
  const lean = all['pay-lean']!;
  all['pay-lean-taxed'] = {
    ...lean,
    name: 'pay-lean-taxed',
    what: `${lean.what}, with UK VAT and invoicing on`,
    seed: { ...lean.seed, ...invoicingSeed },
  };
  return all;
}

/** A rush product's price unless its shape says otherwise (product). */
const RUSH_PRICE = 10;
/** The shop's currency in the rushes with payments (paymentsSeed). */
const CURRENCY = 'GBP';
/** A ticket's price in the rush with vouchers: £9.99, so that a percentage off has a part of a penny to round. */
const VOUCHER_RUSH_PRICE = 9.99;

/**
 * `pay` with codes for `eventId` at `price` a ticket: gift cards (bench/rushGiftCards.ts), about `cards` issued,
 * three in ten buyers naming one, at most four buyers the same card; and `vouchers` codes of five uses each
 * (bench/rushVouchers.ts), half of the buyers naming one, any code alike. The cards go to the same buyers whether or
 * not there are vouchers; a buyer's voucher only changes what is left for the card to pay.
 */
function codesScenario(
  count: number,
  eventId: string,
  { cards, vouchers = 0, price }: { cards: number; vouchers?: number; price?: number },
): Pick<Scenario, 'buyers' | 'codes' | 'shape'> {
  const unitPrice = toMinorUnits(price ?? RUSH_PRICE, CURRENCY);
  const paying = payingRush(count, eventId);
  const withVouchers =
    vouchers > 0
      ? voucherRush(paying, {
          ...{ codes: vouchers, uses: 5, share: 0.5, seed: 19 },
          ...{ eventId, unitPrice, currency: CURRENCY },
        })
      : null;
  const quantity = (plan: BuyerPlan) => Object.values(plan.lines).reduce((sum, units) => sum + units, 0);
  const cardsRush = giftCardRush(withVouchers?.buyers ?? paying, {
    ...{ cards, share: 0.3, perCard: 4, seed: 17 },
    ...{ dueOf: withVouchers?.dueOf ?? ((plan) => quantity(plan) * unitPrice), currency: CURRENCY },
  });
  return {
    buyers: cardsRush.buyers,
    codes: [cardsRush.codes, ...(withVouchers ? [withVouchers.codes] : [])],
    ...(price === undefined ? {} : { shape: { [eventId]: { price } } }),
  };
}

function baseScenarios(): Record<string, Scenario> {
  const a = random(1);
  const c = random(3);
  const events = ['rush-e1', 'rush-e2', 'rush-e3', 'rush-e4', 'rush-e5'];
  return {
    a: {
      name: 'a',
      what: '2,000 buyers × 1–4 tickets, an event of 1,000',
      stock: { 'rush-a': 1000 },
      buyers: Array.from({ length: 2000 }, () => ({ lines: { 'rush-a': between(a, 1, 4) } })),
      processes: 8,
    },
    b: {
      name: 'b',
      what: '20 buyers × 2 tickets, an event of 100',
      stock: { 'rush-b': 100 },
      buyers: Array.from({ length: 20 }, () => ({ lines: { 'rush-b': 2 } })),
      processes: 1,
    },
    c: {
      name: 'c',
      what: '500 buyers, wishlists of 1–3 lines over five events and a shop item',
      stock: { ...Object.fromEntries(events.map((id) => [id, 120])), 'rush-goods': 100 },
      buyers: Array.from({ length: 500 }, () => {
        const wanted = [...events, 'rush-goods'].sort(() => c() - 0.5).slice(0, between(c, 1, 3));
        return { lines: Object.fromEntries(wanted.map((id) => [id, between(c, 1, 3)])) };
      }),
      processes: 4,
    },
    clean: {
      name: 'clean',
      what: '200 honest buyers × 1–2 tickets, an event of 1,000 (nothing planted)',
      stock: { 'rush-p': 1000 },
      buyers: honestRush(false),
      processes: 2,
      seed: earlierOrders('rush-p'),
    },
    poisoned: {
      name: 'poisoned',
      what: 'the same 200 honest buyers, among them 10 requests reusing earlier orders’ ids and 3 pairs sharing one',
      stock: { 'rush-p': 1000 },
      buyers: honestRush(true),
      processes: 2,
      seed: earlierOrders('rush-p'),
    },
    pay: {
      name: 'pay',
      what: '2,000 buyers × 1–4 tickets, an event of 1,000, paying by card, transfer or at the door',
      stock: { 'rush-pay': 1000 },
      buyers: payingRush(2000, 'rush-pay'),
      processes: 8,
      seed: paymentsSeed(),
      payments: 'rush-pay',
    },
    types: {
      name: 'types',
      what: '2,000 buyers × 1–4 tickets of three types (Standard, Concession capped at 250, VIP of 100), a venue of 1,000',
      ...typesRush(2000),
      processes: 8,
    },
    giftcards: {
      name: 'giftcards',
      what: '2,000 buyers × 1–4 tickets, an event of 1,000, paying as in pay, 3 in 10 first with a gift card (151 issued)',
      stock: { 'rush-gift': 1000 },
      ...codesScenario(2000, 'rush-gift', { cards: 150 }),
      processes: 8,
      seed: paymentsSeed(),
      payments: 'rush-gift',
    },
    'giftcards-small': {
      name: 'giftcards-small',
      what: '200 buyers × 1–4 tickets, an event of 100, paying as in pay, 3 in 10 first with a gift card (20 issued)',
      stock: { 'rush-gift': 100 },
      ...codesScenario(200, 'rush-gift', { cards: 20 }),
      processes: 2,
      seed: paymentsSeed(),
      payments: 'rush-gift',
      lean: true,
    },
    vouchers: {
      name: 'vouchers',
      what:
        '2,000 buyers × 1–4 tickets at £9.99, an event of 1,000, paying as in giftcards (151 cards), ' +
        'half naming one of 100 vouchers of 5 uses',
      stock: { 'rush-voucher': 1000 },
      ...codesScenario(2000, 'rush-voucher', { cards: 150, vouchers: 100, price: VOUCHER_RUSH_PRICE }),
      processes: 8,
      seed: paymentsSeed(),
      payments: 'rush-voucher',
    },
    'vouchers-small': {
      name: 'vouchers-small',
      what:
        '200 buyers × 1–4 tickets at £9.99, an event of 100, paying as in giftcards (20 cards), ' +
        'half naming one of 5 vouchers of 5 uses (so that some are used up)',
      stock: { 'rush-voucher': 100 },
      ...codesScenario(200, 'rush-voucher', { cards: 20, vouchers: 5, price: VOUCHER_RUSH_PRICE }),
      processes: 2,
      seed: paymentsSeed(),
      payments: 'rush-voucher',
      lean: true,
    },
    invoices: {
      name: 'invoices',
      what: 'pay with UK VAT and invoices: every paid order invoiced, refunds and cancels credited, by a process killed part-way',
      stock: { 'rush-pay': 1000 },
      buyers: payingRush(2000, 'rush-pay'),
      processes: 2,
      lean: true,
      seed: { ...paymentsSeed(), ...invoicingSeed },
      payments: 'rush-pay',
      invoices: true,
    },
    'pay-small': {
      name: 'pay-small',
      what: '200 buyers × 1–4 tickets, an event of 100, paying by card, transfer or at the door',
      stock: { 'rush-pay': 100 },
      buyers: payingRush(200, 'rush-pay'),
      processes: 2,
      seed: paymentsSeed(),
      payments: 'rush-pay',
    },
  };
}

function product(id: string, stock: number | null, shape: Record<string, unknown> = {}) {
  return {
    title: `Rush ${id}`,
    price: RUSH_PRICE,
    description: '',
    image: '',
    category: 'Events',
    active: true,
    ...(stock === null ? {} : { stock }),
    ...(id === 'rush-goods' ? {} : { date: '2027-06-01T19:00:00Z' }),
    ...shape,
  };
}

const products = (scenario: Pick<Scenario, 'stock' | 'shape'>) =>
  Object.fromEntries(
    Object.entries(scenario.stock).map(([id, count]) => [id, product(id, count, scenario.shape?.[id])]),
  );

/** The quotas a scenario's product draws on (its shape's). */
const quotasOf = (scenario: Scenario, id: string): string[] =>
  Object.keys((scenario.shape?.[id]?.quotas as Record<string, true> | undefined) ?? {});

/** The child processes that host the buyers. */
class BuyerHosts {
  private readonly children: ChildProcess[];
  private constructor(count: number) {
    this.children = Array.from({ length: count }, () =>
      fork(BUYERS_SCRIPT, [], { execArgv: ['--import', 'tsx', '--max-old-space-size=2048'], stdio: 'inherit' }),
    );
  }

  static async start(scenario: Scenario, dbPort: number, authPort: number, allocateUrl: string) {
    const hosts = new BuyerHosts(scenario.processes);
    await hosts.all('ready', (child, index) => ({
      type: 'setup',
      dbPort,
      authPort,
      allocateUrl,
      buyers: scenario.buyers.filter((_, buyer) => buyer % scenario.processes === index),
      lean: scenario.lean === true,
    }));
    return hosts;
  }

  /** Sends each child its command and waits for every child's report of `type`. */
  async all<T extends BuyersReport['type']>(
    type: T,
    command: (child: ChildProcess, index: number) => BuyersCommand,
  ): Promise<Extract<BuyersReport, { type: T }>[]> {
    const reports = this.children.map(
      (child) =>
        new Promise<Extract<BuyersReport, { type: T }>>((resolve, reject) => {
          const onMessage = (report: BuyersReport) => {
            if (report.type !== type) return;
            child.off('message', onMessage);
            resolve(report as Extract<BuyersReport, { type: T }>);
          };
          child.on('message', onMessage);
          child.once('exit', (code) => reject(new Error(`a buyers process exited (${code})`)));
        }),
    );
    this.children.forEach((child, index) => child.send(command(child, index)));
    return Promise.all(reports);
  }

  /** The CPU time the buyers' processes have used so far, ms. */
  cpuMs(): number {
    return this.children.reduce((sum, child) => sum + processFigures(child.pid!).cpuMs, 0);
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.removeAllListeners('exit');
            child.once('exit', () => resolve());
            child.send({ type: 'close' } satisfies BuyersCommand);
            setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
          }),
      ),
    );
  }
}

/** The allocator as `vite preview` serves it, counting its runs' batches. */
async function allocatorEndpoint(databaseUrl: string) {
  const queue = adminQueueDatabase(databaseUrl);
  const allocator: Allocator = createAllocator(queue);
  const reports = new Set<Awaited<ReturnType<Allocator['settle']>>>();
  const counting: Allocator = {
    settle: async () => {
      const report = await allocator.settle();
      reports.add(report);
      return report;
    },
  };
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    void allocateRequest(counting, request.method).then((answer) => {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/api/orders/allocate`,
    batches: () => [...reports].reduce((sum, report) => sum + report.batches, 0),
    refusedBatches: () => [...reports].reduce((sum, report) => sum + report.refusedBatches, 0),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await queue.close();
    },
  };
}

/** CPU time (user + system) of a process, ms, and its peak resident memory, MiB (Linux /proc). */
function processFigures(pid: number): { cpuMs: number; peakMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpuMs: ticks * 10, peakMiB: Math.round(Number(peak ?? 0) / 1024) };
}

async function admin(dbPort: number, path: string): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${dbPort}/${path}.json?ns=${DEFAULT_NAMESPACE}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return response.json();
}

interface Outcome {
  results: BuyerResult[];
  /** The server time each buyer's request reached the database (orderRate/{uid}). */
  arrivals: Record<string, number>;
  /** The answers as the allocator wrote them, with their server time `at` (orderAnswers/{uid}/{requestId}). */
  answers: Record<string, Record<string, { at?: unknown }>>;
  orders: Record<string, Record<string, { items: Record<string, { quantity: number }> }>>;
  finalStock: Record<string, number>;
  /** Places left of each quota at the end. */
  finalQuotas: Record<string, number>;
  tickets: number;
}

/** Everything the issue's targets are judged by, from the buyers' answers and the database afterwards. */
function summarise(scenario: Scenario, outcome: Outcome) {
  const { results, arrivals, orders, finalStock } = outcome;
  const sold: Record<string, number> = {};
  let orderCount = 0;
  // Only this scenario's products: the Firebase stack's database also holds the demo shop's orders.
  // (and the poisoned scenario's earlier orders are not this rush's).
  for (const [uid, byUser] of Object.entries(orders ?? {})) {
    if (uid.startsWith('earlier-buyer-')) continue;
    for (const order of Object.values(byUser)) {
      const lines = Object.entries(order.items).filter(([id]) => id in scenario.stock);
      if (lines.length > 0) orderCount++;
      for (const [id, line] of lines) sold[id] = (sold[id] ?? 0) + line.quantity;
    }
  }
  const oversoldStock = Object.entries(scenario.stock).reduce(
    (sum, [id, stock]) =>
      stock === null ? sum : sum + Math.max(0, (sold[id] ?? 0) - stock) + Math.max(0, -(finalStock[id] ?? 0)),
    0,
  );
  // A quota is oversold by what its products sold beyond its places, or by places left below zero.
  const quotaSold: Record<string, number> = {};
  for (const id of Object.keys(scenario.stock)) {
    for (const quota of quotasOf(scenario, id)) quotaSold[quota] = (quotaSold[quota] ?? 0) + (sold[id] ?? 0);
  }
  const oversoldQuotas = Object.entries(scenario.quotas ?? {}).reduce(
    (sum, [quota, places]) =>
      sum + Math.max(0, (quotaSold[quota] ?? 0) - places) + Math.max(0, -(outcome.finalQuotas[quota] ?? 0)),
    0,
  );
  const oversold = oversoldStock + oversoldQuotas;
  /** What a product could still sell at the end: its own stock and its quotas' places, whichever is least. */
  const leftAtEnd = (id: string) =>
    unitsLeft(
      { stock: finalStock[id] ?? null, quotas: quotasOf(scenario, id) },
      new Map(Object.entries(outcome.finalQuotas)),
    ) ?? Number.POSITIVE_INFINITY;
  const kinds: Record<string, number> = {};
  for (const result of results) kinds[result.kind] = (kinds[result.kind] ?? 0) + 1;
  const short = results.filter((result) => result.kind === 'short');
  // Stranded: stock left at the end that a refused buyer asked for no more than.
  const strandedBuyers = short.filter((result) =>
    Object.entries(result.lines).every(([id, quantity]) => quantity <= leftAtEnd(id)),
  );
  // First come, first served. An inversion: a buyer refused as short of a product while a later buyer got that
  // product having asked for at least as many of it. A later buyer who asked for fewer than the refused one, no
  // more than were left, is served by design (no stock is left unsold while someone asks for what is left): those
  // are counted apart. With shared quotas "as many" is counted where the product sells from: its own stock and each
  // of its quotas, whichever the refused buyer fell short of. Which one that was the answer does not say, so the
  // later buyer must have taken at least as much of every one of them: places only go during a rush, so then
  // whichever it was, the later buyer's order could not have fitted either.
  const resourcesOf = (id: string) => [
    ...(scenario.stock[id] === null ? [] : [{ stock: id }]),
    ...quotasOf(scenario, id).map((quota) => ({ quota })),
  ];
  const asked = (lines: Record<string, number>, resource: { stock: string } | { quota: string }) =>
    'stock' in resource
      ? (lines[resource.stock] ?? 0)
      : Object.entries(lines)
          .filter(([id]) => quotasOf(scenario, id).includes(resource.quota))
          .reduce((sum, [, quantity]) => sum + quantity, 0);
  const granted = results.filter((result) => result.kind === 'ordered');
  let inversions = 0;
  let smallerServedLater = 0;
  for (const refused of short) {
    const at = arrivals[refused.uid] ?? 0;
    const shortOf = Object.keys(refused.left ?? {});
    const later = granted.filter(
      (winner) => (arrivals[winner.uid] ?? 0) > at && shortOf.some((id) => (winner.lines[id] ?? 0) > 0),
    );
    // What the refused buyer asked of each place its short lines sell from, worked out once for all later buyers.
    const needs = shortOf.map((id) =>
      resourcesOf(id).map((resource) => ({ resource, quantity: asked(refused.lines, resource) })),
    );
    const asMuch = later.some((winner) =>
      shortOf.some(
        (id, line) =>
          (winner.lines[id] ?? 0) > 0 &&
          needs[line]!.every(({ resource, quantity }) => asked(winner.lines, resource) >= quantity),
      ),
    );
    if (asMuch) inversions++;
    else if (later.length > 0) smallerServedLater++;
  }
  // Press to answer is the honest buyers' (a planted request's own wait is not what the figure is about).
  const honest = results.filter((result) => !result.planted);
  const times = honest.map((result) => result.ms).sort((x, y) => x - y);
  const queued = honest.map((result) => result.queuedMs).sort((x, y) => x - y);
  // The shop's own share, by the database's clock: the request reaching it to the allocator's answer written.
  const settled = honest
    .map((result) => Number(outcome.answers[result.uid]?.[result.requestId]?.at) - (arrivals[result.uid] ?? Number.NaN))
    .filter(Number.isFinite)
    .sort((x, y) => x - y);
  const plantedAnswers: Record<string, number> = {};
  for (const result of results.filter((r) => r.planted)) {
    plantedAnswers[result.kind] = (plantedAnswers[result.kind] ?? 0) + 1;
  }
  const ms = (value: number) => Math.round(value);
  return {
    stock: scenario.stock,
    sold,
    orders: orderCount,
    tickets: outcome.tickets,
    oversold,
    strandedUnits: [...new Set(strandedBuyers.flatMap((result) => Object.keys(result.lines)))].reduce(
      (sum, id) => sum + leftAtEnd(id),
      0,
    ),
    ...(scenario.quotas ? { quotas: scenario.quotas, quotaSold, quotasLeft: outcome.finalQuotas } : {}),
    strandedBuyers: strandedBuyers.length,
    answers: kinds,
    ...(results.length > honest.length ? { plantedAnswers } : {}),
    pressToAnswerMs: { p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), max: ms(times.at(-1) ?? 0) },
    // How much of that the request itself took to reach the database (the buyers' own writes, judged by the rules).
    pressToQueuedMs: { p50: ms(percentile(queued, 50)), p95: ms(percentile(queued, 95)), max: ms(queued.at(-1) ?? 0) },
    queuedToAnsweredMs: {
      p50: ms(percentile(settled, 50)),
      p95: ms(percentile(settled, 95)),
      max: ms(settled.at(-1) ?? 0),
      of: settled.length,
    },
    inversions: { count: inversions, share: Number((inversions / results.length).toFixed(4)) },
    smallerServedLater,
  };
}

async function readOutcome(dbPort: number, results: BuyerResult[]): Promise<Outcome> {
  const tickets = ((await admin(dbPort, 'tickets')) ?? {}) as Record<string, object>;
  return {
    results,
    arrivals: ((await admin(dbPort, 'orderRate')) ?? {}) as Record<string, number>,
    answers: ((await admin(dbPort, 'orderAnswers')) ?? {}) as Outcome['answers'],
    orders: ((await admin(dbPort, 'orders')) ?? {}) as Outcome['orders'],
    finalStock: Object.fromEntries(
      Object.entries(((await admin(dbPort, 'products')) ?? {}) as Record<string, { stock: number }>).map(
        ([id, value]) => [id, value.stock],
      ),
    ),
    finalQuotas: Object.fromEntries(
      Object.entries(((await admin(dbPort, 'quotas')) ?? {}) as Record<string, { left: number }>).map(([id, value]) => [
        id,
        value.left,
      ]),
    ),
    tickets: Object.entries(tickets)
      .filter(([id]) => id.startsWith('rush-'))
      .reduce((sum, [, byEvent]) => sum + Object.keys(byEvent).length, 0),
  };
}

async function runLocal(scenario: Scenario, authPort: number) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-rush-'));
  const seedFile = join(dir, 'seed.json');
  const quotas = Object.fromEntries(
    Object.entries(scenario.quotas ?? {}).map(([id, left]) => [id, { name: id, left }]),
  );
  writeFileSync(seedFile, JSON.stringify({ ...scenario.seed, quotas, products: products(scenario) }));
  const port = await freePort();
  // The local database as `npm run db` runs it, in a process of its own so that its CPU and memory can be read.
  const child = spawn(
    process.execPath,
    [
      // RUSH_PROFILE_DIR=<dir>: the database writes a V8 CPU profile of the run there, as it stops.
      ...(process.env.RUSH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_PROFILE_DIR}`] : []),
      '--import',
      'tsx',
      join(REPO, 'server', 'cli.ts'),
      ...['--host', '127.0.0.1', '--port', String(port), '--data', join(dir, 'data')],
      ...['--rules', join(REPO, 'database.rules.json'), '--import', seedFile],
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/database listening on/.test(chunk.toString())) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the database exited (${code})`)));
  });
  const databaseUrl = `http://127.0.0.1:${port}?ns=${DEFAULT_NAMESPACE}`;
  const endpoint = await allocatorEndpoint(databaseUrl);
  // Codes are written before the buyers connect: gift cards by trusted code through the rules, vouchers as the shop
  // is seeded (bench/rushGiftCards.ts, bench/rushVouchers.ts).
  for (const codes of scenario.codes ?? []) await codes.prepare(databaseUrl);
  const hosts = await BuyerHosts.start(scenario, port, authPort, endpoint.url);
  try {
    const before = processFigures(child.pid!);
    const loadBefore = loadavg()[0]!;
    const [buyersBefore, allocatorBefore, pressed] = [hosts.cpuMs(), process.cpuUsage(), performance.now()];
    const reports = await hosts.all('done', () => ({ type: 'go' }));
    const after = processFigures(child.pid!);
    const allocatorCpu = process.cpuUsage(allocatorBefore);
    const press = {
      wallMs: Math.round(performance.now() - pressed),
      buyersCpuMs: hosts.cpuMs() - buyersBefore,
      allocatorCpuMs: Math.round((allocatorCpu.user + allocatorCpu.system) / 1000),
    };
    const results = reports.flatMap((report) => report.results);
    const summary = summarise(scenario, await readOutcome(port, results));
    const orders = Math.max(1, summary.orders);
    const batchWrites = endpoint.batches() + endpoint.refusedBatches();
    const loadAfter = loadavg()[0]!;
    // The codes the buyers brought, read back as the rush left them, before anything is paid or lapses.
    const codesAfterRush: CodesReport[] = [];
    for (const codes of scenario.codes ?? []) codesAfterRush.push(await codes.afterRush(databaseUrl, results));
    // The pay scenario's aftermath: held orders paid or let lapse, then the accounting (bench/rushPayments.ts).
    const aftermath = scenario.payments
      ? await payAftermath(databaseUrl, scenario.payments, scenario.stock[scenario.payments]!)
      : undefined;
    const invoices = scenario.invoices ? await invoicesAftermath(databaseUrl) : undefined;
    const codesAfterPayments: CodesReport[] = [];
    for (const codes of scenario.codes ?? []) codesAfterPayments.push(await codes.afterPayments(databaseUrl));
    return {
      ...summary,
      batches: endpoint.batches(),
      refusedBatches: endpoint.refusedBatches(),
      // The buyers' own requests (one update each) and the allocator's batches, per request and per order placed
      // (where most buyers are refused, per order is mostly their requests).
      databaseWritesPerRequest: Number(((results.length + batchWrites) / results.length).toFixed(3)),
      databaseWritesPerOrder: Number(((results.length + batchWrites) / orders).toFixed(2)),
      databaseCpuMs: after.cpuMs - before.cpuMs,
      databasePeakMiB: after.peakMiB,
      // From "go" to the last buyer's answer: the CPU the buyers and the allocator used (the database's is above),
      // and all three against what the machine's cores had (docs/performance.md#the-on-sale-rush).
      press: {
        ...press,
        shareOfCores: Number(
          (
            (press.buyersCpuMs + press.allocatorCpuMs + after.cpuMs - before.cpuMs) /
            (press.wallMs * availableParallelism())
          ).toFixed(2),
        ),
      },
      loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      ...(aftermath ? { aftermath } : {}),
      ...(invoices ? { invoices } : {}),
      ...(scenario.codes
        ? {
            codes: Object.fromEntries(
              scenario.codes.map((codes, at) => [
                codes.name,
                { afterRush: codesAfterRush[at]!, afterPayments: codesAfterPayments[at]! },
              ]),
            ),
          }
        : {}),
    };
  } finally {
    await hosts.close();
    await endpoint.close();
    // The database writes its files as it stops: they are removed once it has.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Scenario (b) through Firebase Hosting and the Functions emulator, as `npm run start:firebase` serves it. */
async function runFirebase(scenario: Scenario) {
  const stack = await startFirebaseStack(FIREBASE_PORTS, buildDirs('dist-firebase-bench'));
  try {
    for (const [id, value] of Object.entries(products(scenario))) await stack.db.write(`products/${id}`, value);
    const allocateUrl = `http://localhost:${FIREBASE_PORTS.hosting}/api/orders/allocate`;
    // One call first, so that the timed rush does not include the function's first load.
    await fetch(allocateUrl, { method: 'POST' });
    const hosts = await BuyerHosts.start(scenario, FIREBASE_PORTS.db, FIREBASE_PORTS.auth, allocateUrl);
    try {
      const loadBefore = loadavg()[0]!;
      const reports = await hosts.all('done', () => ({ type: 'go' }));
      const results = reports.flatMap((report) => report.results);
      return {
        ...summarise(scenario, await readOutcome(FIREBASE_PORTS.db, results)),
        loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0]!.toFixed(2)) },
      };
    } finally {
      await hosts.close();
    }
  } finally {
    await stack.stop();
  }
}

function print(name: string, what: string, figures: object): void {
  console.log(`\nRush ${name}: ${what}`);
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(24)} ${JSON.stringify(value)}`);
}

/** Checks that failed, said on stderr; they make the run exit with a failure. */
function failLoudly(name: string, what: string, failed: readonly string[]): void {
  if (failed.length === 0) return;
  console.error(`\n*** Rush ${name}: ${what} do NOT add up (${failed.length} checks failed):`);
  for (const failure of failed) console.error(`***   ${failure}`);
  process.exitCode = 1;
}

/** A kind of code's figures and checks (`codes`: "gift cards", "vouchers"). */
function printCodes(name: string, codes: string, when: string, report: CodesReport): void {
  print(`${name}, ${codes}`, when, { ...report.figures, addsUp: report.failed.length === 0 ? 'yes' : 'no' });
  failLoudly(name, `the ${codes} ${when}`, report.failed);
}

/**
 * What a rush with codes must hold of itself, failing loudly as the codes' checks do: nothing oversold (a product's
 * stock or a shared quota's places), and every buyer answered.
 */
function rushFailures(rush: { oversold: number; answers: Record<string, number> }): string[] {
  const unanswered = ['unanswered', 'refused', 'failed'].reduce((sum, kind) => sum + (rush.answers[kind] ?? 0), 0);
  return [
    ...(rush.oversold !== 0 ? [`${rush.oversold} oversold`] : []),
    ...(unanswered > 0 ? [`${unanswered} buyers without an answer, refused to queue, or given up on`] : []),
  ];
}

export async function runRushBench(only: readonly string[] = []): Promise<Record<string, unknown>> {
  const all = scenarios();
  const wanted =
    only.length > 0
      ? only
      : [
          ...['a', 'b', 'c', 'clean', 'poisoned', 'pay', 'types'],
          ...['a-lean', 'pay-lean', 'types-lean', 'giftcards-lean', 'vouchers-lean', 'invoices', 'rules', 'firebase'],
        ];
  const results: Record<string, unknown> = {};
  if (wanted.includes('rules')) {
    results.rules = runRulesBatchBench();
    print('rules', 'the rules judging one allocator batch of 250 orders, in the server core', results.rules as object);
  }
  const authDir = mkdtempSync(join(tmpdir(), 'storefront-rush-auth-'));
  const authPort = await freePort();
  const auth = await AuthEmulator.launch({ repo: REPO, dir: authDir, host: '127.0.0.1', port: authPort });
  try {
    await auth.ready({ persist: false });
    for (const name of wanted.filter((name) => name in all)) {
      const scenario = all[name]!;
      const { aftermath, codes, ...rush } = await runLocal(scenario, authPort);
      results[name] = { ...rush, ...(aftermath ? { aftermath } : {}), ...(codes ? { codes } : {}) };
      print(name, `${scenario.what} (vite preview's allocator, local database)`, rush);
      if (codes) failLoudly(name, 'its stock and answers', rushFailures(rush));
      for (const [kind, reports] of Object.entries(codes ?? {})) {
        printCodes(name, kind, 'as the rush left them', reports.afterRush);
      }
      if (aftermath) {
        print(
          `${name}, aftermath`,
          'every other held order of each method paid (marks, card), the rest lapsed by the expiry job',
          aftermath,
        );
      }
      for (const [kind, reports] of Object.entries(codes ?? {})) {
        printCodes(
          name,
          kind,
          'after the payments’ aftermath, what lapsed orders took given back',
          reports.afterPayments,
        );
      }
    }
  } finally {
    await auth.stop();
    rmSync(authDir, { recursive: true, force: true });
  }
  if (wanted.includes('firebase')) {
    results.firebaseB = await runFirebase(all.b!);
    print('b', `${all.b!.what} (Firebase Hosting + Functions emulators)`, results.firebaseB as object);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runRushBench(process.argv.slice(2));
  // A failed check of a rush with codes has set a failure (failLoudly); every other figure is printed, never asserted.
  process.exit(process.exitCode ?? 0);
}
