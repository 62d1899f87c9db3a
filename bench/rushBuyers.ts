/**
 * Child process of bench/rush.ts: hosts buyers, each with a guest account (anonymous sign-in at the Auth emulator)
 * and a database connection of its own: a real firebase JS SDK client, or in the lean scenarios a minimal
 * wire-protocol client (bench/raw-client.ts) sending the same messages for a fraction of the CPU. On "go" every
 * buyer does what the app does when its buyer presses the button (src/features/checkout/placeOrder.ts): queue the
 * request with the rate stamp in one update, ask the allocator to settle (one call at a time, again after 3 s, 6 s
 * …), and wait for the answer; it reports the time from press to answer.
 */
import { deleteApp, initializeApp } from 'firebase/app';
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
import type { PaymentMethod } from '../src/features/payments/model/paymentSettings';
import { isRecord } from '../src/state/validation';
import { pushId } from '../server/core/push-id';
import { getAt } from '../server/core/tree';
import type { ExportJson } from '../server/core/model';
import { RawClient } from './raw-client';

export interface BuyerPlan {
  lines: Record<string, number>;
  /**
   * A request id chosen to collide (the poisoning scenario: an id another account ordered under, or one another
   * buyer chooses at the same moment); a fresh push id when absent.
   */
  requestId?: string;
  /** How the buyer chooses to pay (the `pay` scenario); at the door when absent. */
  method?: PaymentMethod;
  /** A gift card's code (its stored form) to pay with first (the `giftcards` scenario, bench/rushGiftCards.ts). */
  giftCard?: string;
  /** A voucher's code (its stored form) to lower the prices with (the `vouchers` scenario, bench/rushVouchers.ts). */
  voucher?: string;
}

export type BuyersCommand =
  | { type: 'setup'; dbPort: number; authPort: number; allocateUrl: string; buyers: BuyerPlan[]; lean: boolean }
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
  /** The gift card the request named, if any. */
  giftCard?: string;
  /** The voucher the request named, if any. */
  voucher?: string;
}

export type BuyersReport = { type: 'ready' } | { type: 'done'; results: BuyerResult[] };

const ANSWER_TIMEOUT_MS = 120_000;
const SIGN_INS_AT_ONCE = 25;

/** A buyer's signed-in connection to the database: what pressing the button needs of it. */
interface Link {
  uid: string;
  /** A fresh request id, as the app's `push` makes one. */
  newId(): string;
  /** The rate stamp as the database's clock will fill it in. */
  readonly serverTime: unknown;
  /** One multi-path update at the root. */
  update(values: Record<string, unknown>): Promise<void>;
  /** Follows the value at `path`; returns how to stop. */
  follow(path: string, onValue: (value: unknown) => void): () => void;
  close(): Promise<void>;
}

interface Buyer {
  link: Link;
  plan: BuyerPlan;
}

const buyers: Buyer[] = [];
let allocateUrl = '';

function send(report: BuyersReport): void {
  process.send?.(report);
}

async function sdkLink(index: number, dbPort: number, authPort: number): Promise<Link> {
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
  const db: Database = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', dbPort);
  // Connected and signed in to the database before the sale opens, as a buyer's open page is.
  await get(ref(db, `orderAnswers/${user.uid}`));
  return {
    uid: user.uid,
    newId: () => push(ref(db, 'orders')).key!,
    serverTime: serverTimestamp(),
    update: (values) => update(ref(db), values),
    follow: (path, onValue_) => onValue(ref(db, path), (snapshot) => onValue_(snapshot.val())),
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

function putAt(value: unknown, relative: readonly string[], data: unknown): unknown {
  if (relative.length === 0) return data;
  const [key, ...rest] = relative as [string, ...string[]];
  const record = { ...(isRecord(value) ? value : {}) };
  record[key] = putAt(record[key], rest, data);
  return record;
}

/** The value at `base` after a push: `data` put ('d') or merged ('m') at `at`, as the wire protocol applies them. */
function afterPush(
  value: unknown,
  base: readonly string[],
  at: readonly string[],
  action: string,
  data: unknown,
): unknown {
  if (action === 'm') {
    let next = value;
    for (const [key, child] of Object.entries(isRecord(data) ? data : {}))
      next = afterPush(next, base, [...at, ...key.split('/').filter(Boolean)], 'd', child);
    return next;
  }
  if (at.length <= base.length) {
    if (!at.every((key, i) => base[i] === key)) return value;
    return getAt(data as ExportJson, base.slice(at.length));
  }
  return base.every((key, i) => at[i] === key) ? putAt(value, at.slice(base.length), data) : value;
}

/**
 * The same buyer as a minimal wire-protocol client: an anonymous account from the Auth emulator's REST API, one
 * WebSocket, the ID token sent as the SDK sends it, and the messages the SDK's `update` and `onValue` send.
 */
async function leanLink(dbPort: number, authPort: number): Promise<Link> {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  const { idToken, localId } = (await response.json()) as { idToken: string; localId: string };
  const followers = new Map<string, { value: unknown; onValue: (value: unknown) => void }>();
  const client = await RawClient.connect(dbPort, (data, _receivedAt, action, path) => {
    const at = path.split('/').filter(Boolean);
    for (const [followed, follower] of followers) {
      const next = afterPush(follower.value, followed.split('/'), at, action, data);
      if (next === follower.value) continue;
      follower.value = next;
      follower.onValue(next);
    }
  });
  await client.request('auth', { cred: idToken });
  await client.request('g', { p: `/orderAnswers/${localId}`, q: {} });
  return {
    uid: localId,
    newId: () => pushId(),
    serverTime: { '.sv': 'timestamp' },
    update: (values) => client.request('m', { p: '/', d: values }),
    follow: (path, onValue_) => {
      followers.set(path, { value: null, onValue: onValue_ });
      void client.request('q', { p: `/${path}`, h: '' });
      return () => {
        followers.delete(path);
        void client.request('n', { p: `/${path}` }).catch(() => undefined);
      };
    },
    close: async () => client.close(),
  };
}

async function setup(command: Extract<BuyersCommand, { type: 'setup' }>): Promise<void> {
  allocateUrl = command.allocateUrl;
  for (let start = 0; start < command.buyers.length; start += SIGN_INS_AT_ONCE) {
    const batch = command.buyers.slice(start, start + SIGN_INS_AT_ONCE);
    buyers.push(
      ...(await Promise.all(
        batch.map(async (plan, offset) => ({
          plan,
          link: command.lean
            ? await leanLink(command.dbPort, command.authPort)
            : await sdkLink(start + offset, command.dbPort, command.authPort),
        })),
      )),
    );
  }
  send({ type: 'ready' });
}

function press(buyer: Buyer): Promise<BuyerResult> {
  const started = performance.now();
  const { link } = buyer;
  const requestId = buyer.plan.requestId ?? link.newId();
  const lines = Object.entries(buyer.plan.lines).map(([productId, quantity]) => ({ productId, quantity }));
  let queuedMs = Number.NaN;
  const result = (kind: string, left?: Record<string, number>): BuyerResult => ({
    uid: link.uid,
    requestId,
    lines: buyer.plan.lines,
    kind,
    ms: performance.now() - started,
    queuedMs,
    ...(left ? { left } : {}),
    planted: buyer.plan.requestId !== undefined,
    ...(buyer.plan.giftCard ? { giftCard: buyer.plan.giftCard } : {}),
    ...(buyer.plan.voucher ? { voucher: buyer.plan.voucher } : {}),
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
      { name: `Buyer ${link.uid.slice(0, 6)}`, email: `${link.uid.toLowerCase()}@example.com` },
      link.serverTime,
      // As the app asks: with the language the buyer reads, and the gift card and voucher the buyer typed in, if any.
      {
        method: buyer.plan.method ?? 'door',
        language: 'en-GB',
        ...(buyer.plan.giftCard ? { giftCard: buyer.plan.giftCard } : {}),
        ...(buyer.plan.voucher ? { voucher: buyer.plan.voucher } : {}),
      },
    );
    link.update({ [`orderQueue/${link.uid}`]: record, [`orderRate/${link.uid}`]: link.serverTime }).then(
      () => {
        queuedMs = performance.now() - started;
        stop = link.follow(`orderAnswers/${link.uid}/${requestId}`, (value) => {
          const answer = parseAnswer(value);
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
    void Promise.all(buyers.map((buyer) => buyer.link.close())).finally(() => process.exit(0));
  }
});
