/**
 * Child process of bench/rush.ts: hosts buyers, each a real firebase JS SDK client with a guest account (anonymous
 * sign-in at the Auth emulator) and a database connection of its own. On "go" every buyer does what the app does
 * when its buyer presses the button (src/features/checkout/placeOrder.ts): queue the request with the rate stamp
 * in one update, ask the allocator to settle (one call at a time, again after 3 s, 6 s …), and wait for the
 * answer; it reports the time from press to answer.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInAnonymously } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  get,
  getDatabase,
  goOffline,
  onValue,
  push,
  ref,
  serverTimestamp,
  update,
  type Database,
} from 'firebase/database';
import { parseAnswer, requestRecord } from '../src/features/orders/orderRequest';
import type { PaymentMethod } from '../src/features/orders/paymentSettings';

export interface BuyerPlan {
  lines: Record<string, number>;
  /**
   * A request id chosen to collide (the poisoning scenario: an id another account ordered under, or one another
   * buyer chooses at the same moment); a fresh push id when absent.
   */
  requestId?: string;
  /** How the buyer chooses to pay (the `pay` scenario); at the door when absent. */
  method?: PaymentMethod;
}

export type BuyersCommand =
  | { type: 'setup'; dbPort: number; authPort: number; allocateUrl: string; buyers: BuyerPlan[] }
  | { type: 'go' }
  | { type: 'close' };

export interface BuyerResult {
  uid: string;
  requestId: string;
  lines: Record<string, number>;
  /** The answer's kind, or 'unanswered' (no answer in time), 'refused' (the request could not be queued). */
  kind: string;
  /** Press to answer, ms. */
  ms: number;
  /** Press to the database's acknowledgement of the request, ms. */
  queuedMs: number;
  left?: Record<string, number>;
  /** A planted request (its id chosen to collide), not an honest buyer's. */
  planted: boolean;
}

export type BuyersReport = { type: 'ready' } | { type: 'done'; results: BuyerResult[] };

const ANSWER_TIMEOUT_MS = 120_000;
const SIGN_INS_AT_ONCE = 25;

interface Buyer {
  app: FirebaseApp;
  db: Database;
  uid: string;
  plan: BuyerPlan;
}

const buyers: Buyer[] = [];
let allocateUrl = '';

function send(report: BuyersReport): void {
  process.send?.(report);
}

async function createBuyer(index: number, dbPort: number, authPort: number, plan: BuyerPlan): Promise<Buyer> {
  const app = initializeApp(
    {
      apiKey: 'demo-key',
      projectId: 'demo-storefront',
      databaseURL: 'https://demo-storefront-default-rtdb.firebaseio.com',
    },
    `buyer-${process.pid}-${index}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${authPort}`, { disableWarnings: true });
  const { user } = await signInAnonymously(auth);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', dbPort);
  // Connected and signed in to the database before the sale opens, as a buyer's open page is.
  await get(ref(db, `orderAnswers/${user.uid}`));
  return { app, db, uid: user.uid, plan };
}

async function setup(command: Extract<BuyersCommand, { type: 'setup' }>): Promise<void> {
  allocateUrl = command.allocateUrl;
  for (let start = 0; start < command.buyers.length; start += SIGN_INS_AT_ONCE) {
    const batch = command.buyers.slice(start, start + SIGN_INS_AT_ONCE);
    buyers.push(
      ...(await Promise.all(
        batch.map((plan, offset) => createBuyer(start + offset, command.dbPort, command.authPort, plan)),
      )),
    );
  }
  send({ type: 'ready' });
}

function press(buyer: Buyer): Promise<BuyerResult> {
  const started = performance.now();
  const requestId = buyer.plan.requestId ?? push(ref(buyer.db, 'orders')).key!;
  const lines = Object.entries(buyer.plan.lines).map(([productId, quantity]) => ({ productId, quantity }));
  let queuedMs = Number.NaN;
  const result = (kind: string, left?: Record<string, number>): BuyerResult => ({
    uid: buyer.uid,
    requestId,
    lines: buyer.plan.lines,
    kind,
    ms: performance.now() - started,
    queuedMs,
    ...(left ? { left } : {}),
    planted: buyer.plan.requestId !== undefined,
  });
  return new Promise((resolve) => {
    let calling = false;
    let wait = 3000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const nudge = () => {
      if (!calling) {
        calling = true;
        void fetch(allocateUrl, { method: 'POST' })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined)
          .finally(() => {
            calling = false;
          });
      }
      timer = setTimeout(nudge, wait);
      wait = Math.min(wait * 2, 30_000);
    };
    const giveUp = setTimeout(() => finish(result('unanswered')), ANSWER_TIMEOUT_MS);
    let stop = () => {};
    const finish = (outcome: BuyerResult) => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      stop();
      resolve(outcome);
    };
    const record = requestRecord(
      requestId,
      lines,
      { name: `Buyer ${buyer.uid.slice(0, 6)}`, email: `${buyer.uid.toLowerCase()}@example.com` },
      serverTimestamp(),
      // As the app asks: with the language the buyer reads.
      { method: buyer.plan.method ?? 'door', language: 'en-GB' },
    );
    update(ref(buyer.db), { [`orderQueue/${buyer.uid}`]: record, [`orderRate/${buyer.uid}`]: serverTimestamp() }).then(
      () => {
        queuedMs = performance.now() - started;
        stop = onValue(ref(buyer.db, `orderAnswers/${buyer.uid}/${requestId}`), (snapshot) => {
          const answer = parseAnswer(snapshot.val());
          if (answer) finish(result(answer.kind, answer.kind === 'short' ? answer.left : undefined));
        });
        nudge();
      },
      () => finish(result('refused')),
    );
  });
}

process.on('message', (command: BuyersCommand) => {
  if (command.type === 'setup') void setup(command);
  if (command.type === 'go') void Promise.all(buyers.map(press)).then((results) => send({ type: 'done', results }));
  if (command.type === 'close') {
    void Promise.all(
      buyers.map(async (buyer) => {
        goOffline(buyer.db);
        await deleteApp(buyer.app);
      }),
    ).finally(() => process.exit(0));
  }
});
