/**
 * The allow/deny matrix of database.rules.json with real Auth-emulator ID tokens: every identity (signed out,
 * guest = anonymous auth, customer, another customer, staff) tries each path, read and write, through the
 * unmodified firebase SDK against the local database; then bad data that even the allowed writer must not store.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setLogLevel } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInAnonymously,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { equalTo, get, increment, orderByChild, query, ref, serverTimestamp, set, update } from 'firebase/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';
import { freePort } from '../../scripts/stack/ports';
import { deskIndexWrites, deskStatusWrites, parseDeskEntry } from '../../src/features/orders/deskIndex';
import { movementWrites, newGiftCardCode, newGiftCardRecord } from '../../src/features/giftcards/model/giftCard';
import { newVoucherRecord, type VoucherTerms } from '../../src/features/vouchers/model/voucher';
import { storedInvoice } from '../fixtures/storedInvoice';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const RULES = readFileSync(join(REPO, 'database.rules.json'), 'utf8');
const SEED = JSON.parse(readFileSync(join(REPO, 'seed/database.json'), 'utf8')) as Record<string, unknown>;

const GUEST_SECRET = 'guest-secret-0123456789-abcdefghijklmnop';

/**
 * `forged` holds an unsigned token someone made up (the local database, like Firebase's emulator, takes it as
 * given; production checks the signature) that claims a staff email and role and admin rights: claims give no
 * rights, the rules look up users/{uid}/role.
 */
const IDENTITIES = ['signedOut', 'guest', 'customer', 'other', 'forged', 'staff'] as const;
const FORGED_CLAIMS = { sub: 'mallory', email: 'staff@example.com', role: 'staff', admin: true };
type Identity = (typeof IDENTITIES)[number];

let emulatorDir: string;
let emulator: AuthEmulator;
let server: DatabaseServer;
const clients = new Map<Identity, SdkClient>();
const uids = {} as Record<Identity, string>;

const profile = (name: string, role: string) => ({
  firstname: name,
  lastname: 'Tester',
  email: `${name.toLowerCase()}@example.com`,
  role,
  created: 1,
});
const order = (status = 'pending') => ({
  items: { 'gift-card-25': { title: 'Gift card £25', price: 25, quantity: 1 } },
  total: 25,
  status,
  created: Date.now(),
  contact: { name: 'Casey', email: 'casey@example.com' },
});
const REF = 'K7M4QXPR';
const LINK = 'abcdefghijklmnopqrstuvwxyz012345';
const delivery = {
  ref: REF,
  link: LINK,
  mail: { 'order-1-confirmation': { kind: 'confirmation', state: 'queued', at: 1 } },
};
const job = (uid: string, orderId: string, kind: string, to = 'casey@example.com') => ({
  uid,
  order: orderId,
  kind,
  to,
  created: 1,
  next: 1,
  state: 'queued',
  attempts: 0,
});
/** What staff write for "send tickets again": the job and its delivery state beside the order. */
const resend = (u: typeof uids, to = 'casey@example.com', kind = 'tickets') => ({
  'mailOutbox/resend-0001': { ...job(u.customer, 'order-1', kind, to), created: { '.sv': 'timestamp' } },
  [`orders/${u.customer}/order-1/mail/resend-0001`]: { kind, state: 'queued', at: { '.sv': 'timestamp' } },
});
/** A message to everyone booked on the event, as staff write it (docs/email.md#a-message-to-everyone-booked). */
const bookedMessage = (by: string, event = 'harbour-jazz-night') => ({
  event,
  subject: 'Doors open at 8',
  body: 'The doors open an hour later than planned.',
  by,
  created: { '.sv': 'timestamp' },
  expand: { '.sv': 'timestamp' },
});
/** A message's words in German as well (docs/languages.md#organiser-content). */
const inGerman = {
  translations: { 'de-DE': { subject: 'Einlass um 20 Uhr', body: 'Der Einlass beginnt eine Stunde später.' } },
};
/** Payment settings as the staff dashboard saves them (docs/payments.md#payment-settings). */
const PAYMENT_SETTINGS = {
  door: { on: true },
  transfer: { on: true, days: 7, payee: 'Harbour Arts', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
  card: { on: false, minutes: 30 },
};
/** UK VAT as the desk would save it (docs/taxes.md#settings). */
const TAX_SETTINGS = {
  on: true,
  pricesIncludeTax: true,
  country: 'GB',
  defaultRate: 'standard',
  rates: {
    standard: { name: 'Standard', kind: 'standard', basisPoints: 2000 },
    outside: { name: 'Outside the scope', kind: 'outside', basisPoints: 0, reason: 'Gift cards: taxed when spent' },
  },
};
const SENT_MESSAGE = 'msg-sent-0001';
const TICKET_CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const ticket = (uid: string, orderId: string, n: number) => ({
  uid,
  order: orderId,
  n,
  code: TICKET_CODE,
  holder: 'Casey',
  status: 'valid',
  created: Date.now(),
});
/** Checkout of one ticket: the order, its open-order slot and the stock it takes (see checkout), and the ticket. */
const buyTicket = (who: Identity) => (client: SdkClient) =>
  update(ref(client.db), {
    ...checkout(uids[who], { 'harbour-jazz-night': 1 }),
    [`tickets/harbour-jazz-night/order-2-0`]: ticket(uids[who], 'order-2', 0),
  });
const checkIn = (client: SdkClient) =>
  update(ref(client.db), {
    'checkins/harbour-jazz-night/scan-0001': {
      ticket: 'order-1-0',
      device: 'door',
      result: 'admitted',
      scanned: Date.now(),
      received: { '.sv': 'timestamp' },
      by: uids.staff,
    },
    'tickets/harbour-jazz-night/order-1-0/checkin': { scan: 'scan-0001', device: 'door', at: Date.now() },
  });
/** The update that links a guest's orders to the account signed in now and uses the guest's claim up. */
const linkGuest = (uid: string, guestUid: string, secret = GUEST_SECRET) => ({
  [`guestOrders/${uid}/${guestUid}`]: secret,
  [`guestClaims/${guestUid}`]: null,
});
/**
 * Links the guest's orders to `uid` in whichever form the rules accept: using the claim up, or (as the app did
 * before issue 22) the link alone. Rejects when neither is accepted.
 */
const linkInAnyForm = (client: SdkClient, uid: string) =>
  update(ref(client.db), linkGuest(uid, uids.guest)).catch(() =>
    set(ref(client.db, `guestOrders/${uid}/${uids.guest}`), GUEST_SECRET),
  );
/** The customer's order-1 cancelled by a client that left its ticket valid. */
const cancelledWithValidTicket = () => server.set(NAMESPACE, `/orders/${uids.customer}/order-1/status`, 'cancelled');
const message = (email = 'robin@example.com') => ({
  name: 'Robin',
  email,
  subject: 'Hello',
  body: 'A question',
  created: Date.now(),
});

interface SeedProduct {
  title: string;
  price: number;
  stock?: number;
}
const PRODUCTS = SEED.products as Record<string, SeedProduct>;

/**
 * The update checkout sends for `uid`: a new pending order of `lines` (product id → quantity) at catalogue titles
 * and prices, stamped with the server's time, the open-order slot it takes, and each counted product's stock lowered
 * by its quantity. `patch` overrides order fields to forge them.
 */
function checkout(
  uid: string,
  lines: Record<string, number>,
  patch: Record<string, unknown> = {},
  orderId = 'order-2',
  slot = 'b',
) {
  const items = Object.fromEntries(
    Object.entries(lines).map(([id, quantity]) => [
      id,
      { title: PRODUCTS[id]!.title, price: PRODUCTS[id]!.price, quantity },
    ]),
  );
  const total = Object.values(items).reduce((sum, line) => sum + line.price * line.quantity, 0);
  const contact = { name: 'Casey', email: 'casey@example.com' };
  const writes: Record<string, unknown> = {
    [`orders/${uid}/${orderId}`]: { items, total, status: 'pending', created: serverTimestamp(), contact, ...patch },
    [`openOrders/${uid}/${slot}`]: orderId,
  };
  for (const [id, quantity] of Object.entries(lines)) {
    const stock = PRODUCTS[id]!.stock;
    if (stock !== undefined) writes[`products/${id}/stock`] = stock - quantity;
  }
  return writes;
}

/** A buyer's order request, as the app queues it: the request and the rate stamp, in one update. */
const queueRequest = (uid: string) => ({
  [`orderQueue/${uid}`]: {
    id: 'request-0001',
    at: serverTimestamp(),
    lines: { 'gift-card-25': 1 },
    contact: { name: 'Casey', email: 'casey@example.com' },
  },
  [`orderRate/${uid}`]: serverTimestamp(),
});

/** The request of `queueRequest` in `language`: the order's emails and tickets speak it. */
const inLanguage = (writes: Record<string, unknown>, uid: string, language: unknown) => ({
  ...writes,
  [`orderQueue/${uid}`]: { ...(writes[`orderQueue/${uid}`] as object), language },
});

/** Drops `target` from an update, or sets it to `value`. */
const edit = (writes: Record<string, unknown>, target: string, value?: unknown) => {
  const { [target]: _dropped, ...rest } = writes;
  return value === undefined ? rest : { ...rest, [target]: value };
};

/** The update checkout sent before open-order slots: the order, and per counted product its stock and reservedFor. */
function reportedCheckout(uid: string, lines: Record<string, number>, patch: Record<string, unknown> = {}) {
  const writes = edit(checkout(uid, lines, patch), `openOrders/${uid}/b`);
  for (const id of Object.keys(lines))
    if (PRODUCTS[id]!.stock !== undefined) writes[`products/${id}/reservedFor`] = 'order-2';
  return writes;
}

/** The data every case starts from: the seed plus profiles, one order each for the customers, one message. */
function fixture(): Record<string, unknown> {
  return {
    ...SEED,
    users: {
      [uids.customer]: profile('Casey', 'customer'),
      [uids.other]: profile('Olly', 'customer'),
      [uids.staff]: profile('Sam', 'staff'),
    },
    orders: {
      [uids.customer]: { 'order-1': { ...order(), ...delivery } },
      [uids.other]: { 'order-1': order() },
      [uids.guest]: { 'g-1': order() },
    },
    // The customer's order has a reference, a page link and its confirmation's job (docs/data-model.md#mailoutbox).
    orderRefs: { ...(SEED.orderRefs as object), [REF]: { uid: uids.customer, order: 'order-1' } },
    orderLinks: { ...(SEED.orderLinks as object), [LINK]: { uid: uids.customer, order: 'order-1' } },
    mailOutbox: { 'order-1-confirmation': job(uids.customer, 'order-1', 'confirmation') },
    mailBudgets: { [`link-${REF}`]: { start: 1, count: 3 } },
    openOrders: { [uids.customer]: { a: 'order-1' }, [uids.other]: { a: 'order-1' } },
    // The guest placed an order and, about to sign in to the customer's account, wrote their claim secret.
    guestClaims: { [uids.guest]: GUEST_SECRET },
    messages: { m1: message() },
    paymentSettings: PAYMENT_SETTINGS,
    taxSettings: TAX_SETTINGS,
    // A message staff sent to everyone booked on the event, its email queued by the sender.
    eventMessages: {
      [SENT_MESSAGE]: { ...bookedMessage(uids.staff), ...inGerman, created: 1, recipients: 1, sent: 0, failed: 0 },
    },
    tickets: { 'harbour-jazz-night': { 'order-1-0': ticket(uids.customer, 'order-1', 0) } },
    // A shared quota (docs/data-model.md#types-and-quotas), for the cases on quotas.
    quotas: { ...(SEED.quotas as object), 'matrix-venue': { name: 'Venue', left: 20 } },
    checkins: {},
    // The staff desk's index of the other customer's order, as trusted code writes it.
    ...deskIndexOf(uids.other, 'order-1', order()),
  };
}

/** The staff desk's index nodes for one order, nested as a fixture holds them. */
function deskIndexOf(uid: string, orderId: string, value: ReturnType<typeof order>) {
  const nested: Record<string, Record<string, unknown>> = { deskOrders: {}, deskEventOrders: {} };
  for (const [path, entry] of Object.entries(
    deskIndexWrites(uid, orderId, { ...value, status: 'pending' }, 1_759_000_000_000, []),
  )) {
    const [root, ...rest] = path.split('/');
    nested[root!]![rest.join('/')] = entry;
  }
  return nested;
}

/**
 * Signing up is set-up, not what this file tests: on a loaded machine the Auth SDK gives up on a slow emulator with
 * auth/network-request-failed, so such a failure is tried again a few times before the whole file fails.
 */
async function retryOnNetworkFailure<T>(attempt: () => Promise<T>, tries = 4): Promise<T> {
  for (let left = tries; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      if (left <= 1 || (error as { code?: string }).code !== 'auth/network-request-failed') throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

beforeAll(async () => {
  // Every refused write would otherwise print a FIREBASE WARNING; refusals are what this file expects.
  setLogLevel('error');
  emulatorDir = mkdtempSync(join(tmpdir(), 'rules-matrix-auth-'));
  emulator = await AuthEmulator.launch({ repo: REPO, dir: emulatorDir, host: '127.0.0.1', port: await freePort() });
  await emulator.ready({ persist: false });
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  for (const identity of IDENTITIES) {
    const client = sdkClient(server, identity === 'forged' ? { user: FORGED_CLAIMS } : {});
    clients.set(identity, client);
    if (identity === 'forged') uids.forged = FORGED_CLAIMS.sub;
    if (identity === 'signedOut' || identity === 'forged') continue;
    const auth = getAuth(client.app);
    connectAuthEmulator(auth, emulator.url, { disableWarnings: true });
    const { user } = await retryOnNetworkFailure(() =>
      identity === 'guest'
        ? signInAnonymously(auth)
        : createUserWithEmailAndPassword(auth, `${identity}@example.com`, `${identity}-password`).catch(
            // An earlier attempt that timed out may have created the account after all.
            (error: { code?: string }) => {
              if (error.code !== 'auth/email-already-in-use') throw error;
              return signInWithEmailAndPassword(auth, `${identity}@example.com`, `${identity}-password`);
            },
          ),
    );
    uids[identity] = user.uid;
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.close()));
  await server?.close();
  await emulator?.process.stop();
  rmSync(emulatorDir, { recursive: true, force: true });
}, 60_000);

beforeEach(async () => {
  await server.set(NAMESPACE, '/', fixture());
});

type Outcome = 'allowed' | 'denied';

async function attempt(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return 'allowed';
  } catch (error) {
    if (/permission.denied/i.test((error as Error).message)) return 'denied';
    throw error;
  }
}

interface Case {
  what: string;
  run: (client: SdkClient) => Promise<unknown>;
  allowed: readonly Identity[];
}

const read = (path: (u: typeof uids) => string) => (client: SdkClient) => get(ref(client.db, path(uids)));
const write = (path: (u: typeof uids) => string, value: unknown) => (client: SdkClient) =>
  set(ref(client.db, path(uids)), value);

const updateRoot = (writes: (u: typeof uids) => Record<string, unknown>) => (client: SdkClient) =>
  update(ref(client.db), writes(uids));
/** A card order's payment summary as the allocator writes it (docs/payments.md#an-orders-payment), its hold passed. */
const PAYMENT = {
  method: 'card',
  currency: 'GBP',
  due: 2500,
  paid: 0,
  refunded: 0,
  state: 'pending',
  until: 1_000_000_000_000,
  v: 1,
};
/** Gives the customer's order-1 a payment summary (as the allocator would have), then runs `work`. */
const withPayment =
  (work: (client: SdkClient, u: typeof uids) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/pay`, PAYMENT);
    return work(client, uids);
  };
/**
 * Also gives it its desk index entry and a card payment under way, as trusted code records one before sending the
 * buyer to the provider: what the rules check of a payment record holds, so only who writes decides.
 */
const withCardPayment =
  (work: (client: SdkClient, u: typeof uids) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/deskOrders/${uids.customer}~order-1`, {
      uid: uids.customer,
      order: 'order-1',
      t: 1,
      status: 'pending',
      pay: 'pending',
    });
    await server.set(NAMESPACE, `/payments/${uids.customer}~order-1/card-1`, {
      method: 'card',
      amount: 2500,
      currency: 'GBP',
      state: 'pending',
      created: 1,
      expires: 1_800_000,
      session: 'cs_test_shop',
    });
    return withPayment(work)(client);
  };
/**
 * Gives the customer's order-1 the jazz night as an item placed before types (its ticket order-1-0 is in the
 * fixture), with `fields` already added, then sends the update `writes` makes.
 */
const withOldTicketedItem =
  (writes: () => Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/items/harbour-jazz-night`, {
      title: 'Harbour Jazz Night',
      price: 18,
      quantity: 1,
      ...fields,
    });
    return update(ref(client.db), writes());
  };
/** A £25 gift card as trusted code issues one, then `work`. */
const GIFT_CARD = 'K7M4QXPR2D9FTB3W';
const withGiftCard =
  (work: (client: SdkClient) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/giftCards/${GIFT_CARD}`, {
      ...newGiftCardRecord({ currency: 'GBP', value: 2500, expires: null, from: { by: 'staff' } }, 1),
    });
    return work(client);
  };
/** The gift card above, listed as issued by the customer's order-1, then `work`. */
const withIssuedCards =
  (work: (client: SdkClient) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/giftCardsOf/${uids.customer}~order-1`, {
      [GIFT_CARD]: { line: 'gift-card-25', n: 0, value: 2500 },
    });
    return withGiftCard(work)(client);
  };
/** A voucher as staff create one (docs/vouchers.md), one of its two uses taken by the customer's order-1, then `work`. */
const VOUCHER = 'SPRING20';
const VOUCHER_TERMS: VoucherTerms = {
  kind: 'percent',
  value: 20,
  currency: 'GBP',
  scope: 'shop',
  target: null,
  uses: 2,
  from: null,
  until: null,
  disabled: false,
  tag: null,
  comment: null,
};
const withVoucher =
  (work: (client: SdkClient) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/vouchers/${VOUCHER}`, {
      ...newVoucherRecord(VOUCHER_TERMS, {}),
      created: 1,
      used: 1,
    });
    await server.set(NAMESPACE, `/voucherUses/${VOUCHER}/${uids.customer}~order-1`, { total: 2000, off: 500, at: 1 });
    return work(client);
  };
/**
 * The tax the allocator kept on the customer's order-1 (docs/taxes.md#the-orders-tax), then `work`: 20 % included in
 * its £25 line.
 */
const ORDER_TAX = {
  included: true,
  currency: 'GBP',
  net: 2083,
  tax: 417,
  gross: 2500,
  rates: { standard: { name: 'Standard', kind: 'standard', basisPoints: 2000, net: 2083, tax: 417, gross: 2500 } },
  items: { 'gift-card-25': { rate: 'standard', net: 2083, tax: 417 } },
};
const withOrderTax =
  (work: (client: SdkClient) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/tax`, ORDER_TAX);
    return work(client);
  };
/** Someone waiting for the event, as trusted code writes the entry (docs/waiting-list.md), then `work`. */
const WAITING_ENTRY = '00000000a-ABCDEF';
const withWaitingEntry =
  (work: (client: SdkClient) => Promise<unknown>) =>
  async (client: SdkClient): Promise<unknown> => {
    await server.set(NAMESPACE, `/waitingList/harbour-jazz-night/${WAITING_ENTRY}`, {
      email: 'robin@example.com',
      quantity: 2,
      at: 1,
      state: 'waiting',
      key: 'ABCDEFGHJKMNPQRS',
    });
    return work(client);
  };
/** The uid `client` is signed in as, for a request made "as oneself"; signed out, none. */
const selfOf = (client: SdkClient) => uids[[...clients].find(([, other]) => other === client)![0]] ?? 'nobody';
const EVERYONE = IDENTITIES;
const SIGNED_IN_STAFF = ['staff'] as const;

const MATRIX: Case[] = [
  { what: 'read properties', run: read(() => 'properties'), allowed: EVERYONE },
  // Invoices (docs/invoices.md): staff set the invoicing; only trusted code queues an order, moves a number or writes a
  // document, and a buyer reads only their own orders' documents.
  { what: 'read the invoice settings', run: read(() => 'invoiceSettings'), allowed: SIGNED_IN_STAFF },
  {
    what: 'switch invoicing off',
    run: write(() => 'invoiceSettings', { on: false, prefix: 'INV-' }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue the customer's order for its documents",
    run: write((u) => `invoiceQueue/${u.customer}~order-1`, { at: serverTimestamp() }),
    allowed: [],
  },
  { what: 'move an invoice number on', run: write(() => 'invoiceCounters/INV-', 1), allowed: [] },
  {
    what: "issue an invoice for the customer's order",
    run: updateRoot((u) => ({
      'invoices/INV-1': storedInvoice(1, { uid: u.customer, id: 'order-1' }, serverTimestamp()),
    })),
    allowed: [],
  },
  { what: 'read every invoice', run: read(() => 'invoices'), allowed: SIGNED_IN_STAFF },
  {
    what: "ask for the accountant's export of a month, as oneself",
    run: (c) =>
      set(ref(c.db, 'invoiceExports/export-matrix-1'), {
        from: 1_780_000_000_000,
        to: 1_782_600_000_000,
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "read staff's export requests", run: read(() => 'invoiceExports'), allowed: SIGNED_IN_STAFF },
  { what: 'write properties/tagline', run: write(() => 'properties/tagline', 'New tagline'), allowed: SIGNED_IN_STAFF },
  {
    what: 'write the whole properties node',
    run: write(() => 'properties', { ...(SEED.properties as object), name: 'Renamed' }),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'read the payment settings', run: read(() => 'paymentSettings'), allowed: EVERYONE },
  {
    what: 'write the whole payment settings node',
    run: write(() => 'paymentSettings', PAYMENT_SETTINGS),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'switch card payments on',
    run: write(() => 'paymentSettings/card/on', true),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'read the tax settings', run: read(() => 'taxSettings'), allowed: EVERYONE },
  {
    what: 'write the whole tax settings node',
    run: write(() => 'taxSettings', TAX_SETTINGS),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'change the standard rate to 17.5 %',
    run: write(() => 'taxSettings/rates/standard/basisPoints', 1750),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'allow reverse charge for businesses in other EU countries',
    run: write(() => 'taxSettings/reverseCharge', true),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'tax a product at one of the shop’s rates',
    run: write(() => 'products/harbour-jazz-night/taxRate', 'outside'),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'add a reduced rate and tax a product at it, in one update',
    run: updateRoot(() => ({
      'taxSettings/rates/reduced': { name: 'Reduced', kind: 'reduced', basisPoints: 500 },
      'products/letterpress-workshop/taxRate': 'reduced',
    })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'read the active products query',
    run: (c) => get(query(ref(c.db, 'products'), orderByChild('active'), equalTo(true))),
    allowed: EVERYONE,
  },
  { what: 'read every product (hidden ones too)', run: read(() => 'products'), allowed: SIGNED_IN_STAFF },
  { what: 'read an active product', run: read(() => 'products/harbour-jazz-night'), allowed: EVERYONE },
  { what: 'read a hidden product', run: read(() => 'products/comedy-club-archive'), allowed: SIGNED_IN_STAFF },
  { what: 'hide a product', run: write(() => 'products/harbour-jazz-night/active', false), allowed: SIGNED_IN_STAFF },
  { what: 'restock a product', run: write(() => 'products/harbour-jazz-night/stock', 100), allowed: SIGNED_IN_STAFF },
  {
    what: 'create a product',
    run: write(() => 'products/new-thing', {
      title: 'New',
      price: 1,
      description: '',
      image: '',
      category: 'Goods',
      active: true,
    }),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "read the customer's profile", run: read((u) => `users/${u.customer}`), allowed: ['customer', 'staff'] },
  { what: 'read every profile', run: read(() => 'users'), allowed: SIGNED_IN_STAFF },
  {
    what: "change the customer's first name",
    run: write((u) => `users/${u.customer}/firstname`, 'Cass'),
    allowed: ['customer', 'staff'],
  },
  { what: 'make the customer staff', run: write((u) => `users/${u.customer}/role`, 'staff'), allowed: SIGNED_IN_STAFF },
  { what: "delete the customer's profile", run: write((u) => `users/${u.customer}`, null), allowed: SIGNED_IN_STAFF },
  { what: 'staff demoting themselves', run: write((u) => `users/${u.staff}/role`, 'customer'), allowed: [] },
  {
    what: "create the guest's profile as a customer",
    run: write((u) => `users/${u.guest}`, profile('Gus', 'customer')),
    allowed: ['guest', 'staff'],
  },
  {
    what: "create the guest's profile as staff",
    run: write((u) => `users/${u.guest}`, profile('Gus', 'staff')),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "read the customer's orders", run: read((u) => `orders/${u.customer}`), allowed: ['customer', 'staff'] },
  { what: 'read every order', run: read(() => 'orders'), allowed: SIGNED_IN_STAFF },
  {
    what: 'write an order directly as the customer (orders come from the allocator)',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 })),
    allowed: SIGNED_IN_STAFF,
  },
  // An order's tax is fixed by the allocator when it places the order: nobody gives one later, lowers or removes it.
  {
    what: "give the customer's placed order a tax of one's own making",
    run: write((u) => `orders/${u.customer}/order-1/tax`, ORDER_TAX),
    allowed: [],
  },
  {
    what: "lower the tax kept on the customer's order",
    run: withOrderTax(
      updateRoot((u) => ({
        [`orders/${u.customer}/order-1/tax/tax`]: 0,
        [`orders/${u.customer}/order-1/tax/items/gift-card-25/tax`]: 0,
      })),
    ),
    allowed: [],
  },
  {
    what: "remove the tax kept on the customer's order",
    run: withOrderTax(write((u) => `orders/${u.customer}/order-1/tax`, null)),
    allowed: [],
  },
  {
    what: "put the customer's order under reverse charge afterwards",
    run: withOrderTax(
      write((u) => `orders/${u.customer}/order-1/tax/rates/reverse-charge`, {
        name: 'Reverse charge',
        kind: 'reverse',
        basisPoints: 0,
        net: 0,
        tax: 0,
        gross: 0,
      }),
    ),
    allowed: [],
  },
  {
    what: 'write an order directly as the guest',
    run: updateRoot((u) => checkout(u.guest, { 'gift-card-25': 1 }, {}, 'order-1', 'a')),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'write an order that takes counted stock directly',
    run: updateRoot((u) => checkout(u.customer, { 'harbour-jazz-night': 2, 'gift-card-25': 1 })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "change the customer's order afterwards",
    run: write((u) => `orders/${u.customer}/order-1/notes`, 'Changed my mind'),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "confirm the customer's order",
    run: write((u) => `orders/${u.customer}/order-1/status`, 'confirmed'),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "fulfil the customer's order, freeing its open-order slot",
    run: updateRoot((u) => ({
      [`orders/${u.customer}/order-1/status`]: 'fulfilled',
      [`openOrders/${u.customer}/a`]: null,
    })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "fulfil the customer's order but keep its slot taken",
    run: write((u) => `orders/${u.customer}/order-1/status`, 'fulfilled'),
    allowed: [],
  },
  {
    what: 'place a new order already confirmed',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { status: 'confirmed' })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'write an order directly under another customer',
    run: updateRoot((u) => checkout(u.other, { 'gift-card-25': 1 })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "read the customer's open-order slots",
    run: read((u) => `openOrders/${u.customer}`),
    allowed: ['customer', 'staff'],
  },
  {
    what: "empty the customer's open-order slot",
    run: write((u) => `openOrders/${u.customer}/a`, null),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "reset the customer's open orders",
    run: write((u) => `openOrders/${u.customer}`, null),
    allowed: SIGNED_IN_STAFF,
  },
  // Cancelling is trusted code's (docs/payments.md#the-order-lifecycle): staff queue a request instead.
  {
    what: "cancel the customer's order by writing its status",
    run: updateRoot((u) => ({
      [`orders/${u.customer}/order-1/status`]: 'cancelled',
      [`openOrders/${u.customer}/a`]: null,
    })),
    allowed: [],
  },
  {
    what: "fulfil the customer's order, freeing its slot",
    run: updateRoot((u) => ({
      [`orders/${u.customer}/order-1/status`]: 'fulfilled',
      [`openOrders/${u.customer}/a`]: null,
    })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue a cancel of the customer's order, as oneself",
    run: (c) =>
      set(ref(c.db, 'orderCancels/cancel-matrix-1'), {
        uid: uids.customer,
        order: 'order-1',
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue a cancel of the customer's order as somebody else",
    run: (c) =>
      set(ref(c.db, 'orderCancels/cancel-matrix-2'), {
        uid: uids.customer,
        order: 'order-1',
        by: 'someone-else',
        at: serverTimestamp(),
      }),
    allowed: [],
  },
  {
    what: 'answer a cancel request',
    run: write(() => 'orderCancelAnswers/cancel-matrix-1', { kind: 'cancelled', refund: 0, at: serverTimestamp() }),
    allowed: [],
  },
  {
    what: "record who cancelled the customer's order",
    run: write((u) => `orders/${u.customer}/order-1/cancelled`, { by: 'someone', at: serverTimestamp() }),
    allowed: [],
  },
  {
    what: "change the quantity of the customer's order",
    run: write((u) => `orders/${u.customer}/order-1/items/gift-card-25/quantity`, 5),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "delete the customer's order",
    run: write((u) => `orders/${u.customer}/order-1`, null),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'lower a stock without an order',
    run: write(() => 'products/harbour-jazz-night/stock', 41),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "rewrite the customer's existing order to take stock again",
    run: updateRoot((u) => checkout(u.customer, { 'harbour-jazz-night': 1 }, {}, 'order-1', 'b')),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'two new orders in one update sharing one stock decrease',
    run: updateRoot((u) => ({
      ...checkout(u.customer, { 'harbour-jazz-night': 1 }),
      ...edit(
        checkout(u.customer, { 'harbour-jazz-night': 1 }, {}, 'order-3', 'c'),
        'products/harbour-jazz-night/stock',
      ),
    })),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'raise a stock', run: write(() => 'products/folk-in-the-round/stock', 50), allowed: SIGNED_IN_STAFF },
  {
    what: 'raise a stock with a server increment',
    run: write(() => 'products/folk-in-the-round/stock', increment(1)),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'read the shared quotas', run: read(() => 'quotas'), allowed: EVERYONE },
  {
    what: 'create a quota',
    run: write(() => 'quotas/matrix-seats', { name: 'Seats', left: 10 }),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "set a quota's places", run: write(() => 'quotas/matrix-venue/left', 5), allowed: SIGNED_IN_STAFF },
  {
    what: 'take a place of a quota with a server increment',
    run: write(() => 'quotas/matrix-venue/left', increment(-1)),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'delete a quota', run: write(() => 'quotas/matrix-venue', null), allowed: SIGNED_IN_STAFF },
  {
    what: 'make a product a type of another, drawing on a quota',
    run: updateRoot(() => ({
      'products/folk-in-the-round/group': 'harbour-jazz-night',
      'products/folk-in-the-round/typeName': 'Folk',
      'products/folk-in-the-round/quotas/matrix-venue': true,
    })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'relabel an issued ticket as another type or line',
    run: updateRoot(() => ({
      'tickets/harbour-jazz-night/order-1-0/type': 'VIP',
      'tickets/harbour-jazz-night/order-1-0/line': 'harbour-jazz-night-vip',
    })),
    allowed: [],
  },
  // Records from before types (docs/data-model.md#records-from-before-types): only trusted code's migration adds
  // what they lack, as the allocator, which no identity here is.
  {
    what: "add where an old item's tickets are to the customer's order (only the migration does)",
    run: withOldTicketedItem(() => ({
      [`orders/${uids.customer}/order-1/items/harbour-jazz-night/event`]: 'harbour-jazz-night',
      [`orders/${uids.customer}/order-1/items/harbour-jazz-night/first`]: 0,
    })),
    allowed: [],
  },
  {
    what: "add its line to the customer's old ticket (only the migration does)",
    run: withOldTicketedItem(() => ({ 'tickets/harbour-jazz-night/order-1-0/line': 'harbour-jazz-night' }), {
      event: 'harbour-jazz-night',
      first: 0,
    }),
    allowed: [],
  },
  { what: "read the migrations' markers", run: read(() => 'migrations'), allowed: SIGNED_IN_STAFF },
  {
    what: 'mark the migration of records from before types done',
    run: write(() => 'migrations/types', 1),
    allowed: [],
  },
  {
    what: 'set how many one order may hold',
    run: write(() => 'products/harbour-jazz-night/maxPerOrder', 4),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "read the guest's orders", run: read((u) => `orders/${u.guest}`), allowed: ['guest', 'staff'] },
  {
    what: "write the guest's claim secret",
    run: write((u) => `guestClaims/${u.guest}`, 'another-secret-0123456789-abcdefghijk'),
    allowed: ['guest'],
  },
  {
    what: "write a claim secret for the customer's account",
    run: write((u) => `guestClaims/${u.customer}`, GUEST_SECRET),
    allowed: [],
  },
  { what: 'read a claim secret', run: read((u) => `guestClaims/${u.guest}`), allowed: SIGNED_IN_STAFF },
  {
    what: "link the guest's orders to the customer with the guest's secret, using the claim up",
    run: updateRoot((u) => linkGuest(u.customer, u.guest)),
    allowed: ['customer'],
  },
  {
    what: "link the guest's orders to the customer with the guest's secret, keeping the claim",
    run: write((u) => `guestOrders/${u.customer}/${u.guest}`, GUEST_SECRET),
    allowed: [],
  },
  {
    what: "use up the guest's claim without linking",
    run: write((u) => `guestClaims/${u.guest}`, null),
    allowed: ['guest'],
  },
  {
    what: "link the guest's orders to the customer with a guessed secret",
    run: write((u) => `guestOrders/${u.customer}/${u.guest}`, 'guessed-0123456789-abcdefghijklmnopq'),
    allowed: [],
  },
  {
    what: "link the customer's orders to the other customer (no claim)",
    run: write((u) => `guestOrders/${u.other}/${u.customer}`, GUEST_SECRET),
    allowed: [],
  },
  {
    what: "read the guest's orders once linked to the customer",
    run: async (c) => {
      await server.set(NAMESPACE, `/guestOrders/${uids.customer}/${uids.guest}`, GUEST_SECRET);
      return get(ref(c.db, `orders/${uids.guest}`));
    },
    allowed: ['guest', 'customer', 'staff'],
  },
  { what: 'read the contact messages', run: read(() => 'messages'), allowed: SIGNED_IN_STAFF },
  { what: 'read one contact message', run: read(() => 'messages/m1'), allowed: SIGNED_IN_STAFF },
  { what: 'send a contact message', run: write(() => 'messages/m2', message()), allowed: EVERYONE },
  { what: 'change a contact message', run: write(() => 'messages/m1/body', 'Edited'), allowed: SIGNED_IN_STAFF },
  { what: 'delete a contact message', run: write(() => 'messages/m1', null), allowed: SIGNED_IN_STAFF },
  {
    what: "read the customer's ticket",
    run: read(() => 'tickets/harbour-jazz-night/order-1-0'),
    allowed: ['customer', 'staff'],
  },
  { what: "read an event's ticket list", run: read(() => 'tickets/harbour-jazz-night'), allowed: SIGNED_IN_STAFF },
  { what: 'read the scans of an event', run: read(() => 'checkins/harbour-jazz-night'), allowed: SIGNED_IN_STAFF },
  {
    what: 'write a ticket directly as the customer (order, stock and ticket at once)',
    run: buyTicket('customer'),
    allowed: [],
  },
  { what: 'write a ticket directly as the guest', run: buyTicket('guest'), allowed: [] },
  {
    what: 'queue an order request as the customer',
    run: updateRoot((u) => queueRequest(u.customer)),
    allowed: ['customer'],
  },
  { what: 'queue an order request as the guest', run: updateRoot((u) => queueRequest(u.guest)), allowed: ['guest'] },
  {
    what: 'queue an order request in German as the customer',
    run: updateRoot((u) => inLanguage(queueRequest(u.customer), u.customer, 'de-DE')),
    allowed: ['customer'],
  },
  // A gift card whose buyer chooses its worth: the demo's, from £10 to £250 (docs/gift-cards.md#an-amount-the-buyer-chooses).
  ...(
    [
      [40, ['customer']],
      [250, ['customer']],
      [9.99, []],
      [251, []],
      ['40', []],
    ] as const
  ).map(([amount, allowed]): Case => ({
    what: `queue a request for the any-amount gift card at ${JSON.stringify(amount)} as the customer`,
    run: updateRoot((u) => {
      const writes = queueRequest(u.customer);
      const request = writes[`orderQueue/${u.customer}`];
      return {
        ...writes,
        [`orderQueue/${u.customer}`]: {
          ...request,
          lines: { 'gift-card-any': 1 },
          amounts: { 'gift-card-any': amount },
        },
      };
    }),
    allowed: [...allowed],
  })),
  {
    what: 'queue a request naming an amount for a gift card of a fixed price, as the customer',
    run: updateRoot((u) => {
      const writes = queueRequest(u.customer);
      return {
        ...writes,
        [`orderQueue/${u.customer}`]: { ...writes[`orderQueue/${u.customer}`], amounts: { 'gift-card-25': 40 } },
      };
    }),
    allowed: [],
  },
  ...['en-XA', 'fr-FR', 'de', 'de-DE '.repeat(40), 7].map((language): Case => ({
    what: `queue an order request in ${JSON.stringify(language).slice(0, 12)}, which the shop does not speak`,
    run: updateRoot((u) => inLanguage(queueRequest(u.customer), u.customer, language)),
    allowed: [],
  })),
  {
    what: "change the language of the customer's German order",
    run: async (c) => {
      await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/language`, 'de-DE');
      return set(ref(c.db, `orders/${uids.customer}/order-1/language`), 'en-GB');
    },
    allowed: [],
  },
  {
    what: "delete the language of the customer's German order",
    run: async (c) => {
      await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/language`, 'de-DE');
      return set(ref(c.db, `orders/${uids.customer}/order-1/language`), null);
    },
    allowed: [],
  },
  {
    what: 'give a language to an order placed without one',
    run: async (c) => {
      await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/language`, null);
      return set(ref(c.db, `orders/${uids.customer}/order-1/language`), 'de-DE');
    },
    allowed: [],
  },
  {
    what: "read the customer's waiting request",
    run: read((u) => `orderQueue/${u.customer}`),
    allowed: ['customer', 'staff'],
  },
  { what: 'read the whole order queue', run: read(() => 'orderQueue'), allowed: SIGNED_IN_STAFF },
  {
    what: "read the answers to the customer's requests",
    run: read((u) => `orderAnswers/${u.customer}`),
    allowed: ['customer', 'staff'],
  },
  {
    what: "answer the customer's request",
    run: write((u) => `orderAnswers/${u.customer}/request-0001`, {
      kind: 'open-orders-limit',
      at: { '.sv': 'timestamp' },
    }),
    allowed: [],
  },
  {
    // Issue 30: the answer trusted code gives a request that can never settle.
    what: "answer the customer's request 'failed'",
    run: write((u) => `orderAnswers/${u.customer}/request-0001`, { kind: 'failed', at: { '.sv': 'timestamp' } }),
    allowed: [],
  },
  {
    what: "answer the customer's request 'ordered', naming an order already there",
    run: write((u) => `orderAnswers/${u.customer}/request-0001`, {
      kind: 'ordered',
      order: 'order-1',
      at: { '.sv': 'timestamp' },
    }),
    allowed: [],
  },
  {
    what: "take the customer's request off the queue",
    run: async (c) => {
      await server.set(NAMESPACE, `/orderQueue/${uids.customer}`, {
        id: 'request-0001',
        at: 1,
        lines: { 'gift-card-25': 1 },
        contact: { name: 'C', email: 'c@example.com' },
      });
      return set(ref(c.db, `orderQueue/${uids.customer}`), null);
    },
    allowed: [],
  },
  {
    what: 'create a ticket without an order',
    run: (c) => set(ref(c.db, 'tickets/harbour-jazz-night/order-1-1'), ticket(uids.customer, 'order-1', 1)),
    allowed: [],
  },
  {
    what: "change the holder of the customer's ticket",
    run: write(() => 'tickets/harbour-jazz-night/order-1-0/holder', 'Mallory'),
    allowed: [],
  },
  {
    what: "void the customer's ticket",
    run: write(() => 'tickets/harbour-jazz-night/order-1-0/status', 'void'),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "check the customer's ticket in (scan and first check-in)", run: checkIn, allowed: SIGNED_IN_STAFF },
  {
    what: "cancel the customer's order by hand, voiding its ticket and freeing its slot",
    run: updateRoot((u) => ({
      [`orders/${u.customer}/order-1/status`]: 'cancelled',
      [`openOrders/${u.customer}/a`]: null,
      'tickets/harbour-jazz-night/order-1-0/status': 'void',
    })),
    allowed: [],
  },
  { what: 'write at the root', run: (c) => update(ref(c.db), { somewhere: 1 }), allowed: [] },
  // ── The staff desk's index (docs/data-model.md#the-staff-desk): staff read it, only trusted code writes it,
  // staff move an entry's status only together with its order's.
  { what: 'read the order index', run: read(() => 'deskOrders'), allowed: SIGNED_IN_STAFF },
  {
    what: "read the index entry of the other customer's order",
    run: read((u) => `deskOrders/${u.other}~order-1`),
    allowed: SIGNED_IN_STAFF,
  },
  // What the attendee list and the door read of each ticket's order (src/features/orders/deskDetails.ts).
  {
    what: "read the reference of an order's index entry",
    run: read((u) => `deskOrders/${u.other}~order-1/ref`),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "read the buyer's phone in an order's index entry",
    run: read((u) => `deskOrders/${u.other}~order-1/phone`),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'search the order index by email',
    run: (c) => get(query(ref(c.db, 'deskOrders'), orderByChild('emailKey'), equalTo('casey@example.com'))),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "read an event's order index",
    run: read(() => 'deskEventOrders/harbour-jazz-night'),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'read the index bookkeeping', run: read(() => 'deskMeta'), allowed: SIGNED_IN_STAFF },
  {
    what: "confirm the other customer's order with its index entry",
    run: updateRoot((u) => ({
      [`orders/${u.other}/order-1/status`]: 'confirmed',
      ...deskStatusWrites(`${u.other}~order-1`, deskEntryOf(u.other), 'confirmed'),
    })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "confirm the other customer's order leaving its index entry behind",
    run: write((u) => `orders/${u.other}/order-1/status`, 'confirmed'),
    allowed: [],
  },
  {
    what: "change the index status of the other customer's order alone",
    run: updateRoot((u) => deskStatusWrites(`${u.other}~order-1`, deskEntryOf(u.other), 'cancelled')),
    allowed: [],
  },
  {
    what: "rewrite the index entry of the other customer's order",
    run: write((u) => `deskOrders/${u.other}~order-1/email`, 'mallory@example.com'),
    allowed: [],
  },
  {
    what: "add a second surname key to the index entry of the other customer's order (only the backfill does)",
    run: write((u) => `deskOrders/${u.other}~order-1/partKey`, 'smith mallory'),
    allowed: [],
  },
  {
    what: "index the customer's order (only trusted code indexes orders)",
    run: updateRoot((u) => deskIndexWrites(u.customer, 'order-1', { ...order(), status: 'pending' }, 1, [])),
    allowed: [],
  },
  {
    what: "delete the index entry of the other customer's order while the order exists",
    run: write((u) => `deskOrders/${u.other}~order-1`, null),
    allowed: [],
  },
  {
    what: 'delete the index entry of an order that is gone',
    run: async (c) => {
      await server.set(NAMESPACE, `/orders/${uids.other}/order-1`, null);
      return set(ref(c.db, `deskOrders/${uids.other}~order-1`), null);
    },
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'mark the index as filled in', run: write(() => 'deskMeta/indexed', 1), allowed: [] },
  // Payments (issue 31): an order's payment summary is trusted code's alone, staff included.
  {
    what: "mark the customer's card order paid",
    run: withPayment((c, u) =>
      update(ref(c.db, `orders/${u.customer}/order-1/pay`), { state: 'paid', paid: 2500, v: 2 }),
    ),
    allowed: [],
  },
  {
    what: "record money received on the customer's order",
    run: withPayment((c, u) => set(ref(c.db, `orders/${u.customer}/order-1/pay/paid`), 2500)),
    allowed: [],
  },
  {
    what: "lift the hold of the customer's order so it never lapses",
    run: withPayment((c, u) => set(ref(c.db, `orders/${u.customer}/order-1/pay/until`), null)),
    allowed: [],
  },
  {
    what: "remove the customer's order's payment summary",
    run: withPayment((c, u) => set(ref(c.db, `orders/${u.customer}/order-1/pay`), null)),
    allowed: [],
  },
  {
    what: 'give an order from before payments a payment summary, paid',
    run: write((u) => `orders/${u.customer}/order-1/pay`, { ...PAYMENT, state: 'paid', paid: 2500 }),
    allowed: [],
  },
  {
    what: "let the customer's order lapse and give its stock back",
    run: withPayment((c, u) =>
      update(ref(c.db), {
        [`orders/${u.customer}/order-1/pay/state`]: 'expired',
        [`orders/${u.customer}/order-1/pay/v`]: 2,
        [`orders/${u.customer}/order-1/status`]: 'cancelled',
        [`openOrders/${u.customer}/a`]: null,
        'products/harbour-jazz-night/stock': increment(1),
      }),
    ),
    allowed: [],
  },
  {
    what: "queue a payment at the door for the customer's order, as oneself",
    run: (c) =>
      set(ref(c.db, 'paymentMarks/mark-matrix-1'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 2500,
        method: 'door',
        // As oneself: every identity signs the mark with its own uid (signed out: none).
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "record a payment of the customer's order directly",
    run: write((u) => `payments/${u.customer}~order-1/pay-1`, {
      method: 'door',
      amount: 2500,
      currency: 'GBP',
      state: 'confirmed',
      created: { '.sv': 'timestamp' },
    }),
    allowed: [],
  },
  {
    what: "confirm the customer's card payment under way, with a charge of one's own",
    run: withCardPayment((c, u) =>
      update(ref(c.db, `payments/${u.customer}~order-1/card-1`), { state: 'confirmed', charge: 'pi_mine' }),
    ),
    allowed: [],
  },
  {
    what: "point the customer's card payment under way at another provider payment",
    run: withCardPayment((c, u) => set(ref(c.db, `payments/${u.customer}~order-1/card-1/session`), 'cs_test_mine')),
    allowed: [],
  },
  {
    what: "move the end of the customer's card payment page, which asking the provider again must repeat",
    run: withCardPayment((c, u) => set(ref(c.db, `payments/${u.customer}~order-1/card-1/expires`), 3_600_000)),
    allowed: [],
  },
  {
    what: "cancel the customer's card payment under way",
    run: withCardPayment((c, u) => set(ref(c.db, `payments/${u.customer}~order-1/card-1/state`), 'cancelled')),
    allowed: [],
  },
  {
    what: "start a card payment of the customer's order directly",
    run: withCardPayment((c, u) =>
      set(ref(c.db, `payments/${u.customer}~order-1/card-9`), {
        method: 'card',
        amount: 2500,
        currency: 'GBP',
        state: 'pending',
        created: serverTimestamp(),
      }),
    ),
    allowed: [],
  },
  { what: 'read when unpaid orders were last checked', run: read(() => 'jobRuns/holds'), allowed: SIGNED_IN_STAFF },
  {
    what: 'say unpaid orders were checked just now',
    run: write(() => 'jobRuns/holds', { at: { '.sv': 'timestamp' }, expired: 0, reminded: 0 }),
    allowed: [],
  },
  {
    what: "put a hold on the customer's index entry",
    run: withPayment((c, u) => set(ref(c.db, `deskOrders/${u.customer}~order-1/hold`), PAYMENT.until)),
    allowed: [],
  },
  // Vouchers (docs/vouchers.md): staff read and write what one is; only trusted code counts its uses.
  {
    what: 'read a voucher by its code',
    run: withVoucher((c) => get(ref(c.db, `vouchers/${VOUCHER}`))),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'list the vouchers', run: withVoucher((c) => get(ref(c.db, 'vouchers'))), allowed: SIGNED_IN_STAFF },
  {
    what: 'create a voucher with no use counted',
    run: write(() => 'vouchers/NEWCODE', newVoucherRecord(VOUCHER_TERMS, serverTimestamp())),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'create a voucher with its uses already counted',
    run: write(() => 'vouchers/NEWCODE', { ...newVoucherRecord(VOUCHER_TERMS, serverTimestamp()), used: 1 }),
    allowed: [],
  },
  {
    what: "change a voucher's uses and disable it",
    run: withVoucher((c) =>
      update(ref(c.db), { [`vouchers/${VOUCHER}/uses`]: 5, [`vouchers/${VOUCHER}/disabled`]: true }),
    ),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "give a voucher's use back by writing its count",
    run: withVoucher((c) => set(ref(c.db, `vouchers/${VOUCHER}/used`), increment(-1))),
    allowed: [],
  },
  {
    what: 'count a use of a voucher',
    run: withVoucher((c) => set(ref(c.db, `vouchers/${VOUCHER}/used`), increment(1))),
    allowed: [],
  },
  { what: 'delete a voucher', run: withVoucher((c) => set(ref(c.db, `vouchers/${VOUCHER}`), null)), allowed: [] },
  {
    what: 'make a ticket type sold only with a voucher',
    run: write(() => 'products/harbour-jazz-night/voucherOnly', true),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'create a voucher that takes nothing off but names a value',
    run: write(
      () => 'vouchers/NEWCODE',
      newVoucherRecord({ ...VOUCHER_TERMS, kind: 'none', value: 5 }, serverTimestamp()),
    ),
    allowed: [],
  },
  // Places held apart from public sale (docs/vouchers.md#holding-places): only trusted code makes or moves a hold.
  {
    what: 'create a voucher that holds places',
    run: write(() => 'vouchers/NEWCODE', {
      ...newVoucherRecord({ ...VOUCHER_TERMS, scope: 'product', target: 'harbour-jazz-night' }, serverTimestamp()),
      held: 2,
    }),
    allowed: [],
  },
  {
    what: 'make a voucher hold places',
    run: withVoucher((c) => set(ref(c.db, `vouchers/${VOUCHER}/held`), 2)),
    allowed: [],
  },
  // Staff's vouchers that hold places (docs/vouchers.md#staff-holding-places): asked of trusted code, as oneself.
  {
    what: 'ask trusted code to make a voucher that holds places, as oneself',
    run: (c) =>
      set(ref(c.db, 'voucherRequests/voucher-request-1'), {
        kind: 'hold',
        code: 'HOLD-2027',
        voucher: { kind: 'none', value: 0, currency: 'GBP', scope: 'product', target: 'harbour-jazz-night', uses: 1 },
        places: 2,
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'answer a voucher request as trusted code would (places held)',
    run: write(() => 'voucherAnswers/voucher-request-2', {
      kind: 'held',
      code: 'HOLD-2027',
      places: 2,
      at: serverTimestamp(),
    }),
    allowed: [],
  },
  {
    what: "read a voucher's uses",
    run: withVoucher((c) => get(ref(c.db, `voucherUses/${VOUCHER}`))),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "remove an order from a voucher's uses",
    run: withVoucher((c) => set(ref(c.db, `voucherUses/${VOUCHER}/${uids.customer}~order-1`), null)),
    allowed: [],
  },
  // Gift cards (docs/gift-cards.md): the code is the key; staff read them, only trusted code writes one.
  {
    what: 'read a gift card by its code',
    run: withGiftCard((c) => get(ref(c.db, `giftCards/${GIFT_CARD}`))),
    allowed: SIGNED_IN_STAFF,
  },
  { what: 'list the gift cards', run: withGiftCard((c) => get(ref(c.db, 'giftCards'))), allowed: SIGNED_IN_STAFF },
  {
    what: 'spend a gift card as one movement, as trusted code does',
    run: withGiftCard((c) =>
      update(
        ref(c.db),
        movementWrites(
          { code: GIFT_CARD, balance: 2500, v: 1 },
          'spent-x',
          { amount: -2500, kind: 'spent' },
          serverTimestamp(),
        ),
      ),
    ),
    allowed: [],
  },
  {
    what: "read the gift cards the customer's order issued",
    run: withIssuedCards((c) => get(ref(c.db, `giftCardsOf/${uids.customer}~order-1`))),
    allowed: ['customer', 'staff'],
  },
  {
    what: "list a gift card as issued by the customer's order",
    run: withIssuedCards((c) =>
      set(ref(c.db, `giftCardsOf/${uids.customer}~order-2`), {
        [GIFT_CARD]: { line: 'gift-card-25', n: 0, value: 2500 },
      }),
    ),
    allowed: [],
  },
  {
    what: 'make a product a gift card that lasts a year',
    run: updateRoot(() => ({ 'products/gift-card-25/giftCard': true, 'products/gift-card-25/giftCardMonths': 12 })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'make an event a gift card (an event issues tickets, not cards)',
    run: write(() => 'products/harbour-jazz-night/giftCard', true),
    allowed: [],
  },
  {
    what: 'issue a gift card',
    run: write(
      () => `giftCards/${newGiftCardCode()}`,
      newGiftCardRecord({ currency: 'GBP', value: 2500, expires: null, from: { by: 'me' } }, serverTimestamp()),
    ),
    allowed: [],
  },
  {
    what: 'ask trusted code to issue a gift card, as oneself',
    run: (c) =>
      set(ref(c.db, 'giftCardRequests/gift-request-1'), {
        kind: 'issue',
        value: 2000,
        currency: 'GBP',
        note: '',
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'ask trusted code to issue a gift card emailed to someone, as oneself',
    run: (c) =>
      set(ref(c.db, 'giftCardRequests/gift-request-3'), {
        kind: 'issue',
        value: 2000,
        currency: 'GBP',
        note: '',
        to: { name: 'Robin', email: 'robin@example.com', message: 'Thanks!', language: 'en-GB' },
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'queue the email of a gift card issued by hand, to any address',
    run: withGiftCard((c) =>
      set(ref(c.db, 'mailOutbox/gift-request-4-card'), {
        kind: 'deskcard',
        card: GIFT_CARD,
        request: 'gift-request-4',
        to: 'robin@example.com',
        created: serverTimestamp(),
        next: serverTimestamp(),
        state: 'queued',
        attempts: 0,
      }),
    ),
    allowed: [],
  },
  {
    what: 'answer a gift card request as trusted code would (a card issued)',
    run: write(() => 'giftCardAnswers/gift-request-2', { kind: 'issued', code: GIFT_CARD, at: serverTimestamp() }),
    allowed: [],
  },
  // The waiting list (docs/waiting-list.md#on-the-desk): staff read it and set how it works; only trusted code
  // writes an entry, applying what staff ask by hand.
  {
    what: 'read the waiting list',
    run: withWaitingEntry((c) => get(ref(c.db, 'waitingList'))),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'offer a waiting entry its places by writing it',
    run: withWaitingEntry((c) => set(ref(c.db, `waitingList/harbour-jazz-night/${WAITING_ENTRY}/state`), 'offered')),
    allowed: [],
  },
  { what: 'read the waiting list settings', run: read(() => 'waitingListSettings'), allowed: EVERYONE },
  {
    what: 'turn automatic offers off and make offers hold 48 hours',
    run: write(() => 'waitingListSettings', { on: true, auto: false, hours: 48 }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'ask trusted code to offer a waiting entry its places, as oneself',
    run: withWaitingEntry((c) =>
      set(ref(c.db, 'waitingListRequests/waiting-request-1'), {
        kind: 'offer',
        product: 'harbour-jazz-night',
        entry: WAITING_ENTRY,
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    ),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'read the waiting list requests',
    run: read(() => 'waitingListRequests'),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'answer a waiting list request as trusted code would (an offer made)',
    run: write(() => 'waitingListAnswers/waiting-request-2', { kind: 'offered', at: serverTimestamp() }),
    allowed: [],
  },
  {
    what: 'void a gift card without its order being cancelled',
    run: withGiftCard((c) =>
      update(
        ref(c.db),
        movementWrites(
          { code: GIFT_CARD, balance: 2500, v: 1 },
          'voided-x',
          { amount: -2500, kind: 'voided' },
          serverTimestamp(),
        ),
      ),
    ),
    allowed: [],
  },
  {
    what: "name someone to receive the customer's order's gift cards",
    run: withPayment((c, u) =>
      set(ref(c.db, `orders/${u.customer}/order-1/gift`), { name: 'Robin', email: 'robin@example.com' }),
    ),
    allowed: [],
  },
  {
    what: "queue the customer's order's gift cards to another address",
    run: withPayment((c, u) =>
      update(ref(c.db), {
        [`mailOutbox/order-1-giftcards`]: {
          uid: u.customer,
          order: 'order-1',
          kind: 'giftcards',
          to: 'robin@example.com',
          created: serverTimestamp(),
          state: 'queued',
          attempts: 0,
        },
        [`orders/${u.customer}/order-1/mail/order-1-giftcards`]: {
          kind: 'giftcards',
          state: 'queued',
          at: serverTimestamp(),
        },
      }),
    ),
    allowed: [],
  },
  // Refunds (docs/payments.md#refunds): staff ask, only trusted code records one and moves the summary.
  {
    what: "queue a refund naming one gift card of the customer's order, as oneself",
    run: (c) =>
      set(ref(c.db, 'refundRequests/refund-matrix-line-1'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 1000,
        way: 'by-hand',
        line: 'gift-card-25',
        quantity: 1,
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue a refund naming more of a line than the customer's order has",
    run: (c) =>
      set(ref(c.db, 'refundRequests/refund-matrix-line-2'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 1000,
        way: 'by-hand',
        line: 'gift-card-25',
        quantity: 2,
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: [],
  },
  // Invoice details (docs/invoices.md#the-buyers-details): only trusted code, for the link's holder, or staff change them.
  {
    what: "write the invoice details of the customer's own order",
    run: write((u) => `orders/${u.customer}/order-1/billing`, { address: 'Kai 1', country: 'DE' }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'set how many days buyers may change invoice details',
    run: write(() => 'invoiceSettings', { on: false, prefix: 'INV-', detailsDays: 30 }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue a refund by hand of the customer's order, as oneself",
    run: (c) =>
      set(ref(c.db, 'refundRequests/refund-matrix-1'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 1000,
        way: 'by-hand',
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "queue a card refund of the customer's order as if trusted code had (card money that bought nothing)",
    run: (c) =>
      set(ref(c.db, 'refundRequests/auto-order-1-card-1'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 1000,
        way: 'card',
        payment: 'card-1',
        by: 'storefront-order-allocator',
        at: serverTimestamp(),
      }),
    allowed: [],
  },
  {
    what: "queue a card refund of the customer's order naming a payment that is no card payment",
    run: (c) =>
      set(ref(c.db, 'refundRequests/refund-matrix-2'), {
        uid: uids.customer,
        order: 'order-1',
        amount: 1000,
        way: 'card',
        payment: 'mark-0000001',
        by: selfOf(c),
        at: serverTimestamp(),
      }),
    allowed: [],
  },
  { what: 'read the refund requests', run: read(() => 'refundRequests'), allowed: SIGNED_IN_STAFF },
  { what: "read the customer's refunds", run: read((u) => `refunds/${u.customer}~order-1`), allowed: SIGNED_IN_STAFF },
  {
    what: "record a refund of the customer's order directly",
    run: async (c) => {
      // The order is on the desk, as every order with a payment is.
      await server.set(NAMESPACE, `/deskOrders/${uids.customer}~order-1`, { uid: uids.customer, order: 'order-1' });
      return set(ref(c.db, `refunds/${uids.customer}~order-1/refund-1`), {
        way: 'by-hand',
        amount: 1000,
        currency: 'GBP',
        state: 'done',
        created: serverTimestamp(),
      });
    },
    allowed: [],
  },
  {
    what: 'answer a refund request',
    run: write(() => 'refundAnswers/refund-matrix-1', { kind: 'done', amount: 1000, refunded: 1000, at: 1 }),
    allowed: [],
  },
  {
    what: "mark money of the customer's paid order refunded",
    run: async (c) => {
      await server.set(NAMESPACE, `/orders/${uids.customer}/order-1/pay`, { ...PAYMENT, paid: 2500, state: 'paid' });
      // With v unchanged, as staff may write a summary back: only `refunded` differs.
      return update(ref(c.db, `orders/${uids.customer}/order-1/pay`), { refunded: 1000 });
    },
    allowed: [],
  },
  // Orders reaching their buyers (issue 24): references, secret links, the mail outbox.
  { what: 'list the order references', run: read(() => 'orderRefs'), allowed: SIGNED_IN_STAFF },
  { what: 'look up a reference', run: read(() => `orderRefs/${REF}`), allowed: SIGNED_IN_STAFF },
  {
    what: 'give a reference to an order',
    run: updateRoot((u) => ({ 'orderRefs/ZZZZZZZZ': { uid: u.customer, order: 'order-1' } })),
    allowed: [],
  },
  {
    what: "change an order's reference",
    run: write((u) => `orders/${u.customer}/order-1/ref`, 'ZZZZZZZZ'),
    allowed: [],
  },
  { what: 'list the order links', run: read(() => 'orderLinks'), allowed: SIGNED_IN_STAFF },
  { what: 'open an order link by its secret', run: read(() => `orderLinks/${LINK}`), allowed: SIGNED_IN_STAFF },
  {
    what: 'make a secret link to the customer’s order',
    run: updateRoot((u) => ({ 'orderLinks/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz': { uid: u.customer, order: 'order-1' } })),
    allowed: [],
  },
  { what: 'read the mail outbox', run: read(() => 'mailOutbox'), allowed: SIGNED_IN_STAFF },
  {
    what: "read the customer's confirmation job",
    run: read(() => 'mailOutbox/order-1-confirmation'),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "read the delivery of the customer's emails",
    run: read((u) => `orders/${u.customer}/order-1/mail`),
    allowed: ['customer', 'staff'],
  },
  {
    what: "queue the customer's tickets again (job and delivery state)",
    run: updateRoot((u) => resend(u)),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: "confirm the customer's order and email the news in the same update",
    run: updateRoot((u) => {
      const writes: Record<string, unknown> = resend(u, 'casey@example.com', 'status');
      writes['mailOutbox/resend-0001'] = { ...(writes['mailOutbox/resend-0001'] as object), status: 'confirmed' };
      return { ...writes, [`orders/${u.customer}/order-1/status`]: 'confirmed' };
    }),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'queue a confirmation (the allocator’s kind of email)',
    run: updateRoot((u) => resend(u, 'casey@example.com', 'confirmation')),
    allowed: [],
  },
  {
    what: 'queue a "payment received" email, saying money arrived (trusted code’s kind of email)',
    run: updateRoot((u) => {
      const writes: Record<string, unknown> = resend(u, 'casey@example.com', 'received');
      writes['mailOutbox/resend-0001'] = {
        ...(writes['mailOutbox/resend-0001'] as object),
        received: { amount: 3600, due: 0, case: 'cancelled' },
      };
      return writes;
    }),
    allowed: [],
  },
  {
    what: 'queue an "invoice issued again" email (trusted code’s kind of email, with the documents)',
    run: updateRoot((u) => resend(u, 'casey@example.com', 'documents')),
    allowed: [],
  },
  {
    what: 'queue a payment reminder (trusted code’s kind of email)',
    run: updateRoot((u) => resend(u, 'casey@example.com', 'reminder')),
    allowed: [],
  },
  {
    what: 'queue a job without its delivery state on the order',
    run: updateRoot((u) => ({
      'mailOutbox/resend-0001': {
        ...job(u.customer, 'order-1', 'tickets'),
        created: { '.sv': 'timestamp' },
      },
    })),
    allowed: [],
  },
  {
    what: 'claim a job (write its lease)',
    run: write(() => 'mailOutbox/order-1-confirmation/lease', { by: 'sender-0001', until: Date.now() + 60_000 }),
    allowed: [],
  },
  { what: 'mark a job sent', run: write(() => 'mailOutbox/order-1-confirmation/state', 'sent'), allowed: [] },
  { what: 'delete a job', run: write(() => 'mailOutbox/order-1-confirmation', null), allowed: [] },
  // What buyers' actions may still make the shop send (functions/src/mail/mailBudget.ts): only the sender keeps it.
  { what: 'read the mail budgets', run: read(() => 'mailBudgets'), allowed: SIGNED_IN_STAFF },
  {
    what: "reset an address's mail budget",
    run: write(() => `mailBudgets/to-${'a'.repeat(43)}`, { start: Date.now(), count: 1 }),
    allowed: [],
  },
  {
    what: "reset an order's link budget",
    run: write(() => `mailBudgets/link-${REF}`, { start: Date.now(), count: 1 }),
    allowed: [],
  },
  { what: 'delete a mail budget', run: write(() => `mailBudgets/link-${REF}`, null), allowed: [] },
  // A message to everyone booked on an event (issue 25).
  { what: 'read the messages to everyone booked', run: read(() => 'eventMessages'), allowed: SIGNED_IN_STAFF },
  {
    what: 'message everyone booked on an event',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': bookedMessage(u.staff) })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'message everyone booked in the main language and in German',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), ...inGerman } })),
    allowed: SIGNED_IN_STAFF,
  },
  {
    what: 'change the German words of a message after it was sent',
    run: write(() => `eventMessages/${SENT_MESSAGE}/translations/de-DE/body`, 'Etwas ganz anderes.'),
    allowed: [],
  },
  {
    what: 'add German words to a message after it was sent',
    run: write(() => `eventMessages/${SENT_MESSAGE}/translations/en-GB`, { subject: 'Later', body: 'Changed.' }),
    allowed: [],
  },
  {
    what: 'message everyone booked in somebody else’s name',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': bookedMessage(u.customer) })),
    allowed: [],
  },
  {
    what: 'message everyone booked on a product that is not an event',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': bookedMessage(u.staff, 'gift-card-25') })),
    allowed: [],
  },
  {
    what: 'message everyone booked with its recipients already counted',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), recipients: 0 } })),
    allowed: [],
  },
  {
    what: 'change a message after it was sent',
    run: write(() => `eventMessages/${SENT_MESSAGE}/body`, 'Something else entirely.'),
    allowed: [],
  },
  { what: 'count a message’s email as sent', run: write(() => `eventMessages/${SENT_MESSAGE}/sent`, 1), allowed: [] },
  { what: 'delete a message', run: write(() => `eventMessages/${SENT_MESSAGE}`, null), allowed: [] },
  {
    what: 'queue an email of a message (only the sender turns a message into emails)',
    run: updateRoot((u) => {
      const writes: Record<string, unknown> = resend(u, 'casey@example.com', 'message');
      writes['mailOutbox/resend-0001'] = { ...(writes['mailOutbox/resend-0001'] as object), message: SENT_MESSAGE };
      return writes;
    }),
    allowed: [],
  },
  {
    what: "mark the customer's email delivered",
    run: write((u) => `orders/${u.customer}/order-1/mail/order-1-confirmation/state`, 'sent'),
    allowed: SIGNED_IN_STAFF,
  },
];

/** The other customer's index entry as the fixture holds it. */
function deskEntryOf(uid: string) {
  return parseDeskEntry(
    (deskIndexOf(uid, 'order-1', order()).deskOrders as Record<string, unknown>)[`${uid}~order-1`],
  )!;
}

/**
 * What a dishonest buyer tries with the SDK. Each is refused for every identity, staff included (staff may set
 * stock, but not order without taking it); the honest version of each is allowed above.
 */
/**
 * Refused for everyone; with `buyers`, for everyone but staff, who write orders and stock freely now that only the
 * allocator places orders (a staff member's own edit of an order is not a buyer cheating).
 */
const CHEATING: { what: string; run: Case['run']; buyers?: true }[] = [
  {
    what: 'an order of a sold-out product with reservedFor instead of taking stock (issue 11, 1)',
    run: updateRoot((u) => ({
      ...edit(checkout(u.customer, { 'letterpress-workshop': 1 }), 'products/letterpress-workshop/stock'),
      'products/letterpress-workshop/reservedFor': 'order-2',
    })),
  },
  // The shapes the issue reported as accepted, exactly as sent then (no open-order slot).
  {
    what: 'the reported sold-out order of 1,000 with reservedFor',
    run: updateRoot((u) =>
      edit(reportedCheckout(u.customer, { 'letterpress-workshop': 1000 }), 'products/letterpress-workshop/stock'),
    ),
  },
  {
    what: 'the reported order with a total of 0',
    run: updateRoot((u) => reportedCheckout(u.customer, { 'gift-card-25': 1 }, { total: 0 })),
  },
  {
    what: 'the reported order with a total of 1e308',
    run: updateRoot((u) => reportedCheckout(u.customer, { 'gift-card-25': 1 }, { total: 1e308 })),
  },
  {
    what: 'the reported order with a title of its own',
    run: updateRoot((u) =>
      reportedCheckout(
        u.customer,
        { 'gift-card-25': 1 },
        { items: { 'gift-card-25': { title: 'FREE <script>', price: 25, quantity: 1 } } },
      ),
    ),
  },
  {
    what: 'the reported order created at 0',
    run: updateRoot((u) => reportedCheckout(u.customer, { 'gift-card-25': 1 }, { created: 0 })),
  },
  {
    what: 'the reported guest order of all 180 tickets of the fair',
    run: updateRoot((u) => reportedCheckout(u.guest, { 'winter-vinyl-fair': 180 })),
  },
  { what: 'reservedFor written alone', run: write(() => 'products/harbour-jazz-night/reservedFor', 'x') },
  {
    what: 'reservedFor written on a hidden product',
    run: write(() => 'products/comedy-club-archive/reservedFor', 'x'),
  },
  { what: 'an order of more than the stock', run: updateRoot((u) => checkout(u.customer, { 'folk-in-the-round': 4 })) },
  {
    what: 'an order that takes stock to below zero',
    run: updateRoot((u) =>
      edit(checkout(u.customer, { 'folk-in-the-round': 3 }), 'products/folk-in-the-round/stock', -1),
    ),
  },
  {
    buyers: true,
    what: 'two counted products in one order where only one takes stock',
    run: updateRoot((u) =>
      edit(
        checkout(u.customer, { 'harbour-jazz-night': 1, 'folk-in-the-round': 1 }),
        'products/folk-in-the-round/stock',
      ),
    ),
  },
  {
    buyers: true,
    what: 'an order that takes less stock than it holds',
    run: updateRoot((u) =>
      edit(checkout(u.customer, { 'harbour-jazz-night': 2 }), 'products/harbour-jazz-night/stock', 41),
    ),
  },
  {
    buyers: true,
    what: 'an order that raises the stock',
    run: updateRoot((u) =>
      edit(checkout(u.customer, { 'harbour-jazz-night': 1 }), 'products/harbour-jazz-night/stock', 100),
    ),
  },
  {
    buyers: true,
    what: 'an order that raises the stock with a server increment',
    run: updateRoot((u) =>
      edit(checkout(u.customer, { 'harbour-jazz-night': 1 }), 'products/harbour-jazz-night/stock', increment(5)),
    ),
  },
  { what: 'an order of a hidden product', run: updateRoot((u) => checkout(u.customer, { 'comedy-club-archive': 1 })) },
  {
    what: 'an order of a product that does not exist',
    run: updateRoot((u) =>
      checkout(u.customer, { 'gift-card-25': 1 }, { items: { nothing: { title: 'X', price: 0, quantity: 1 } } }),
    ),
  },
  {
    what: 'an order at a price of its own',
    run: updateRoot((u) =>
      checkout(
        u.customer,
        { 'gift-card-25': 1 },
        { items: { 'gift-card-25': { title: 'Gift Card £25', price: 0.01, quantity: 1 } } },
      ),
    ),
  },
  {
    what: 'an order with a title of its own',
    run: updateRoot((u) =>
      checkout(
        u.customer,
        { 'gift-card-25': 1 },
        { items: { 'gift-card-25': { title: 'FREE <script>', price: 25, quantity: 1 } } },
      ),
    ),
  },
  {
    what: 'an order with a total of 1e308',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { total: 1e308 })),
  },
  {
    what: 'an order with a total that is a server increment',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { total: increment(1e308) })),
  },
  {
    what: 'an order with a negative total',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { total: -25 })),
  },
  {
    what: 'an order created at 0',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { created: 0 })),
  },
  {
    what: 'an order created in the past',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { created: Date.now() - 86_400_000 })),
  },
  {
    what: 'an order placed as paid',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, { status: 'paid' })),
  },
  {
    what: 'more of a product than one order may hold (10 by default)',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 11 })),
  },
  {
    what: 'a whole event in one order (180 tickets of the fair)',
    run: updateRoot((u) => checkout(u.customer, { 'winter-vinyl-fair': 180 })),
  },
  {
    what: 'an order of every made-up product id (a huge item map)',
    run: updateRoot((u) =>
      checkout(
        u.customer,
        { 'gift-card-25': 1 },
        {
          items: Object.fromEntries(
            Array.from({ length: 500 }, (_, i) => [`p${i}`, { title: 'X', price: 0, quantity: 1 }]),
          ),
        },
      ),
    ),
  },
  {
    what: 'an order without an open-order slot',
    run: updateRoot((u) => edit(checkout(u.customer, { 'gift-card-25': 1 }), `openOrders/${u.customer}/b`)),
  },
  {
    what: 'an order in a slot already taken',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, {}, 'order-2', 'a')),
  },
  {
    what: 'an order in a fourth slot',
    run: updateRoot((u) => checkout(u.customer, { 'gift-card-25': 1 }, {}, 'order-2', 'd')),
  },
  {
    what: 'a check-in of a ticket whose order was cancelled without voiding it (issue 22)',
    run: async (c) => {
      await cancelledWithValidTicket();
      return checkIn(c);
    },
  },
  {
    what: 'making a ticket valid again while its order stays cancelled (issue 22)',
    run: async (c) => {
      await cancelledWithValidTicket();
      await server.set(NAMESPACE, '/tickets/harbour-jazz-night/order-1-0/status', 'void');
      return set(ref(c.db, 'tickets/harbour-jazz-night/order-1-0/status'), 'valid');
    },
  },
  {
    what: "a second account linking the guest's orders with the secret the customer used (issue 22)",
    run: async (c) => {
      await linkInAnyForm(clients.get('customer')!, uids.customer);
      return linkInAnyForm(c, getAuth(c.app).currentUser?.uid ?? 'signed-out');
    },
  },
];

/** Bad data: refused for everyone, the staff who may otherwise write there included. */
const BAD_DATA: { what: string; run: Case['run'] }[] = [
  { what: 'offers that hold places for no time', run: write(() => 'waitingListSettings/hours', 0) },
  { what: 'offers that hold places for more than a week', run: write(() => 'waitingListSettings/hours', 169) },
  {
    what: 'an email queued to another address than the order’s',
    run: updateRoot((u) => resend(u, 'mallory@evil.test')),
  },
  {
    what: 'an email whose address carries a header',
    run: updateRoot((u) => resend(u, 'casey@example.com\r\nBcc: x@evil.test')),
  },
  {
    what: 'a status email announcing another status than the order’s',
    run: updateRoot((u) => {
      const writes: Record<string, unknown> = resend(u, 'casey@example.com', 'status');
      writes['mailOutbox/resend-0001'] = { ...(writes['mailOutbox/resend-0001'] as object), status: 'cancelled' };
      return writes;
    }),
  },
  {
    what: 'a message to everyone booked without a subject',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), subject: '' } })),
  },
  {
    what: 'a message to everyone booked longer than 5,000 characters',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), body: 'x'.repeat(5001) } })),
  },
  ...[
    ['in the pseudo-language', { 'en-XA': inGerman.translations['de-DE'] }],
    ['in a language the shop does not speak', { fr: inGerman.translations['de-DE'] }],
    ['with a German subject and no German body', { 'de-DE': { subject: 'Einlass um 20 Uhr' } }],
    ['with an empty German body', { 'de-DE': { subject: 'Einlass', body: '' } }],
    ['with a German subject over 150 characters', { 'de-DE': { subject: 'x'.repeat(151), body: 'Text' } }],
    ['with a German field of its own', { 'de-DE': { ...inGerman.translations['de-DE'], bcc: 'x@evil.test' } }],
  ].map(([how, translations]) => ({
    what: `a message to everyone booked ${String(how)}`,
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), translations } })),
  })),
  {
    what: 'a message to everyone booked dated in the past',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), created: 1 } })),
  },
  {
    what: 'a message to everyone booked with a field of its own',
    run: updateRoot((u) => ({ 'eventMessages/msg-new-0001': { ...bookedMessage(u.staff), bcc: 'x@evil.test' } })),
  },
  { what: 'comingsoon as text', run: write(() => 'properties/comingsoon', 'yes') },
  { what: 'a site email that is not one', run: write(() => 'properties/email', 'nope') },
  { what: 'an empty site name', run: write(() => 'properties/name', '') },
  { what: 'a launch that is not a date', run: write(() => 'properties/launch', 'next Tuesday') },
  { what: 'an unknown site field', run: write(() => 'properties/colour', 'red') },
  {
    what: 'transfer payments held 61 days',
    run: write(() => 'paymentSettings', { ...PAYMENT_SETTINGS, transfer: { ...PAYMENT_SETTINGS.transfer, days: 61 } }),
  },
  {
    what: 'card payments held 5 minutes',
    run: write(() => 'paymentSettings', { ...PAYMENT_SETTINGS, card: { on: true, minutes: 5 } }),
  },
  {
    what: 'an unknown payment method',
    run: write(() => 'paymentSettings', { ...PAYMENT_SETTINGS, cash: { on: true } }),
  },
  { what: 'tax switched on without a default rate', run: write(() => 'taxSettings/defaultRate', null) },
  { what: 'a default tax rate that is not among the rates', run: write(() => 'taxSettings/defaultRate', 'reduced') },
  { what: 'the default tax rate removed', run: write(() => 'taxSettings/rates/standard', null) },
  { what: 'a standard tax rate of nothing', run: write(() => 'taxSettings/rates/standard/basisPoints', 0) },
  { what: 'a tax rate over 100 %', run: write(() => 'taxSettings/rates/standard/basisPoints', 10_001) },
  { what: 'a tax rate in parts of a basis point', run: write(() => 'taxSettings/rates/standard/basisPoints', 1999.5) },
  { what: 'an out-of-scope rate above nothing', run: write(() => 'taxSettings/rates/outside/basisPoints', 500) },
  { what: 'an out-of-scope rate without its reason', run: write(() => 'taxSettings/rates/outside/reason', null) },
  {
    what: 'a tax rate of a kind nobody knows',
    run: write(() => 'taxSettings/rates/luxury', { name: 'Luxury', kind: 'luxury', basisPoints: 2500 }),
  },
  {
    what: 'a shop rate under the reverse-charge rate’s id',
    run: write(() => 'taxSettings/rates/reverse-charge', { name: 'R', kind: 'zero', basisPoints: 0 }),
  },
  {
    what: 'a shop rate of the reverse-charge kind',
    run: write(() => 'taxSettings/rates/rc', { name: 'R', kind: 'reverse', basisPoints: 0 }),
  },
  { what: 'reverse charge as text', run: write(() => 'taxSettings/reverseCharge', 'yes') },
  {
    what: 'a tax rate whose id is no id',
    run: write(() => 'taxSettings/rates/Standard Rate', { name: 'S', kind: 'standard', basisPoints: 2000 }),
  },
  { what: 'a shop country that is no country code', run: write(() => 'taxSettings/country', 'Great Britain') },
  { what: 'a tax setting of its own', run: write(() => 'taxSettings/roundDown', true) },
  {
    what: 'a product taxed at a rate the shop does not have',
    run: write(() => 'products/harbour-jazz-night/taxRate', 'reduced'),
  },
  {
    what: 'a product taxed at a rate named unlike a rate id',
    run: write(() => 'products/harbour-jazz-night/taxRate', 'Standard'),
  },
  { what: 'a product taxed at a number', run: write(() => 'products/harbour-jazz-night/taxRate', 2000) },
  { what: 'a negative price', run: write(() => 'products/harbour-jazz-night/price', -1) },
  { what: 'a fractional stock', run: write(() => 'products/harbour-jazz-night/stock', 1.5) },
  {
    what: 'a product without a title',
    run: write(() => 'products/untitled', { price: 1, description: '', image: '', category: 'Goods', active: true }),
  },
  { what: 'a first name that is a number', run: write((u) => `users/${u.customer}/firstname`, 123) },
  { what: 'a role that does not exist', run: write((u) => `users/${u.customer}/role`, 'admin') },
  { what: 'an unknown profile field', run: write((u) => `users/${u.customer}/isAdmin`, true) },
  {
    what: 'a profile without an email',
    run: write((u) => `users/${u.guest}`, { firstname: 'Gus', lastname: 'Tester', role: 'customer', created: 1 }),
  },
  { what: 'an order status that does not exist', run: write((u) => `orders/${u.customer}/order-1/status`, 'lost') },
  { what: 'a launch in nanoseconds', run: write(() => 'properties/launch', Date.now() * 1e6) },
  { what: 'a launch of 1e300', run: write(() => 'properties/launch', 1e300) },
  { what: 'a launch in the year 9999', run: write(() => 'properties/launch', '9999-12-31T00:00:00Z') },
  { what: 'a product date of 1e17', run: write(() => 'products/harbour-jazz-night/date', 1e17) },
  { what: 'a product date before 2000', run: write(() => 'products/harbour-jazz-night/date', 5) },
  { what: 'a maxPerOrder of 0', run: write(() => 'products/harbour-jazz-night/maxPerOrder', 0) },
  { what: 'a message with a bad email', run: write(() => 'messages/m2', message('not-an-email')) },
  {
    what: 'a message dated far in the future',
    run: write(() => 'messages/m2', { ...message(), created: Date.now() + 86_400_000 }),
  },
];

describe('database.rules.json allow/deny matrix with Auth-emulator tokens', () => {
  it('knows every identity by a real token', () => {
    expect(new Set(Object.values(uids)).size).toBe(IDENTITIES.length - 1);
  });

  for (const entry of MATRIX) {
    it(`${entry.what}: only ${entry.allowed.length === 0 ? 'nobody' : entry.allowed.join(', ')}`, async () => {
      const outcomes: Record<string, Outcome> = {};
      for (const identity of IDENTITIES) {
        // Each attempt starts from the same data, so an allowed write cannot decide the next identity's outcome.
        await server.set(NAMESPACE, '/', fixture());
        outcomes[identity] = await attempt(() => entry.run(clients.get(identity) as SdkClient));
      }
      const expected = Object.fromEntries(
        IDENTITIES.map((identity) => [identity, entry.allowed.includes(identity) ? 'allowed' : 'denied']),
      );
      expect(outcomes).toEqual(expected);
    });
  }

  for (const entry of CHEATING) {
    it(`refuses ${entry.what}, for ${entry.buyers ? 'every buyer' : 'everyone'}`, async () => {
      for (const identity of IDENTITIES.filter((who) => !entry.buyers || who !== 'staff')) {
        await server.set(NAMESPACE, '/', fixture());
        expect(await attempt(() => entry.run(clients.get(identity) as SdkClient)), identity).toBe('denied');
      }
    });
  }

  for (const entry of BAD_DATA) {
    it(`refuses ${entry.what}, even from staff`, async () => {
      for (const identity of IDENTITIES) {
        expect(await attempt(() => entry.run(clients.get(identity) as SdkClient)), identity).toBe('denied');
      }
    });
  }
});
