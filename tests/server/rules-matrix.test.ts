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
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInAnonymously } from 'firebase/auth';
import { equalTo, get, orderByChild, query, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';
import { freePort } from './support/ports';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const RULES = readFileSync(join(REPO, 'database.rules.json'), 'utf8');
const SEED = JSON.parse(readFileSync(join(REPO, 'seed/database.json'), 'utf8')) as Record<string, unknown>;

const IDENTITIES = ['signedOut', 'guest', 'customer', 'other', 'staff'] as const;
type Identity = (typeof IDENTITIES)[number];


let emulatorDir: string;
let emulator: AuthEmulator;
let server: DatabaseServer;
const clients = new Map<Identity, SdkClient>();
const uids = {} as Record<Identity, string>;

const profile = (name: string, role: string) => ({ firstname: name, lastname: 'Tester', email: `${name.toLowerCase()}@example.com`, role, created: 1 });
const order = (status = 'pending') => ({
  items: { 'gift-card-25': { title: 'Gift card £25', price: 25, quantity: 1 } },
  total: 25,
  status,
  created: Date.now(),
  contact: { name: 'Casey', email: 'casey@example.com' },
});
const TICKET_CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const ticket = (uid: string, orderId: string, n: number) => ({
  uid, order: orderId, n, code: TICKET_CODE, holder: 'Casey', status: 'valid', created: Date.now(),
});
const ticketOrder = () => ({
  ...order(), items: { 'harbour-jazz-night': { title: 'Harbour Jazz Night', price: 18, quantity: 1 } }, total: 18,
});
/** Checkout of one jazz-night ticket by `who` (their order, the stock it takes, its ticket) in one update. */
const buyTicket = (who: Identity) => (client: SdkClient) =>
  update(ref(client.db), {
    [`orders/${uids[who]}/order-2`]: ticketOrder(),
    'products/harbour-jazz-night/stock': 41,
    'products/harbour-jazz-night/reservedFor': 'order-2',
    [`tickets/harbour-jazz-night/order-2-0`]: ticket(uids[who], 'order-2', 0),
  });
const checkIn = (client: SdkClient) =>
  update(ref(client.db), {
    'checkins/harbour-jazz-night/scan-0001': {
      ticket: 'order-1-0', device: 'door', result: 'admitted', scanned: Date.now(), received: { '.sv': 'timestamp' }, by: uids.staff,
    },
    'tickets/harbour-jazz-night/order-1-0/checkin': { scan: 'scan-0001', device: 'door', at: Date.now() },
  });
const message = (email = 'robin@example.com') => ({ name: 'Robin', email, subject: 'Hello', body: 'A question', created: Date.now() });

/** The data every case starts from: the seed plus profiles, one order each for the customers, one message. */
function fixture(): Record<string, unknown> {
  return {
    ...SEED,
    users: {
      [uids.customer]: profile('Casey', 'customer'),
      [uids.other]: profile('Olly', 'customer'),
      [uids.staff]: profile('Sam', 'staff'),
    },
    orders: { [uids.customer]: { 'order-1': order() }, [uids.other]: { 'order-1': order() } },
    messages: { m1: message() },
    tickets: { 'harbour-jazz-night': { 'order-1-0': ticket(uids.customer, 'order-1', 0) } },
    checkins: {},
  };
}

beforeAll(async () => {
  // Every refused write would otherwise print a FIREBASE WARNING; refusals are what this file expects.
  setLogLevel('error');
  emulatorDir = mkdtempSync(join(tmpdir(), 'rules-matrix-auth-'));
  emulator = AuthEmulator.launch({ repo: REPO, dir: emulatorDir, host: '127.0.0.1', port: await freePort() });
  await emulator.ready({ persist: false });
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  for (const identity of IDENTITIES) {
    const client = sdkClient(server);
    clients.set(identity, client);
    if (identity === 'signedOut') continue;
    const auth = getAuth(client.app);
    connectAuthEmulator(auth, emulator.url, { disableWarnings: true });
    const { user } =
      identity === 'guest'
        ? await signInAnonymously(auth)
        : await createUserWithEmailAndPassword(auth, `${identity}@example.com`, `${identity}-password`);
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
const write = (path: (u: typeof uids) => string, value: unknown) => (client: SdkClient) => set(ref(client.db, path(uids)), value);

const EVERYONE = IDENTITIES;
const SIGNED_IN_STAFF = ['staff'] as const;

const MATRIX: Case[] = [
  { what: 'read properties', run: read(() => 'properties'), allowed: EVERYONE },
  { what: 'write properties/tagline', run: write(() => 'properties/tagline', 'New tagline'), allowed: SIGNED_IN_STAFF },
  { what: 'write the whole properties node', run: write(() => 'properties', { ...(SEED.properties as object), name: 'Renamed' }), allowed: SIGNED_IN_STAFF },
  { what: 'read the active products query', run: (c) => get(query(ref(c.db, 'products'), orderByChild('active'), equalTo(true))), allowed: EVERYONE },
  { what: 'read every product (hidden ones too)', run: read(() => 'products'), allowed: SIGNED_IN_STAFF },
  { what: 'read an active product', run: read(() => 'products/harbour-jazz-night'), allowed: EVERYONE },
  { what: 'read a hidden product', run: read(() => 'products/comedy-club-archive'), allowed: SIGNED_IN_STAFF },
  { what: 'hide a product', run: write(() => 'products/harbour-jazz-night/active', false), allowed: SIGNED_IN_STAFF },
  { what: 'restock a product', run: write(() => 'products/harbour-jazz-night/stock', 100), allowed: SIGNED_IN_STAFF },
  {
    what: 'create a product',
    run: write(() => 'products/new-thing', { title: 'New', price: 1, description: '', image: '', category: 'Goods', active: true }),
    allowed: SIGNED_IN_STAFF,
  },
  { what: "read the customer's profile", run: read((u) => `users/${u.customer}`), allowed: ['customer', 'staff'] },
  { what: 'read every profile', run: read(() => 'users'), allowed: SIGNED_IN_STAFF },
  { what: "change the customer's first name", run: write((u) => `users/${u.customer}/firstname`, 'Cass'), allowed: ['customer', 'staff'] },
  { what: 'make the customer staff', run: write((u) => `users/${u.customer}/role`, 'staff'), allowed: SIGNED_IN_STAFF },
  { what: "delete the customer's profile", run: write((u) => `users/${u.customer}`, null), allowed: SIGNED_IN_STAFF },
  { what: 'staff demoting themselves', run: write((u) => `users/${u.staff}/role`, 'customer'), allowed: [] },
  { what: "create the guest's profile as a customer", run: write((u) => `users/${u.guest}`, profile('Gus', 'customer')), allowed: ['guest', 'staff'] },
  { what: "create the guest's profile as staff", run: write((u) => `users/${u.guest}`, profile('Gus', 'staff')), allowed: SIGNED_IN_STAFF },
  { what: "read the customer's orders", run: read((u) => `orders/${u.customer}`), allowed: ['customer', 'staff'] },
  { what: 'read every order', run: read(() => 'orders'), allowed: SIGNED_IN_STAFF },
  { what: 'place an order as the customer', run: write((u) => `orders/${u.customer}/order-2`, order()), allowed: ['customer', 'staff'] },
  { what: 'place an order as the guest', run: write((u) => `orders/${u.guest}/order-2`, order()), allowed: ['guest', 'staff'] },
  { what: "change the customer's order afterwards", run: write((u) => `orders/${u.customer}/order-1/notes`, 'Changed my mind'), allowed: SIGNED_IN_STAFF },
  { what: "set the customer's order status", run: write((u) => `orders/${u.customer}/order-1/status`, 'fulfilled'), allowed: SIGNED_IN_STAFF },
  { what: 'place a new order already confirmed', run: write((u) => `orders/${u.customer}/order-2`, order('confirmed')), allowed: SIGNED_IN_STAFF },
  { what: 'read the contact messages', run: read(() => 'messages'), allowed: SIGNED_IN_STAFF },
  { what: 'read one contact message', run: read(() => 'messages/m1'), allowed: SIGNED_IN_STAFF },
  { what: 'send a contact message', run: write(() => 'messages/m2', message()), allowed: EVERYONE },
  { what: 'change a contact message', run: write(() => 'messages/m1/body', 'Edited'), allowed: SIGNED_IN_STAFF },
  { what: 'delete a contact message', run: write(() => 'messages/m1', null), allowed: SIGNED_IN_STAFF },
  { what: "read the customer's ticket", run: read(() => 'tickets/harbour-jazz-night/order-1-0'), allowed: ['customer', 'staff'] },
  { what: "read an event's ticket list", run: read(() => 'tickets/harbour-jazz-night'), allowed: SIGNED_IN_STAFF },
  { what: 'read the scans of an event', run: read(() => 'checkins/harbour-jazz-night'), allowed: SIGNED_IN_STAFF },
  { what: 'buy a ticket as the customer (order, stock and ticket at once)', run: buyTicket('customer'), allowed: ['customer'] },
  { what: 'buy a ticket as the guest', run: buyTicket('guest'), allowed: ['guest'] },
  { what: 'create a ticket without an order', run: (c) => set(ref(c.db, 'tickets/harbour-jazz-night/order-1-1'), ticket(uids.customer, 'order-1', 1)), allowed: [] },
  { what: "change the holder of the customer's ticket", run: write(() => 'tickets/harbour-jazz-night/order-1-0/holder', 'Mallory'), allowed: [] },
  { what: "void the customer's ticket", run: write(() => 'tickets/harbour-jazz-night/order-1-0/status', 'void'), allowed: SIGNED_IN_STAFF },
  { what: "check the customer's ticket in (scan and first check-in)", run: checkIn, allowed: SIGNED_IN_STAFF },
  { what: 'write at the root', run: (c) => update(ref(c.db), { somewhere: 1 }), allowed: [] },
];

/** Bad data: refused for everyone, the staff who may otherwise write there included. */
const BAD_DATA: { what: string; run: Case['run'] }[] = [
  { what: 'comingsoon as text', run: write(() => 'properties/comingsoon', 'yes') },
  { what: 'a site email that is not one', run: write(() => 'properties/email', 'nope') },
  { what: 'an empty site name', run: write(() => 'properties/name', '') },
  { what: 'a launch that is not a date', run: write(() => 'properties/launch', 'next Tuesday') },
  { what: 'an unknown site field', run: write(() => 'properties/colour', 'red') },
  { what: 'a negative price', run: write(() => 'products/harbour-jazz-night/price', -1) },
  { what: 'a fractional stock', run: write(() => 'products/harbour-jazz-night/stock', 1.5) },
  { what: 'a product without a title', run: write(() => 'products/untitled', { price: 1, description: '', image: '', category: 'Goods', active: true }) },
  { what: 'a first name that is a number', run: write((u) => `users/${u.customer}/firstname`, 123) },
  { what: 'a role that does not exist', run: write((u) => `users/${u.customer}/role`, 'admin') },
  { what: 'an unknown profile field', run: write((u) => `users/${u.customer}/isAdmin`, true) },
  { what: 'a profile without an email', run: write((u) => `users/${u.guest}`, { firstname: 'Gus', lastname: 'Tester', role: 'customer', created: 1 }) },
  { what: 'an order at a price of its own', run: write((u) => `orders/${u.customer}/order-2`, { ...order(), items: { 'gift-card-25': { title: 'Gift card', price: 1, quantity: 1 } } }) },
  { what: 'an order status that does not exist', run: write((u) => `orders/${u.customer}/order-1/status`, 'lost') },
  { what: 'a message with a bad email', run: write(() => 'messages/m2', message('not-an-email')) },
  { what: 'a message dated far in the future', run: write(() => 'messages/m2', { ...message(), created: Date.now() + 86_400_000 }) },
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
      const expected = Object.fromEntries(IDENTITIES.map((identity) => [identity, entry.allowed.includes(identity) ? 'allowed' : 'denied']));
      expect(outcomes).toEqual(expected);
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
