/**
 * Card payments end to end on the trusted side (docs/payments.md#card-payments): the real local database with the
 * shop's rules, the real `stripe` SDK against the local fake provider (scripts/cardProvider/), and a real HTTP
 * webhook receiver that hands the raw body to the same endpoint function the Cloud Function and `vite preview` use.
 * What must hold: a payment is believed only once read back from the provider, confirmed at most once whatever
 * replays or races, and nobody pays for stock that went back on sale; money that arrives later (a bank debit) holds
 * the order until it does, or fails. Everything the fake answered, took and sent is held to the provider's published
 * description (tests/fixtures/stripe/) after each test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerValue } from 'firebase-admin/database';
import Stripe from 'stripe';
import type { CardPayments } from '../../functions/src/payments/card';
import {
  cardPaymentRequest,
  cardServicesOn,
  cardWebhookRequest,
  type CardServices,
} from '../../functions/src/payments/cardEndpoints';
import { cancelApplier } from '../../functions/src/payments/cancel';
import { expireHolds } from '../../functions/src/payments/expiry';
import { refundApplier } from '../../functions/src/payments/refunds';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { markApplier } from '../../functions/src/payments/marks';
import { paymentMethodChanger } from '../../functions/src/payments/methodChange';
import type { CardProvider } from '../../functions/src/payments/provider';
import { stripeProvider } from '../../functions/src/payments/stripeProvider';
import { deskKey } from '../../src/features/orders/deskIndex';
import {
  startFakeCardProvider,
  TEST_CARDS,
  TEST_DEBITS,
  type FakeCardProvider,
} from '../../scripts/cardProvider/fakeCardProvider';
import { openApiValidator, transcriptProblems } from '../../scripts/cardProvider/openApiValidator';
import { gigEvent } from './support/gigEvent';
import { stripeDescriptionText } from '../support/stripeDescription';
import { paymentsDatabase } from './support/paymentsHarness';

const SECRET_KEY = 'sk_test_cards_0123456789';
const WEBHOOK_SECRET = 'whsec_cards_0123456789';
const SHOP = 'http://localhost:4173';

const { read, admin, connect, trusted, order, cancelOnDesk } = paymentsDatabase(() => ({
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: { currency: 'GBP' },
  paymentSettings: { door: { on: true }, card: { on: true, minutes: 30 } },
  products: { gig: gigEvent({ stock: 4, price: 12.5 }) },
}));

let fake: FakeCardProvider;
let receiver: Server;
/** The webhook endpoint's answers, in order. */
let answers: { status: number; body: string }[] = [];
/** What the receiver hands events to: set per test, since each test has its own trusted connection. */
let cards: CardPayments | undefined;
let services: CardServices | undefined;
let provider: CardProvider;
/** While set, the shop's webhook endpoint is unreachable: the provider's deliveries fail. */
let webhookDown = false;
/** Where this test's calls and webhooks begin in the fake's transcript. */
let mark = { exchanges: 0, deliveries: 0 };

const description = stripeDescriptionText();
/** The provider's published description the fake is held to; null when it is not here (stripeDescription.ts). */
const described = description === null ? null : openApiValidator(JSON.parse(description));

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (webhookDown) return void response.writeHead(503).end();
      const signature = request.headers['stripe-signature'];
      void cardWebhookRequest(
        services!,
        request.method,
        Buffer.concat(chunks),
        typeof signature === 'string' ? signature : undefined,
      ).then((answer) => {
        answers.push({ status: answer.status, body: answer.body });
        response.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeCardProvider({
    secretKey: SECRET_KEY,
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: WEBHOOK_SECRET },
    retryDelaysMs: [30, 30, 30],
    refundFailsAfterMs: 300,
    refundSettlesAfterMs: 300,
    // Each test settles its bank debits itself.
    asyncSettlesAfterMs: null,
  });
  provider = stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });
});
afterAll(async () => {
  if (described) expect(transcriptProblems(described, fake)).toEqual([]);
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  answers = [];
  webhookDown = false;
  services = cardServicesOn(trusted(), provider, SHOP);
  cards = services.cards;
  mark = { exchanges: fake.exchanges().length, deliveries: fake.deliveries().length };
});
afterEach(() => {
  if (described) expect(transcriptProblems(described, fake, mark)).toEqual([]);
});

/** Buyer `uid` orders `quantity` Gig tickets (£12.50 each) to pay by card; its id and its order page's secret. */
async function cardOrder(uid: string, quantity = 2, method: 'card' | 'door' = 'card') {
  const id = await order(uid, { gig: quantity }, method);
  return { id, secret: (await read(`orders/${uid}/${id}/link`)) as string };
}

/** Time passes order `id`'s hold (a fixture: the lapse itself is judged by the rules). */
const lapse = async (uid: string, id: string) =>
  admin()
    .ref()
    .update({
      [`orders/${uid}/${id}/pay/until`]: Date.now() - 1_000,
      [`deskOrders/${deskKey(uid, id)}/hold`]: Date.now() - 1_000,
    });

/** The adapter pointed where nothing answers: the provider down, as the shop sees it. */
const unreachableProvider = () =>
  stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: 9, protocol: 'http' },
  });

/** What the buyer does on the provider's test page. */
const onPage = (url: string, card: string, action = 'pay') =>
  fetch(url, { method: 'POST', body: new URLSearchParams({ card, action }), redirect: 'manual' });

async function until<T>(find: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const startPay = async (secret: string) => {
  const answer = await cardPaymentRequest(services!, 'POST', { secret, action: 'pay' });
  return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
};

/** Starts paying order `secret` and returns the provider's page. */
async function pageOf(secret: string): Promise<string> {
  const { status, body } = await startPay(secret);
  expect(status).toBe(200);
  expect(body.kind).toBe('redirect');
  return body.url as string;
}

describe('paying by card', () => {
  it('sends the buyer to the provider for what is due, and their payment makes the order paid once its webhook arrives', async () => {
    const { id, secret } = await cardOrder('ann');
    const url = await pageOf(secret);
    const session = fake.sessions().find((s) => url.endsWith(s.id))!;
    expect(session).toMatchObject({
      amount_total: 2500,
      currency: 'gbp',
      customer_email: 'ann@example.com',
      locale: 'en-GB',
      description: expect.stringMatching(/^Order [0-9A-Z]{4}-[0-9A-Z]{4}$/),
    });
    // The order page's secret never goes to the provider; the buyer comes back to the order page.
    expect(session.success_url).toBe(`${SHOP}/order?card=paid`);
    expect(JSON.stringify(session)).not.toContain(secret);
    expect(await read(`payments/${deskKey('ann', id)}/card-1`)).toMatchObject({
      method: 'card',
      amount: 2500,
      currency: 'GBP',
      state: 'pending',
      session: session.id,
    });
    expect(await read(`orders/ann/${id}/pay/state`)).toBe('pending');

    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(303);
    await until(async () => ((await read(`orders/ann/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    expect(await read(`orders/ann/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500, v: 2 });
    expect(await read(`payments/${deskKey('ann', id)}/card-1`)).toMatchObject({
      state: 'confirmed',
      charge: expect.stringMatching(/^pi_/),
    });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('valid');
    expect(await read(`mailOutbox/${id}-paid`)).toMatchObject({ kind: 'paid', to: 'ann@example.com' });
    expect(await read(`deskOrders/${deskKey('ann', id)}`)).toMatchObject({ pay: 'paid' });
  });

  it('sends a German buyer to a page in German, the payment named in German', async () => {
    const id = await order('jan', { gig: 1 }, 'card', 'de-DE');
    const url = await pageOf((await read(`orders/jan/${id}/link`)) as string);
    expect(fake.sessions().find((s) => url.endsWith(s.id))).toMatchObject({
      locale: 'de',
      description: expect.stringMatching(/^Bestellung [0-9A-Z]{4}-[0-9A-Z]{4}$/),
    });
  });

  it('sends a second tap to the same open page, and refuses orders that are not to be paid by card', async () => {
    const { id, secret } = await cardOrder('bo');
    const first = await pageOf(secret);
    expect(await pageOf(secret)).toBe(first);
    expect(fake.sessions().filter((s) => s.metadata.paymentId?.includes(id))).toHaveLength(1);
    // A door order, a secret that opens nothing, and a malformed request.
    const door = await cardOrder('cy', 1, 'door');
    expect((await startPay(door.secret)).body).toEqual({ kind: 'not-card' });
    expect((await startPay('A'.repeat(32))).status).toBe(404);
    expect((await startPay('../../etc')).status).toBe(404);
    expect((await cardPaymentRequest(services!, 'POST', { secret, action: 'refund' })).status).toBe(400);
    expect((await cardPaymentRequest(services!, 'GET', { secret, action: 'pay' })).status).toBe(405);
  });

  it('starts afresh once the page expired, and refuses once the hold has ended', async () => {
    const { id, secret } = await cardOrder('di');
    const first = await pageOf(secret);
    const session = fake.sessions().find((s) => first.endsWith(s.id))!;
    await provider.cancelPayment(session.id);
    await until(() => answers.find((a) => a.body.includes('cancelled')), 'the expired webhook');
    expect(await read(`payments/${deskKey('di', id)}/card-1/state`)).toBe('cancelled');
    const second = await pageOf(secret);
    expect(second).not.toBe(first);
    expect(await read(`payments/${deskKey('di', id)}/card-2/state`)).toBe('pending');
    // Less than a minute of the hold left: the buyer is told it is over rather than sent to pay.
    await admin()
      .ref()
      .update({ [`orders/di/${id}/pay/until`]: Date.now() + 30_000 });
    await provider.cancelPayment(fake.sessions().find((s) => second.endsWith(s.id))!.id);
    expect((await startPay(secret)).body).toEqual({ kind: 'closed' });
  });

  it('refuses an order staff cancelled: its open page is closed, and a payment made there meanwhile is owed back', async () => {
    // Before, a cancelled order's emailed link still offered to pay, and paying said "your tickets are on their way".
    const { id, secret } = await cardOrder('fi');
    const url = await pageOf(secret);
    await cancelOnDesk('fi', id);
    expect((await startPay(secret)).body).toEqual({ kind: 'cancelled' });
    expect(await read(`payments/${deskKey('fi', id)}/card-1/state`)).toBe('cancelled');
    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(409);
    expect(fake.sessions().filter((s) => s.metadata.paymentId?.includes(id))).toHaveLength(1);

    // Paid on the provider's page a moment before the cancel: recorded, buying nothing back.
    const other = await cardOrder('gi');
    const paidUrl = await pageOf(other.secret);
    webhookDown = true;
    await onPage(paidUrl, TEST_CARDS.pays);
    await cancelOnDesk('gi', other.id);
    expect((await startPay(other.secret)).body).toEqual({ kind: 'cancelled' });
    expect(await read(`payments/${deskKey('gi', other.id)}/card-1/state`)).toBe('confirmed');
    expect(await read(`orders/gi/${other.id}`)).toMatchObject({ status: 'cancelled', pay: { paid: 2500 } });
    expect(await read(`tickets/gig/${other.id}-0/status`)).toBe('void');
    expect(await read(`mailOutbox/${other.id}-paid`)).toBeNull();
  });

  it('closes the order’s open card pages when staff cancel it, and records one paid at the last moment', async () => {
    const { id, secret } = await cardOrder('ho');
    const url = await pageOf(secret);
    expect(await read('products/gig/stock')).toBe(2);
    expect(await cancelOnDesk('ho', id, services!.cards)).toMatchObject({ kind: 'cancelled', refund: 0 });
    expect(await read(`payments/${deskKey('ho', id)}/card-1/state`)).toBe('cancelled');
    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(409);
    expect(await read('products/gig/stock')).toBe(4);

    // Paid a moment before the cancel, its webhook not yet in: recorded, then cancelled with all of it owed back.
    const other = await cardOrder('hu');
    const paidUrl = await pageOf(other.secret);
    webhookDown = true;
    await onPage(paidUrl, TEST_CARDS.pays);
    expect(await cancelOnDesk('hu', other.id, services!.cards)).toMatchObject({ kind: 'cancelled', refund: 2500 });
    expect(await read(`payments/${deskKey('hu', other.id)}/card-1/state`)).toBe('confirmed');
    expect(await read(`orders/hu/${other.id}`)).toMatchObject({ status: 'cancelled', pay: { paid: 2500 } });
    expect(await read(`tickets/gig/${other.id}-0/status`)).toBe('void');
    expect(await read('products/gig/stock')).toBe(4);
  });

  it('keeps a cancel queued while the provider cannot say whether a page was paid', async () => {
    const { id, secret } = await cardOrder('hy');
    await pageOf(secret);
    const down = unreachableProvider();
    expect(await cancelOnDesk('hy', id, cardServicesOn(trusted(), down, SHOP).cards)).toBeNull();
    expect(await read(`orders/hy/${id}/status`)).toBe('pending');
    expect(await read('products/gig/stock')).toBe(2);
    // The next run, with the provider back, closes the page and cancels.
    expect(await cancelApplier(trusted(), services!.cards)()).toMatchObject({ applied: { cancelled: 1 } });
    expect(await read('products/gig/stock')).toBe(4);
  });

  it('leaves the order waiting when the card is declined or the buyer gives up', async () => {
    const { id, secret } = await cardOrder('ed');
    const url = await pageOf(secret);
    expect((await onPage(url, TEST_CARDS.declined)).status).toBe(402);
    const back = await onPage(url, '', 'cancel');
    expect(back.headers.get('location')).toBe(`${SHOP}/order?card=cancelled`);
    const checked = await cardPaymentRequest(services!, 'POST', { secret, action: 'check' });
    expect(JSON.parse(checked.body)).toEqual({ kind: 'checked', state: 'pending' });
    expect(await read(`orders/ed/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('unpaid');
  });
});

describe('confirming at most once', () => {
  it('changes nothing when the webhook is delivered again and again, or races the buyer’s return', async () => {
    const { id, secret } = await cardOrder('fa');
    const url = await pageOf(secret);
    const session = fake.sessions().find((s) => url.endsWith(s.id))!;
    // The buyer pays; their return, the webhook and ten resends all land at once.
    await onPage(url, TEST_CARDS.pays);
    await Promise.all([
      cardPaymentRequest(services!, 'POST', { secret, action: 'check' }),
      cardPaymentRequest(services!, 'POST', { secret, action: 'check' }),
      ...Array.from({ length: 10 }, () => fake.resend(session.id)),
    ]);
    await until(() => (answers.length >= 11 ? true : undefined), 'eleven webhook answers');
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await read(`orders/fa/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500, v: 2 });
    expect(Object.keys((await read(`payments/${deskKey('fa', id)}`)) as object)).toEqual(['card-1']);
    expect(await read(`mailOutbox/${id}-paid`)).not.toBeNull();
    // Paid: another "Pay by card" says so and makes no new page.
    const sessions = fake.sessions().length;
    expect((await startPay(secret)).body).toEqual({ kind: 'paid' });
    expect(fake.sessions()).toHaveLength(sessions);
  });

  it('believes nothing a webhook says: a signed event about an unpaid page changes nothing, a forged one is refused', async () => {
    const { id, secret } = await cardOrder('gu');
    const url = await pageOf(secret);
    const session = fake.sessions().find((s) => url.endsWith(s.id))!;
    const event = (secret: string) => {
      const payload = JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } },
      });
      return { payload, signature: new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret }) };
    };
    // Signed with the shop's secret, claiming the page was paid: read back, it is still open.
    const signed = event(WEBHOOK_SECRET);
    const believed = await cardWebhookRequest(services!, 'POST', signed.payload, signed.signature);
    expect(JSON.parse(believed.body)).toMatchObject({ kind: 'open' });
    // Signed with another secret, not signed, or the body changed after signing: 400.
    const forged = event('whsec_attacker');
    expect((await cardWebhookRequest(services!, 'POST', forged.payload, forged.signature)).status).toBe(400);
    expect((await cardWebhookRequest(services!, 'POST', signed.payload, undefined)).status).toBe(400);
    const altered = signed.payload.replace('"amount_total":2500', '"amount_total":1');
    expect((await cardWebhookRequest(services!, 'POST', altered, signed.signature)).status).toBe(400);
    expect(await read(`orders/gu/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    expect(await read(`payments/${deskKey('gu', id)}/card-1/state`)).toBe('pending');
  });

  it('lets no client move a card payment: not the buyer, not staff', async () => {
    // A buyer of their own: the provider keeps every key a test used, and an order id is the same for the same buyer.
    const { id, secret } = await cardOrder('hq');
    await pageOf(secret);
    const record = `payments/${deskKey('hq', id)}/card-1`;
    for (const who of ['hq', 'staff']) {
      const db = connect(who, who);
      await expect(db.ref(`${record}/state`).set('confirmed')).rejects.toThrow(/permission/i);
      await expect(db.ref(`${record}/session`).set('cs_test_mine')).rejects.toThrow(/permission/i);
      await expect(db.ref(`${record}-forged`).set({ method: 'card' })).rejects.toThrow(/permission/i);
    }
    // Trusted code itself cannot confirm twice, move a confirmed record, or change what a record says.
    const allocator = connect('allocator', 'storefront-order-allocator').ref(record);
    await expect(allocator.child('amount').set(1)).rejects.toThrow(/permission/i);
    await expect(allocator.child('session').set('cs_test_other')).rejects.toThrow(/permission/i);
    await allocator.child('state').set('cancelled');
    await expect(allocator.child('state').set('confirmed')).rejects.toThrow(/permission/i);
  });
});

describe('money that is not what the shop asked for', () => {
  /** The SDK as the provider's account holder would use it, outside the shop's flow. */
  const outside = () =>
    new Stripe(SECRET_KEY, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  const sessionFor = (reference: string, amount: number, currency = 'gbp') =>
    outside().checkout.sessions.create({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: 'x' } } }],
      client_reference_id: reference,
      success_url: `${SHOP}/order`,
      cancel_url: `${SHOP}/order`,
    });

  it('flags a payment of another amount than the shop asked for, and pays nothing with it', async () => {
    const { id, secret } = await cardOrder('na');
    const url = await pageOf(secret);
    // As if the provider had taken another amount than the one asked for.
    await admin()
      .ref(`payments/${deskKey('na', id)}/card-1/amount`)
      .set(1000);
    await onPage(url, TEST_CARDS.pays);
    await until(() => answers.find((a) => a.body.includes('flagged')), 'the flagged webhook');
    expect(await read(`payments/${deskKey('na', id)}/card-1`)).toMatchObject({
      state: 'failed',
      charge: expect.stringMatching(/^pi_/),
      note: expect.stringContaining('took £25.00, but the shop asked for £10.00'),
    });
    expect(await read(`orders/na/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    expect(await read(`mailOutbox/${id}-paid`)).toBeNull();
  });

  it('flags payments the shop never started for an order, in another currency or beside its own, once each', async () => {
    const { id, secret } = await cardOrder('ol');
    await pageOf(secret);
    const euros = await sessionFor(`ol~${id}~card-9`, 2500, 'eur');
    const beside = await sessionFor(`ol~${id}~card-1`, 2500);
    for (const session of [euros, beside]) {
      await onPage(session.url!, TEST_CARDS.pays);
      await fake.resend(session.id);
    }
    await until(() => (answers.filter((a) => a.body.includes('flagged')).length >= 4 ? true : undefined), 'flags');
    const records = (await read(`payments/${deskKey('ol', id)}`)) as Record<string, { state: string; note?: string }>;
    expect(Object.keys(records).sort()).toEqual(['card-1', `card-1-${beside.id}`, 'card-9']);
    expect(records['card-1']!.state).toBe('pending');
    expect(records['card-9']).toMatchObject({ state: 'failed', note: expect.stringContaining('€25.00') });
    expect(records[`card-1-${beside.id}`]).toMatchObject({
      state: 'failed',
      note: expect.stringContaining('never started'),
    });
    expect(await read(`orders/ol/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    // The buyer's next payment takes a number none of these has.
    const own = fake.sessions().find((session) => session.client_reference_id === `ol~${id}~card-1`)!;
    await provider.cancelPayment(own.id);
    await pageOf(secret);
    expect(await read(`payments/${deskKey('ol', id)}/card-10/state`)).toBe('pending');
  });
});

/** The buyer pays order `secret`'s page by bank debit with test account `iban`; the session, once completed. */
async function debit(secret: string, iban: string) {
  const url = await pageOf(secret);
  const session = fake.sessions().find((s) => url.endsWith(s.id))!;
  const paid = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ iban, action: 'debit' }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await until(() => answers.find((a) => a.body.includes('"kind":"processing"')), 'the completed webhook');
  return session;
}

describe('money that arrives later', () => {
  it('holds the order while a bank debit is on its way: no second page, no lapse; paid when the money arrives', async () => {
    const { id, secret } = await cardOrder('qa');
    const session = await debit(secret, TEST_DEBITS.settles);
    // Complete at the provider, but not paid: the record waits, the order keeps its places.
    expect(await read(`payments/${deskKey('qa', id)}/card-1/state`)).toBe('pending');
    expect(await read(`orders/qa/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    expect(await startPay(secret)).toEqual({
      status: 423,
      body: { kind: 'processing', error: expect.stringContaining('on its way') },
    });
    expect(fake.sessions().filter((s) => s.metadata.paymentId?.includes(id))).toHaveLength(1);
    // The hold ends while the money is on its way: the order is not let go.
    await lapse('qa', id);
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 0 });
    expect(await read(`orders/qa/${id}/pay/state`)).toBe('pending');
    expect(await read('products/gig/stock')).toBe(2);

    fake.settleDebit(session.id);
    await until(async () => ((await read(`orders/qa/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    expect(await read(`orders/qa/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500, v: 2 });
    expect(await read(`payments/${deskKey('qa', id)}/card-1`)).toMatchObject({
      state: 'confirmed',
      charge: expect.stringMatching(/^pi_/),
    });
    expect(await read(`mailOutbox/${id}-paid`)).toMatchObject({ kind: 'paid' });
  });

  it('records a bank debit that failed as a failed attempt, the order unpaid and open to pay again', async () => {
    const { id, secret } = await cardOrder('qe');
    const session = await debit(secret, TEST_DEBITS.fails);
    fake.settleDebit(session.id);
    await until(() => answers.find((a) => a.body.includes('"kind":"failed"')), 'the failed webhook');
    expect(await read(`payments/${deskKey('qe', id)}/card-1`)).toMatchObject({
      state: 'failed',
      session: session.id,
      note: expect.stringContaining('never arrived'),
    });
    expect(await read(`orders/qe/${id}/pay`)).toMatchObject({ state: 'pending', paid: 0, v: 1 });
    expect(await read(`tickets/gig/${id}-0/status`)).toBe('unpaid');
    // Its hold not over, the buyer may pay another way, or by card again on a new page.
    const again = await pageOf(secret);
    expect(again).not.toContain(session.id);
    expect(await read(`payments/${deskKey('qe', id)}/card-2/state`)).toBe('pending');
  });
});

describe('what the provider would refuse', () => {
  it('does not send an amount under the provider’s least to it: the buyer is told to pay it another way', async () => {
    const { id, secret } = await cardOrder('ra');
    // As if all but 20p had been paid another way.
    await admin().ref(`orders/ra/${id}/pay/due`).set(20);
    const sessions = fake.sessions().length;
    expect(await startPay(secret)).toEqual({
      status: 422,
      body: {
        kind: 'not-payable',
        reason: 'minimum',
        due: 20,
        minimum: 30,
        currency: 'GBP',
        error: 'Card payments must be at least £0.30: pay the £0.20 still due another way.',
      },
    });
    expect(fake.sessions()).toHaveLength(sessions);
    expect(await read(`payments/${deskKey('ra', id)}`)).toBeNull();
  });

  it('gives up an attempt whose reference the provider already used for other details, and the next tap pays', async () => {
    const { id, secret } = await cardOrder('re');
    // A session made elsewhere with the key the shop is about to use (another copy of the shop on the same account).
    await new Stripe(SECRET_KEY, {
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    }).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: 999, product_data: { name: 'x' } } }],
        success_url: `${SHOP}/order`,
        cancel_url: `${SHOP}/order`,
      },
      { idempotencyKey: `re~${id}~card-1` },
    );
    const refused = await startPay(secret);
    expect(refused.status).toBe(409);
    expect(await read(`payments/${deskKey('re', id)}/card-1`)).toMatchObject({ state: 'failed' });
    expect(await pageOf(secret)).toMatch(/\/pay\/cs_test_/);
    expect(await read(`payments/${deskKey('re', id)}/card-2/state`)).toBe('pending');
  });
});

describe('a process killed while confirming', () => {
  it('leaves nothing half done: the webhook is answered 503, sent again, and the payment confirmed once', async () => {
    const { id, secret } = await cardOrder('pi');
    const url = await pageOf(secret);
    const db = trusted();
    let killed = false;
    const dying = {
      ...db,
      update: async (update: Record<string, unknown>) => {
        if (!killed && Object.keys(update).some((path) => path.endsWith('/pay/paid'))) {
          killed = true;
          throw new Error('process killed');
        }
        return db.update(update);
      },
    };
    services = cardServicesOn(dying, provider, SHOP);
    cards = services.cards;
    await onPage(url, TEST_CARDS.pays);
    await until(async () => ((await read(`orders/pi/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    expect(killed).toBe(true);
    expect(answers.map((a) => a.status)).toEqual([503, 200]);
    expect(await read(`orders/pi/${id}/pay`)).toMatchObject({ paid: 2500, v: 2 });
    expect(await read(`payments/${deskKey('pi', id)}/card-1/state`)).toBe('confirmed');
  });
});

describe('the hold’s end', () => {
  it('closes the provider’s open page before the order lapses, so nobody pays for stock back on sale', async () => {
    const { id, secret } = await cardOrder('ix');
    const url = await pageOf(secret);
    await lapse('ix', id);
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 1 });
    expect(await read(`orders/ix/${id}/pay/state`)).toBe('expired');
    expect(await read(`payments/${deskKey('ix', id)}/card-1/state`)).toBe('cancelled');
    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(409);
    expect(await read('products/gig/stock')).toBe(4);
  });

  it('confirms a payment made at the last moment instead of letting its order lapse', async () => {
    const { id, secret } = await cardOrder('jo');
    const url = await pageOf(secret);
    const session = fake.sessions().find((s) => url.endsWith(s.id))!;
    // Paid, but its webhook never reached the shop (every attempt failed).
    webhookDown = true;
    await onPage(url, TEST_CARDS.pays);
    await until(() => fake.deliveries().find((d) => d.attempts === 4), 'the provider to give up');
    expect(await read(`orders/jo/${id}/pay/state`)).toBe('pending');
    await lapse('jo', id);
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 0 });
    expect(await read(`orders/jo/${id}/pay`)).toMatchObject({ state: 'paid', paid: 2500 });
    expect(await read(`orders/jo/${id}/status`)).not.toBe('cancelled');
    expect(await read('products/gig/stock')).toBe(2);
    expect(session.status).toBe('complete');
  });

  it('closes a card page the buyer left open when they chose another way, when staff cancel', async () => {
    const { id, secret } = await cardOrder('lea');
    const url = await pageOf(secret);
    expect(await paymentMethodChanger(trusted()).change(secret, 'door')).toMatchObject({ kind: 'changed' });
    expect(await cancelOnDesk('lea', id, services!.cards)).toMatchObject({ kind: 'cancelled' });
    expect(fake.sessions().find((s) => url.endsWith(s.id))?.status).toBe('expired');
    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(409);
  });

  it('does not let an order lapse while its bank debit is on its way, though the buyer then chose another way', async () => {
    const { id, secret } = await cardOrder('lou');
    const session = await debit(secret, TEST_DEBITS.settles);
    expect(await paymentMethodChanger(trusted()).change(secret, 'door')).toMatchObject({ kind: 'changed' });
    await lapse('lou', id);
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 0 });
    expect(await read(`orders/lou/${id}/pay/state`)).toBe('pending');
    fake.settleDebit(session.id);
    await until(async () => ((await read(`orders/lou/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
  });

  it('waits for the next run while the provider cannot be reached', async () => {
    const { id, secret } = await cardOrder('ko');
    await pageOf(secret);
    await lapse('ko', id);
    const down = unreachableProvider();
    const blind = cardServicesOn(trusted(), down, SHOP).cards;
    expect(await expireHolds(trusted(), Date.now(), blind)).toMatchObject({ expired: 0 });
    expect(await read(`orders/ko/${id}/pay/state`)).toBe('pending');
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 1 });
  });
});

describe('when the provider is down', () => {
  it('says a shop without provider keys takes no cards, to the buyer and to anyone posting events', async () => {
    const { secret } = await cardOrder('mo');
    const pay = await cardPaymentRequest(null, 'POST', { secret, action: 'pay' });
    expect([pay.status, JSON.parse(pay.body)]).toEqual([503, { error: expect.stringMatching(/no card payments/) }]);
    expect((await cardWebhookRequest(null, 'POST', '{}', 'x')).status).toBe(503);
  });

  it('answers 503 to the buyer, the attempt kept to ask again, and the webhook 503 so it is sent again', async () => {
    const { id, secret } = await cardOrder('lu');
    const down = unreachableProvider();
    const blind = cardServicesOn(trusted(), down, SHOP);
    const answer = await cardPaymentRequest(blind, 'POST', { secret, action: 'pay' });
    expect(answer.status).toBe(503);
    // Not failed: a call that got no answer may have made a payment, so it is asked for again, the same.
    expect(await read(`payments/${deskKey('lu', id)}/card-1`)).toMatchObject({
      state: 'pending',
      expires: expect.any(Number),
    });
    expect(await read(`payments/${deskKey('lu', id)}/card-1/session`)).toBeNull();
    // A genuine event the shop cannot check with the provider now: 503, so that the provider sends it again.
    const url = await pageOf(secret);
    const session = fake.sessions().find((s) => url.endsWith(s.id))!;
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: session },
    });
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await cardWebhookRequest(blind, 'POST', payload, signature)).status).toBe(503);
    // The tap after, with the provider back, made the first attempt's payment, with its key: one page, not two.
    expect(url).toMatch(/\/pay\/cs_test_/);
    expect(await read(`payments/${deskKey('lu', id)}/card-1/session`)).toBe(session.id);
    expect(await read(`payments/${deskKey('lu', id)}/card-2`)).toBeNull();
  });
});

describe('a provider that hangs past our timeout', () => {
  /** The adapter giving up after 300 ms on a provider that takes 1.5 s: what it made, the shop never hears of. */
  async function hungAttempt(uid: string) {
    const { id, secret } = await cardOrder(uid);
    const hasty = cardServicesOn(
      trusted(),
      stripeProvider({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
        timeoutMs: 300,
      }),
      SHOP,
    );
    fake.answerSlowly(1_500);
    try {
      expect((await cardPaymentRequest(hasty, 'POST', { secret, action: 'pay' })).status).toBe(503);
    } finally {
      fake.answerSlowly(0);
    }
    const reference = `${uid}~${id}~card-1`;
    const made = await until(() => fake.sessions().find((s) => s.client_reference_id === reference), 'its page');
    expect(await read(`payments/${deskKey(uid, id)}/card-1`)).toMatchObject({ state: 'pending' });
    expect(await read(`payments/${deskKey(uid, id)}/card-1/session`)).toBeNull();
    return { id, secret, made };
  }

  const pagesOf = (uid: string, id: string) =>
    fake.sessions().filter((s) => s.client_reference_id?.startsWith(`${uid}~${id}~`));

  it('sends the next tap to the page it made, found with the same key: never a second page', async () => {
    const { id, secret, made } = await hungAttempt('hana');
    expect(await pageOf(secret)).toBe(made.url);
    expect(await read(`payments/${deskKey('hana', id)}/card-1/session`)).toBe(made.id);
    expect(pagesOf('hana', id)).toHaveLength(1);
    expect((await onPage(made.url, TEST_CARDS.pays)).status).toBe(303);
    await until(async () => ((await read(`orders/hana/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
  });

  it('closes the page it made when the hold ends, and the order lapses', async () => {
    const { id, made } = await hungAttempt('ines');
    await lapse('ines', id);
    expect(await expireHolds(trusted(), Date.now(), cards)).toMatchObject({ expired: 1 });
    expect(fake.sessions().find((s) => s.id === made.id)?.status).toBe('expired');
    expect(await read(`payments/${deskKey('ines', id)}/card-1`)).toMatchObject({
      state: 'cancelled',
      session: made.id,
    });
  });

  it('confirms a payment made on that page, which the shop learns of only from the provider', async () => {
    const { id, made } = await hungAttempt('uma');
    expect((await onPage(made.url, TEST_CARDS.pays)).status).toBe(303);
    await until(async () => ((await read(`orders/uma/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    expect(await read(`payments/${deskKey('uma', id)}/card-1`)).toMatchObject({
      state: 'confirmed',
      session: made.id,
    });
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});

describe('a card refund the provider fails after it took it', () => {
  /** Buyer `uid` pays two Gig tickets (£25) with the card whose refunds fail, and staff refund £10 of it. */
  async function refundedThenFailing(uid: string) {
    const { id, secret } = await cardOrder(uid);
    expect((await onPage(await pageOf(secret), TEST_CARDS.refundFails)).status).toBe(303);
    await until(async () => ((await read(`orders/${uid}/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    const refundId = `refund-${uid}-1`;
    await connect('staff', 'staff')
      .ref(`refundRequests/${refundId}`)
      .set({ uid, order: id, amount: 1000, way: 'card', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
    expect(await refundApplier(trusted(), provider)()).toMatchObject({ applied: { done: 1 } });
    const record = `refunds/${deskKey(uid, id)}/${refundId}`;
    return { id, refundId, record };
  }

  it('counts it back when the provider’s event says it failed: the record failed, the money owed again, the buyer told, once', async () => {
    const { id, refundId, record } = await refundedThenFailing('ria');
    // Taken at first: done, with the provider's id, counted, and the buyer told it is on its way.
    expect(await read(record)).toMatchObject({ state: 'done', provider: expect.stringMatching(/^re_/) });
    expect(await read(`orders/ria/${id}/pay`)).toMatchObject({ paid: 2500, refunded: 1000 });
    expect(await read(`mailOutbox/${id}-refund-${refundId}`)).toMatchObject({ kind: 'refund' });

    // The provider fails it and says so in a signed event, which the shop reads back before believing.
    await until(async () => ((await read(`${record}/state`)) === 'failed' ? true : undefined), 'failed');
    expect(await read(record)).toMatchObject({ state: 'failed', error: expect.stringMatching(/could not complete/) });
    const pay = (await read(`orders/ria/${id}/pay`)) as { refunded: number; v: number };
    expect(pay.refunded).toBe(0);
    expect(await read(`mailOutbox/${id}-refundfailed-${refundId}`)).toMatchObject({
      kind: 'refund',
      to: 'ria@example.com',
    });
    expect(answers.at(-1)).toMatchObject({ status: 200, body: expect.stringContaining('"kind":"failed"') });

    // The same event again and again changes nothing more.
    const failedRefund = (await provider.readRefund(((await read(record)) as { provider: string }).provider))!;
    const payload = JSON.stringify({
      id: 'evt_again',
      object: 'event',
      type: 'charge.refund.updated',
      data: { object: { id: failedRefund.id, object: 'refund', status: 'succeeded' } },
    });
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (let n = 0; n < 5; n++) {
      const again = await cardWebhookRequest(services!, 'POST', payload, signature);
      expect(JSON.parse(again.body)).toMatchObject({ kind: 'already' });
    }
    expect(await read(`orders/ria/${id}/pay`)).toEqual(expect.objectContaining({ refunded: 0, v: pay.v }));
    // What the event says of the refund ("succeeded") is not believed: the provider's own record says failed.
    expect(await read(`${record}/state`)).toBe('failed');
  });

  it('believes no event about a refund: forged ones are refused, and one about a refund that is not ours changes nothing', async () => {
    const { id, record } = await refundedThenFailing('sol');
    const event = (refund: string) =>
      JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'refund.failed',
        data: { object: { id: refund, object: 'refund', status: 'failed' } },
      });
    const provided = ((await read(record)) as { provider: string }).provider;
    const forged = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
      payload: event(provided),
      secret: 'whsec_not_the_shops',
    });
    expect((await cardWebhookRequest(services!, 'POST', event(provided), forged)).status).toBe(400);
    const signed = (payload: string) =>
      new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const unknown = await cardWebhookRequest(
      services!,
      'POST',
      event('re_test_never_made'),
      signed(event('re_test_never_made')),
    );
    expect(JSON.parse(unknown.body)).toMatchObject({ kind: 'unknown' });
    // Whatever the forged and unknown events said, only the provider's own failure (a moment later) counts.
    await until(async () => ((await read(`${record}/state`)) === 'failed' ? true : undefined), 'failed');
    expect(await read(`orders/sol/${id}/pay/refunded`)).toBe(0);
  });

  it('counts a refund the provider keeps pending as given back, and done once its event says so', async () => {
    const { id, secret } = await cardOrder('ulf');
    expect((await onPage(await pageOf(secret), TEST_CARDS.refundPending)).status).toBe(303);
    await until(async () => ((await read(`orders/ulf/${id}/pay/state`)) === 'paid' ? true : undefined), 'paid');
    await connect('staff', 'staff')
      .ref('refundRequests/refund-ulf-1')
      .set({ uid: 'ulf', order: id, amount: 2500, way: 'card', by: 'staff', note: '', at: ServerValue.TIMESTAMP });
    await refundApplier(trusted(), provider)();
    const record = `refunds/${deskKey('ulf', id)}/refund-ulf-1`;
    expect(await read(record)).toMatchObject({ state: 'pending', provider: expect.stringMatching(/^re_/) });
    expect(await read(`orders/ulf/${id}/pay/refunded`)).toBe(2500);
    await until(async () => ((await read(`${record}/state`)) === 'done' ? true : undefined), 'done');
    expect(await read(`orders/ulf/${id}/pay/refunded`)).toBe(2500);
  });

  it('lets no client and no trusted code reopen a failed refund or change the provider’s id on it', async () => {
    const { record } = await refundedThenFailing('tam');
    await until(async () => ((await read(`${record}/state`)) === 'failed' ? true : undefined), 'failed');
    const allocator = connect('allocator-refunds', 'storefront-order-allocator');
    await expect(allocator.ref(`${record}/state`).set('done')).rejects.toThrow(/permission/i);
    await expect(allocator.ref(`${record}/provider`).set('re_test_other')).rejects.toThrow(/permission/i);
    for (const uid of ['tam', 'staff']) {
      await expect(connect(`refund-${uid}`, uid).ref(`${record}/state`).set('done')).rejects.toThrow(/permission/i);
    }
  });
});

describe('card money that buys nothing, given back at once when the organiser asks', () => {
  const refundsOf = async (uid: string, id: string) =>
    Object.values(((await read(`refunds/${deskKey(uid, id)}`)) ?? {}) as Record<string, Record<string, unknown>>);

  it('refunds a bank debit that arrives for an order staff cancelled: to its own charge, counted, the buyer told', async () => {
    await admin().ref('paymentSettings/card/autoRefund').set(true);
    const { id, secret } = await cardOrder('aria');
    const session = await debit(secret, TEST_DEBITS.settles);
    // Staff may cancel while the money is on its way; when it arrives it buys nothing, and goes back by itself.
    expect(await cancelOnDesk('aria', id, services!.cards)).toMatchObject({ kind: 'cancelled', refund: 0 });
    fake.settleDebit(session.id);
    await until(async () => ((await refundsOf('aria', id))[0]?.state === 'done' ? true : undefined), 'the refund');
    const [refund] = await refundsOf('aria', id);
    expect(refund).toMatchObject({ way: 'card', amount: 2500, state: 'done', by: 'storefront-order-allocator' });
    expect(fake.sessions().find((s) => s.id === session.id)?.refunded).toBe(2500);
    expect(await read(`orders/aria/${id}`)).toMatchObject({
      status: 'cancelled',
      pay: { paid: 2500, refunded: 2500 },
    });
    expect(await read('refundRequests')).toBeNull();
    expect(await read(`mailOutbox/${id}-refund-auto-${id}-card-1`)).toMatchObject({ kind: 'refund' });
    const outbox = Object.values((await read('mailOutbox')) as Record<string, { kind: string; order: string }>);
    expect(outbox.filter((mail) => mail.order === id).map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(['status', 'received', 'refund']),
    );
  });

  it('refunds a card payment of an order paid another way meanwhile, that payment only', async () => {
    await admin().ref('paymentSettings/card/autoRefund').set(true);
    const { id, secret } = await cardOrder('bea');
    const url = await pageOf(secret);
    // Staff record a transfer in full while the buyer is on the card page; then the card pays too.
    await connect('staff', 'staff')
      .ref('paymentMarks/mark-bea-0001')
      .set({ uid: 'bea', order: id, amount: 2500, method: 'transfer', by: 'staff', at: ServerValue.TIMESTAMP });
    await markApplier(trusted())();
    expect((await onPage(url, TEST_CARDS.pays)).status).toBe(303);
    await until(async () => ((await refundsOf('bea', id))[0]?.state === 'done' ? true : undefined), 'the refund');
    expect(await refundsOf('bea', id)).toEqual([expect.objectContaining({ way: 'card', amount: 2500, state: 'done' })]);
    expect(await read(`orders/bea/${id}/pay`)).toMatchObject({ state: 'paid', paid: 5000, refunded: 2500 });
  });

  it('leaves it owed back on the desk when the organiser has not asked', async () => {
    const { id, secret } = await cardOrder('cleo');
    const session = await debit(secret, TEST_DEBITS.settles);
    await cancelOnDesk('cleo', id, services!.cards);
    fake.settleDebit(session.id);
    await until(async () => ((await read(`orders/cleo/${id}/pay/paid`)) === 2500 ? true : undefined), 'recorded');
    expect(await refundsOf('cleo', id)).toEqual([]);
    expect(await read('refundRequests')).toBeNull();
    expect(await read(`orders/cleo/${id}/pay`)).toMatchObject({ paid: 2500, refunded: 0 });
  });

  it('is applied by the minute job when the provider was away as it was queued', async () => {
    await admin().ref('paymentSettings/card/autoRefund').set(true);
    const { id, secret } = await cardOrder('dora');
    const session = await debit(secret, TEST_DEBITS.settles);
    await cancelOnDesk('dora', id, services!.cards);
    // The provider answers the payment's reading, but is gone when the refund is asked: the refund stays queued.
    const away = unreachableProvider();
    services = cardServicesOn(trusted(), { ...provider, refund: (refund) => away.refund(refund) }, SHOP);
    fake.settleDebit(session.id);
    await until(async () => ((await read(`orders/dora/${id}/pay/paid`)) === 2500 ? true : undefined), 'recorded');
    expect(await read(`refundRequests/auto-${id}-card-1`)).toMatchObject({ amount: 2500, payment: 'card-1' });
    expect(await refundsOf('dora', id)).toEqual([expect.objectContaining({ state: 'created' })]);
    const job = await runHoldsJob(trusted(), Date.now(), cards, refundApplier(trusted(), provider));
    expect(job).toMatchObject({ refunded: 1 });
    expect(await refundsOf('dora', id)).toEqual([expect.objectContaining({ amount: 2500, state: 'done' })]);
  });
});
