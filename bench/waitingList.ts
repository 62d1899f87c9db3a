/**
 * The waiting list (issue 50's "Must hold", docs/waiting-list.md): 300 people wait for a sold-out event whose places
 * come back 10 at a time, while a crowd of public buyers presses for the same event. Against the real local database
 * with the shop's rules (in a process of its own, as bench/rush.ts starts it), with trusted code's real modules:
 * joinWaitingList and leaveWaitingList, the allocator (createAllocator().settle()), the desk's cancel applier and the
 * minute job (runHoldsJob: lapses, releases, offers).
 *
 * Each round: 10 places come back (an unpaid order's hold lapses, the desk cancels orders, or staff raise the
 * places; in turn) while 50 public requests are queued and settled, and the job runs once; then each live offer is
 * bought with its code, left to expire or left, and the job runs again. After every step the whole database is read
 * and the rules of "Must hold" are checked; a check that fails is said on stderr, ends the run and sets a failing
 * exit code. Correctness is checked, not timed: the job's run times and the load average are printed, never asserted.
 *
 *   npx tsx bench/waitingList.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQueueDatabase } from '../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../functions/src/orders/allocator';
import { orderIdFor } from '../functions/src/orders/orderId';
import { cancelApplier } from '../functions/src/payments/cancel';
import { runHoldsJob } from '../functions/src/payments/holdsJob';
import { joinWaitingList, leaveWaitingList } from '../functions/src/waitinglist/join';
import { freePort } from '../scripts/stack/ports';
import { DEFAULT_NAMESPACE } from '../server/server';
import { unitsLeft } from '../src/features/catalogue/quota';
import { deskKey } from '../src/features/orders/deskIndex';
import { cancelPaths, cancelRequestRecord } from '../src/features/orders/orderCancels';
import { requestRecord } from '../src/features/orders/orderRequest';
import type { PaymentMethod } from '../src/features/payments/model/paymentSettings';
import { holdsAt, parseVoucher, voucherPaths, type Voucher } from '../src/features/vouchers/model/voucher';
import { parseWaitingLists, type WaitingEntry } from '../src/features/waitinglist/model/waitingList';
import { percentile } from './liveApp';
import { random, record, sum, type Tree } from './rushCodes';
import { paymentsSeed } from './rushPayments';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const EVENT = 'wait-gig';
const QUOTA = 'wait-hall';
/** Places at the start: the event's stock and its hall's quota, sold out by 100 unpaid orders of two. */
const CAPACITY = 200;
const SEED_ORDERS = 100;
const WAITING = 300;
const PER_ROUND = 10;
const CROWD = 50;
/** More rounds than this and the list is not being served: a failure, not a long run. */
const MAX_ROUNDS = 60;
/** Staff, as paymentsSeed makes them (bench/rushPayments.ts). */
const STAFF = 'rush-staff';
const WAYS = ['lapse', 'cancel', 'staff'] as const;
type Way = (typeof WAYS)[number];

/** A step's checks that did not hold: the run stops there, the step named. */
class Broken extends Error {}

/** The local database as `npm run db` runs it, with the shop's rules, seeded from `seed`. */
async function startDatabase(seed: Tree) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-waiting-'));
  writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', join(REPO, 'server', 'cli.ts'), '--host', '127.0.0.1', '--port', String(port)],
      ...[
        '--data',
        join(dir, 'data'),
        '--rules',
        join(REPO, 'database.rules.json'),
        '--import',
        join(dir, 'seed.json'),
      ],
    ],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/database listening on/.test(chunk.toString())) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the database exited (${code})`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}?ns=${DEFAULT_NAMESPACE}`,
    stop: async () => {
      child.removeAllListeners('exit');
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A REST request as `uid` (judged by the rules, as a buyer's or staff's own write is: the admin credential speaking
 * for them, auth_variable_override), or as admin. Cheaper than an SDK connection per buyer, the same rules.
 */
async function rest(port: number, method: string, path: string, body?: unknown, uid?: string): Promise<unknown> {
  const as = uid ? `&auth_variable_override=${encodeURIComponent(JSON.stringify({ uid }))}` : '';
  const response = await fetch(`http://127.0.0.1:${port}/${path}.json?ns=${DEFAULT_NAMESPACE}${as}`, {
    method,
    headers: { Authorization: 'Bearer owner' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer: unknown = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path} as ${uid ?? 'admin'}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

const SERVER_TIME = { '.sv': 'timestamp' };
const increment = (by: number) => ({ '.sv': { increment: by } });

/** The database as one reading, and what the checks need of it. */
interface Reading {
  stock: number;
  quota: number;
  /** Every order's places of the event, its voucher and status, by `uid/orderId`. */
  orders: Map<string, { uid: string; quantity: number; voucher: string | null; status: string }>;
  vouchers: Map<string, Voucher>;
  uses: Tree;
  line: WaitingEntry[];
  demand: number;
}

export async function runWaitingListBench() {
  console.log(
    `\n== the waiting list: ${WAITING} waiting, places back ${PER_ROUND} a round, ${CROWD} public a round ==`,
  );
  const loadStart = loadavg().map((load) => Number(load.toFixed(2)));
  const db = await startDatabase({
    ...paymentsSeed(),
    quotas: { [QUOTA]: { name: 'Hall', left: CAPACITY } },
    products: {
      [EVENT]: {
        ...{ title: 'Waiting Gig', price: 10, description: '', image: '', category: 'Events', active: true },
        ...{ date: '2027-06-01T19:00:00Z', stock: CAPACITY, quotas: { [QUOTA]: true } },
      },
    },
  });
  const trusted = adminQueueDatabase(db.url);
  const allocator = createAllocator(trusted);
  const next = random(50);
  let capacity = CAPACITY;
  const figures = {
    rounds: 0,
    ways: { lapse: 0, cancel: 0, staff: 0 } as Record<Way, number>,
    offersMade: 0,
    bought: 0,
    expired: 0,
    left: 0,
    /** Second requests with a code already bought with (a forwarded email): each must be refused. */
    forwardedRefused: 0,
    publicRequests: 0,
    publicOrdered: 0,
    publicRefused: 0,
    /** Public orders by round: only once nobody is left waiting. */
    publicOrderedByRound: {} as Record<number, number>,
  };
  /** The job's run times, ms: run while the crowd presses and places come back, and run after the answers. */
  const jobMs = { withCrowd: [] as number[], afterAnswers: [] as number[] };
  /** Each entry's voucher, as first offered: an entry is offered once, and never two codes. */
  const offerOf = new Map<string, string>();
  /** Offers this bench answered, by entry id, with how: what the next run of the job must show. */
  const answered = new Map<string, 'bought' | 'expired' | 'left'>();
  const failures: string[] = [];
  let publicThisRound = 0;
  let requests = 0;

  /** Buyer `uid` queues a request for `quantity` of the event, as the app does (one update, rate stamp). */
  async function queue(uid: string, quantity: number, method: PaymentMethod, voucher?: string) {
    const id = `request-${++requests}`;
    const contact = { name: `Buyer ${uid}`, email: `${uid}@example.com` };
    const lines = [{ productId: EVENT, quantity }];
    await rest(
      db.port,
      'PATCH',
      '',
      {
        [`orderQueue/${uid}`]: requestRecord(id, lines, contact, SERVER_TIME, {
          method,
          ...(voucher ? { voucher } : {}),
        }),
        [`orderRate/${uid}`]: SERVER_TIME,
      },
      uid,
    );
    return { uid, id, order: orderIdFor(uid, id) };
  }
  const answerOf = async (request: { uid: string; id: string }) =>
    record(await rest(db.port, 'GET', `orderAnswers/${request.uid}/${request.id}`));

  async function read(): Promise<Reading> {
    const root = record(await rest(db.port, 'GET', ''));
    const orders: Reading['orders'] = new Map();
    for (const [uid, byUser] of Object.entries(record(root.orders))) {
      for (const [id, raw] of Object.entries(record(byUser))) {
        const order = record(raw);
        const quantity = Number(record(record(order.items)[EVENT]).quantity ?? 0);
        const voucher = record(order.voucher).code;
        const status = String(order.status);
        orders.set(`${uid}/${id}`, { uid, quantity, voucher: typeof voucher === 'string' ? voucher : null, status });
      }
    }
    const vouchers = new Map(
      Object.entries(record(root.vouchers)).flatMap(([code, raw]) => {
        const voucher = parseVoucher(code, raw);
        return voucher ? [[code, voucher] as const] : [];
      }),
    );
    return {
      stock: Number(record(record(root.products)[EVENT]).stock),
      quota: Number(record(record(root.quotas)[QUOTA]).left),
      orders,
      vouchers,
      uses: record(root.voucherUses),
      line: parseWaitingLists(root.waitingList).get(EVENT) ?? [],
      demand: Number(record(record(root.waitingDemand).products)[EVENT] ?? 0),
    };
  }

  /** Everything "Must hold" says, of one reading; `afterJob` when the job has just run (offers made and closed). */
  async function check(step: string, afterJob: boolean): Promise<Reading> {
    const now = Date.now();
    const state = await read();
    const failed: string[] = [];
    const standing = [...state.orders.values()].filter((order) => order.status !== 'cancelled');
    const sold = sum(standing.map((order) => order.quantity));
    const held = sum([...state.vouchers.values()].map((voucher) => voucher.held ?? 0));
    // Every place is sold, held by an offer, or free: nothing made, nothing lost, the stock and the hall alike.
    if (state.stock + held + sold !== capacity)
      failed.push(`stock ${state.stock} + held ${held} + sold ${sold} is not the capacity ${capacity}`);
    if (state.quota + held + sold !== capacity)
      failed.push(`quota ${state.quota} + held ${held} + sold ${sold} is not the capacity ${capacity}`);
    const byCode = new Map<string, WaitingEntry[]>();
    for (const entry of state.line) {
      if (!entry.voucher) continue;
      byCode.set(entry.voucher, [...(byCode.get(entry.voucher) ?? []), entry]);
      const first = offerOf.get(entry.id) ?? entry.voucher;
      offerOf.set(entry.id, first);
      if (first !== entry.voucher) failed.push(`entry ${entry.id} offered twice: ${first}, then ${entry.voucher}`);
    }
    for (const [code, voucher] of state.vouchers) {
      const entries = byCode.get(code) ?? [];
      // Each offer's voucher is one entry's, holds no more than it wanted, and is used once at most.
      if (entries.length !== 1) failed.push(`voucher ${code} is the offer of ${entries.length} entries`);
      const entry = entries[0];
      const orders = standing.filter((order) => order.voucher === code);
      if (voucher.used > 1 || orders.length > 1 || Object.keys(record(state.uses[code])).length > 1)
        failed.push(`voucher ${code} used ${voucher.used} times, by ${orders.length} orders`);
      if (entry && (voucher.held ?? 0) + sum(orders.map((order) => order.quantity)) > entry.quantity)
        failed.push(`voucher ${code} holds and sold more than entry ${entry.id}'s ${entry.quantity}`);
      if (!afterJob || !entry) continue;
      // Once the job has run, a voucher that holds places is a live offer, and every live offer holds its places.
      const live = holdsAt(voucher, now);
      if ((voucher.held ?? 0) > 0 && (!live || entry.state !== 'offered'))
        failed.push(`voucher ${code} still holds ${voucher.held} for entry ${entry.id} (${entry.state}) after a job`);
      if (entry.state === 'offered' && (!live || (voucher.used === 0 && voucher.held !== entry.quantity)))
        failed.push(`entry ${entry.id} offered but its voucher ${code} is not live with its places after a job`);
    }
    const waiting = state.line.filter((entry) => entry.state === 'waiting');
    const wanted = sum(waiting.map((entry) => entry.quantity));
    if (state.demand !== wanted) failed.push(`waitingDemand ${state.demand}, the waiting want ${wanted}`);
    if (afterJob) {
      // In order: nobody waiting was passed over for someone later who wanted as many or more, and nobody waiting
      // fits in the places left free.
      const free = unitsLeft({ stock: state.stock, quotas: [QUOTA] }, new Map([[QUOTA, state.quota]])) ?? 0;
      for (const entry of waiting) {
        if (entry.quantity <= free) failed.push(`entry ${entry.id} waits for ${entry.quantity} with ${free} free`);
        const later = state.line.find(
          (other) => other.at > entry.at && other.voucher && other.quantity >= entry.quantity,
        );
        if (later) failed.push(`entry ${entry.id} (${entry.quantity}) passed over for ${later.id} (${later.quantity})`);
      }
      // The public bought this round only places nobody waiting wanted.
      if (publicThisRound > 0 && waiting.length > 0)
        failed.push(`${publicThisRound} public orders this round while ${waiting.length} still wait`);
      // Offers answered or passed on within one run: each answer shows on its entry.
      for (const [id, how] of answered) {
        const entry = state.line.find((candidate) => candidate.id === id);
        if (entry?.state !== how) failed.push(`entry ${id} ${how} its offer, and is ${entry?.state} after the job`);
      }
      answered.clear();
    }
    if (failed.length > 0) {
      failures.push(...failed.map((failure) => `${step}: ${failure}`));
      throw new Broken(step);
    }
    return state;
  }

  /** One run of the minute job, timed. */
  async function job(times: number[]) {
    const started = performance.now();
    const report = await runHoldsJob(trusted, Date.now());
    times.push(performance.now() - started);
    figures.offersMade += report.offered;
    return report;
  }

  /** The public press: `CROWD` requests in five waves, each settled as it lands (new accounts: one request each). */
  async function crowd(round: number) {
    for (let wave = 0; wave < 5; wave++) {
      const requests = await Promise.all(
        Array.from({ length: CROWD / 5 }, (_, n) => queue(`public-${round}-${wave}-${n}`, 1 + (n % 2), 'door')),
      );
      await allocator.settle();
      for (const request of requests) {
        const kind = (await answerOf(request)).kind;
        figures.publicRequests++;
        if (kind === 'ordered') publicThisRound++;
        else figures.publicRefused++;
      }
    }
    figures.publicOrdered += publicThisRound;
    if (publicThisRound > 0) figures.publicOrderedByRound[round] = publicThisRound;
  }

  // Seed orders still standing, unpaid by transfer: what lapses or is cancelled gives its places back.
  const seeded: { uid: string; order: string }[] = [];
  try {
    // Sold out: 100 buyers of two, by bank transfer, through the queue.
    const seedRequests = await Promise.all(
      Array.from({ length: SEED_ORDERS }, (_, n) => queue(`seed-${n}`, CAPACITY / SEED_ORDERS, 'transfer')),
    );
    await allocator.settle();
    for (const request of seedRequests) {
      if ((await answerOf(request)).kind !== 'ordered') throw new Error(`seed order ${request.uid} not placed`);
      seeded.push({ uid: request.uid, order: request.order });
    }
    // In line in the order they came: one place each, one in ten two.
    for (let n = 0; n < WAITING; n++) {
      const request = { product: EVENT, email: `waiter${n}@example.com`, quantity: n % 10 === 3 ? 2 : 1 };
      const answer = await joinWaitingList(trusted, { ...request, language: 'en-GB' }, Date.now());
      if (!answer.ok || answer.position !== n + 1) throw new Error(`waiter ${n} joined as ${JSON.stringify(answer)}`);
    }
    const waiterOf = (entry: WaitingEntry) => entry.email.split('@')[0]!;
    let state = await check('seeded: sold out, 300 in line', false);

    for (let round = 1; state.line.some((e) => e.state === 'waiting' || e.state === 'offered'); round++) {
      if (round > MAX_ROUNDS) throw new Error(`still people in line after ${MAX_ROUNDS} rounds`);
      figures.rounds = round;
      publicThisRound = 0;
      // In turn; once the unpaid orders are all gone, staff add places.
      const way: Way = seeded.length < PER_ROUND / 2 ? 'staff' : WAYS[(round - 1) % WAYS.length]!;
      figures.ways[way]++;
      const back = way === 'staff' ? [] : seeded.splice(0, PER_ROUND / 2);
      const giveBack = async () => {
        if (way === 'lapse') {
          // Their holds ended a minute ago: the job's expiry gives the places back, while the crowd presses.
          const until = Date.now() - 60_000;
          const ended = back.flatMap(({ uid, order }) => [
            [`orders/${uid}/${order}/pay/until`, until],
            [`deskOrders/${deskKey(uid, order)}/hold`, until],
          ]);
          await rest(db.port, 'PATCH', '', Object.fromEntries(ended));
        } else if (way === 'cancel') {
          // As the desk cancels: staff queue the requests (judged by the rules), trusted code applies them.
          await rest(
            db.port,
            'PATCH',
            '',
            Object.fromEntries(
              back.map(({ uid, order }) => [
                cancelPaths.request(`cancel-${round}-${uid}`),
                cancelRequestRecord({ uid, order, by: STAFF }, SERVER_TIME),
              ]),
            ),
            STAFF,
          );
          await cancelApplier(trusted)();
        } else {
          // Staff raise the event and its hall by ten; increments, so a sale meanwhile is not written over.
          capacity += PER_ROUND;
          await rest(
            db.port,
            'PATCH',
            '',
            { [`products/${EVENT}/stock`]: increment(PER_ROUND), [`quotas/${QUOTA}/left`]: increment(PER_ROUND) },
            STAFF,
          );
        }
        await job(jobMs.withCrowd);
      };
      await Promise.all([giveBack(), crowd(round)]);
      state = await check(`round ${round} (${way}): places back, ${CROWD} public, the job`, true);

      // The live offers answered: about half bought, three in ten left to expire, two in ten left.
      const live = state.line.filter((entry) => entry.state === 'offered' && !answered.has(entry.id));
      const buys: { uid: string; id: string; entry: WaitingEntry }[] = [];
      for (const entry of live) {
        const roll = next();
        if (roll < 0.5) {
          buys.push({ ...(await queue(waiterOf(entry), entry.quantity, 'door', entry.voucher!)), entry });
          // One in five forwards the email: a second account tries the same code.
          if (roll < 0.1) {
            const copy = await queue(`forwarded-${waiterOf(entry)}`, entry.quantity, 'door', entry.voucher!);
            buys.push({ ...copy, entry });
          }
          answered.set(entry.id, 'bought');
        } else if (roll < 0.8) {
          await rest(db.port, 'PUT', `${voucherPaths.voucher(entry.voucher!)}/until`, Date.now() - 1000);
          answered.set(entry.id, 'expired');
        } else {
          const answer = await leaveWaitingList(trusted, EVENT, entry.id, entry.key);
          if (!answer.ok) throw new Error(`entry ${entry.id} could not leave`);
          answered.set(entry.id, 'left');
        }
      }
      await allocator.settle();
      // Each bought offer is one order, the holder's or the forwarded copy's, whichever the queue took first.
      for (const entry of new Set(buys.map((buy) => buy.entry))) {
        const tries = buys.filter((buy) => buy.entry === entry);
        const kinds = await Promise.all(tries.map(async (buy) => String((await answerOf(buy)).kind)));
        const ordered = kinds.filter((kind) => kind === 'ordered').length;
        figures.forwardedRefused += tries.length - ordered - (ordered === 0 ? 1 : 0);
        if (ordered !== 1)
          failures.push(`round ${round}: offer ${entry.voucher} of ${entry.id} bought by ${ordered} orders (${kinds})`);
      }
      if (failures.length > 0) throw new Broken(`round ${round}: offers bought`);
      for (const how of answered.values()) figures[how]++;
      await check(`round ${round}: offers bought, left to expire, left`, false);
      await job(jobMs.afterAnswers);
      state = await check(`round ${round}: the job after the answers`, true);
    }
    // What the job said it offered is what the entries show: one offer each, none made and not recorded.
    if (offerOf.size !== figures.offersMade)
      failures.push(`the job reported ${figures.offersMade} offers, ${offerOf.size} entries were offered`);
  } catch (error) {
    if (!(error instanceof Broken)) failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    await trusted.close();
    await db.stop();
  }

  const spread = (times: number[]) => {
    const sorted = times.map(Math.round).sort((a, b) => a - b);
    const [median, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
    return { median, p95, spread: `${sorted[0]}–${sorted.at(-1)}`, runs: sorted.length };
  };
  const results = {
    ...figures,
    jobMsWithCrowd: spread(jobMs.withCrowd),
    jobMsAfterAnswers: spread(jobMs.afterAnswers),
    loadAverage: { start: loadStart, end: loadavg().map((load) => Number(load.toFixed(2))) },
    holds: failures.length === 0 ? 'yes' : 'no',
  };
  for (const [key, value] of Object.entries(results)) console.log(`  ${key.padEnd(20)} ${JSON.stringify(value)}`);
  if (failures.length > 0) {
    console.error(`\n*** The waiting list does NOT hold (${failures.length} checks failed):`);
    for (const failure of failures) console.error(`***   ${failure}`);
    process.exitCode = 1;
  }
  return { ...results, failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runWaitingListBench();
  process.exit(process.exitCode ?? 0);
}
