/**
 * The card provider port on Stripe (functions/src/payments/stripeProvider.ts), through the real `stripe` SDK against
 * the local fake of the provider (scripts/cardProvider/), with a real webhook receiver: what trusted code will rely
 * on when it takes card payments (docs/payments.md). The fake's own promises (the test page, expiry, refunds up to
 * what was paid, what the provider refuses and what it does later) are checked here too, since the shop's tests
 * stand on them; and every answer and webhook of the fake, and every request it took, is held to the provider's
 * published description (tests/fixtures/stripe/) after each test.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BadWebhookSignature,
  ProviderKeyConflict,
  ProviderRefused,
  ProviderUnavailable,
  pageEnd,
} from '../../functions/src/payments/provider';
import { stripeProvider } from '../../functions/src/payments/stripeProvider';
import {
  startFakeCardProvider,
  TEST_CARDS,
  TEST_DEBITS,
  type FakeCardProvider,
} from '../../scripts/cardProvider/fakeCardProvider';
import { openApiValidator, transcriptProblems } from '../../scripts/cardProvider/openApiValidator';
import { stripeDescriptionText } from '../support/stripeDescription';

const SECRET_KEY = 'sk_test_local_0123456789';
const WEBHOOK_SECRET = 'whsec_local_0123456789';

interface Received {
  raw: string;
  signature: string | undefined;
}

let clock = Date.now();
let fake: FakeCardProvider;
let receiver: Server;
let received: Received[] = [];
let receiverAnswers = 200;
/** Where this test's calls and webhooks begin in the fake's transcript. */
let mark = { exchanges: 0, deliveries: 0 };

const description = stripeDescriptionText();
/** The provider's published description the fake is held to; null when it is not here (stripeDescription.ts). */
const described = description === null ? null : openApiValidator(JSON.parse(description));

const provider = () =>
  stripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });

const newPayment = (paymentId: string, amountMinor = 3600) => ({
  paymentId,
  orderRef: 'K7M4-QXPR',
  description: 'Order K7M4-QXPR: 2 × Harbour Jazz Night',
  language: 'en-GB' as const,
  amountMinor,
  currency: 'GBP',
  email: 'ann@example.com',
  expiresAt: clock + 30 * 60_000,
  returnUrl: 'http://localhost:4173/order#paid',
  cancelUrl: 'http://localhost:4173/order#cancelled',
});

/** What the provider answers a session asked for directly, as `fields` change a valid request (null leaves one out). */
async function createRaw(fields: Record<string, string | null>, idempotencyKey?: string) {
  const form: Record<string, string | null> = {
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'gbp',
    'line_items[0][price_data][unit_amount]': '100',
    'line_items[0][price_data][product_data][name]': 'Order',
    success_url: 'http://localhost:4173/order',
    cancel_url: 'http://localhost:4173/order',
    expires_at: String(Math.floor(clock / 1000) + 3600),
    ...fields,
  };
  const response = await fetch(`${fake.url}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: new URLSearchParams(
      Object.entries(form).flatMap(([key, value]) => (value === null ? [] : [[key, value] as [string, string]])),
    ),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What a person does on the test checkout page. */
async function onPage(url: string, form: Record<string, string>) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
}

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not received');
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += String(chunk)));
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      received.push({ raw, signature: typeof signature === 'string' ? signature : undefined });
      response.writeHead(receiverAnswers).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeCardProvider({
    secretKey: SECRET_KEY,
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: WEBHOOK_SECRET },
    retryDelaysMs: [20, 20],
    now: () => clock,
    refundSettlesAfterMs: 50,
    // Each test settles its bank debits itself.
    asyncSettlesAfterMs: null,
  });
});

beforeEach(() => {
  received = [];
  receiverAnswers = 200;
  clock = Date.now();
  mark = { exchanges: fake.exchanges().length, deliveries: fake.deliveries().length };
});

afterEach(() => {
  if (described) expect(transcriptProblems(described, fake, mark)).toEqual([]);
});

afterAll(async () => {
  // Webhooks sent after their test ended (a refund failing later) are held to the description too.
  if (described) expect(transcriptProblems(described, fake)).toEqual([]);
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('a card payment', () => {
  it('is created once per payment id, paid on the test page, announced by a signed webhook and read back paid', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0001'));
    expect(await cards.createPayment(newPayment('pay-0001'))).toEqual(created);
    expect(await cards.readPayment(created.id)).toEqual({
      id: created.id,
      paymentId: 'pay-0001',
      state: 'open',
      amountMinor: 3600,
      currency: 'gbp',
      charge: null,
      url: created.redirectUrl,
    });
    const pageHtml = await (await fetch(created.redirectUrl)).text();
    expect(pageHtml).toContain('£36.00');
    expect(pageHtml).toContain('Harbour Jazz Night');

    const paid = await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:4173/order#paid');
    const webhook = await waitFor(() => received[0]);
    expect(cards.verifyWebhook(webhook.raw, webhook.signature)).toEqual({
      eventId: expect.stringMatching(/^evt_/),
      kind: 'paid',
      paymentOf: created.id,
      refundOf: null,
    });
    const read = await cards.readPayment(created.id);
    expect(read).toMatchObject({ state: 'paid', amountMinor: 3600, currency: 'gbp' });
    expect(read!.charge).toMatch(/^pi_/);
    // Paid once: the page will not take it again.
    expect((await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' })).status).toBe(409);
  });

  it('stays open when the card is declined, and sends the buyer back when they give up', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0002'));
    const declined = await onPage(created.redirectUrl, { card: TEST_CARDS.declined, action: 'pay' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('declined');
    expect((await cards.readPayment(created.id))?.state).toBe('open');
    const cancelled = await onPage(created.redirectUrl, { card: '', action: 'cancel' });
    expect(cancelled.headers.get('location')).toBe('http://localhost:4173/order#cancelled');
    expect(received).toEqual([]);
  });

  it('expires when its hold ends, with a webhook saying so', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0003'));
    clock += 31 * 60_000;
    expect((await cards.readPayment(created.id))?.state).toBe('expired');
    const webhook = await waitFor(() => received[0]);
    expect(cards.verifyWebhook(webhook.raw, webhook.signature)).toMatchObject({
      kind: 'expired',
      paymentOf: created.id,
    });
    expect((await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' })).status).toBe(409);
  });

  it('is closed when the hold ends: an open payment can no longer be paid, a paid one stays paid', async () => {
    const cards = provider();
    const open = await cards.createPayment(newPayment('pay-0010'));
    expect(await cards.cancelPayment(open.id)).toMatchObject({ state: 'expired', url: null, charge: null });
    expect((await onPage(open.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' })).status).toBe(409);
    // Closing it again, or one already paid, reads it as it stands.
    expect((await cards.cancelPayment(open.id))?.state).toBe('expired');
    const paid = await cards.createPayment(newPayment('pay-0011'));
    await onPage(paid.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    expect(await cards.cancelPayment(paid.id)).toMatchObject({ state: 'paid', charge: expect.stringMatching(/^pi_/) });
    expect(await cards.cancelPayment('cs_test_never_created')).toBeNull();
  });

  it('is refunded in parts up to what was paid, and no further', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0004', 5000));
    await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    const { charge } = (await cards.readPayment(created.id))!;
    expect(
      await cards.refund({ charge: charge!, amountMinor: 2000, refundId: 'refund-0001', orderKey: 'ann~order-1' }),
    ).toMatchObject({
      state: 'done',
      amountMinor: 2000,
    });
    // The same refund asked again (a retry) is the same refund, not a second one.
    await cards.refund({ charge: charge!, amountMinor: 2000, refundId: 'refund-0001', orderKey: 'ann~order-1' });
    await expect(
      cards.refund({ charge: charge!, amountMinor: 3001, refundId: 'refund-0002', orderKey: 'ann~order-1' }),
    ).rejects.toThrow(ProviderRefused);
    expect(
      await cards.refund({ charge: charge!, amountMinor: 3000, refundId: 'refund-0003', orderKey: 'ann~order-1' }),
    ).toMatchObject({
      state: 'done',
    });
  });

  it('paid with the card whose refunds fail: a refund is taken, then fails with a signed event, and reads back failed', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0015', 5000));
    await onPage(created.redirectUrl, { card: TEST_CARDS.refundFails, action: 'pay' });
    const { charge } = (await cards.readPayment(created.id))!;
    const refund = await cards.refund({
      charge: charge!,
      amountMinor: 2000,
      refundId: 'refund-0005',
      orderKey: 'bo~o5',
    });
    expect(refund).toMatchObject({ state: 'done', ours: { orderKey: 'bo~o5', refundId: 'refund-0005' } });
    const webhook = await waitFor(() => received.find((r) => r.raw.includes('charge.refund.updated')));
    expect(cards.verifyWebhook(webhook.raw, webhook.signature)).toMatchObject({
      kind: 'refund',
      paymentOf: null,
      refundOf: refund.id,
    });
    expect(await cards.readRefund(refund.id)).toMatchObject({ state: 'failed', amountMinor: 2000 });
    expect(await cards.readRefund('re_test_never_made')).toBeNull();
    // The money came back to the payment: it can be refunded in full again.
    const again = await cards.refund({
      charge: charge!,
      amountMinor: 5000,
      refundId: 'refund-0006',
      orderKey: 'bo~o5',
    });
    expect(again.amountMinor).toBe(5000);
    // Which fails in its turn: its event arrives here, not in the next test.
    await waitFor(() => received.find((r) => r.raw.includes(again.id)));
  });
});

describe('as the provider really behaves', () => {
  /** The event of `type` about `id` the receiver got, once it arrives. */
  const eventAbout = (type: string, id: string) =>
    waitFor(() => received.find((r) => r.raw.includes(`"${type}"`) && r.raw.includes(id)));

  it('a bank debit completes the session unpaid, neither open nor paid, and its money arrives later with its event', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0020'));
    expect((await onPage(created.redirectUrl, { iban: TEST_DEBITS.settles, action: 'debit' })).status).toBe(303);
    const completed = await eventAbout('checkout.session.completed', created.id);
    expect(JSON.parse(completed.raw)).toMatchObject({
      data: { object: { status: 'complete', payment_status: 'unpaid', payment_intent: expect.stringMatching(/^pi_/) } },
    });
    expect(cards.verifyWebhook(completed.raw, completed.signature)).toMatchObject({ paymentOf: created.id });
    // No page to send the buyer back to, nothing to confirm, nothing to close.
    expect(await cards.readPayment(created.id)).toMatchObject({ state: 'processing', charge: null, url: null });
    expect(await cards.cancelPayment(created.id)).toMatchObject({ state: 'processing' });
    expect((await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' })).status).toBe(409);

    fake.settleDebit(created.id);
    const succeeded = await eventAbout('checkout.session.async_payment_succeeded', created.id);
    expect(cards.verifyWebhook(succeeded.raw, succeeded.signature)).toMatchObject({
      kind: 'paid',
      paymentOf: created.id,
    });
    const read = await cards.readPayment(created.id);
    expect(read).toMatchObject({ state: 'paid', amountMinor: 3600, charge: expect.stringMatching(/^pi_/) });
  });

  it('a bank debit that fails leaves the session complete and unpaid: read back failed, with its event', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0021'));
    await onPage(created.redirectUrl, { iban: TEST_DEBITS.fails, action: 'debit' });
    await eventAbout('checkout.session.completed', created.id);
    fake.settleDebit(created.id);
    const failed = await eventAbout('checkout.session.async_payment_failed', created.id);
    expect(JSON.parse(failed.raw)).toMatchObject({
      data: { object: { status: 'complete', payment_status: 'unpaid' } },
    });
    expect(cards.verifyWebhook(failed.raw, failed.signature)).toMatchObject({ kind: 'failed', paymentOf: created.id });
    expect(await cards.readPayment(created.id)).toMatchObject({ state: 'failed', charge: null });
  });

  it('takes no less than its least per currency, and says so as the provider does', async () => {
    const price = (currency: string, amount: number) => ({
      'line_items[0][price_data][currency]': currency,
      'line_items[0][price_data][unit_amount]': String(amount),
    });
    for (const [currency, least] of [
      ['gbp', 30],
      ['eur', 50],
      ['usd', 50],
      ['jpy', 50],
    ] as const) {
      const below = await createRaw(price(currency, least - 1));
      expect(below.status).toBe(400);
      expect(below.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'amount_too_small' } });
      expect((await createRaw(price(currency, least))).status).toBe(200);
    }
    expect((await createRaw(price('gbp', 29))).body).toMatchObject({
      error: { message: expect.stringContaining('at least £0.30 gbp') },
    });
    // Krónur are written with two decimals that must be 00.
    expect((await createRaw(price('isk', 15050))).body).toMatchObject({
      error: { code: 'invalid_charge_amount_no_decimal_compatible' },
    });
    expect((await createRaw(price('isk', 15000))).status).toBe(200);
    await expect(provider().createPayment(newPayment('pay-0022', 29))).rejects.toThrow(ProviderRefused);
  });

  it('refuses a currency it does not know, an empty or malformed address, and a page not open 30 minutes to a day', async () => {
    const unknown = await createRaw({ 'line_items[0][price_data][currency]': 'xxx' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { param: 'line_items[0][price_data][currency]', message: expect.stringContaining('xxx') } },
    });
    expect((await createRaw({ customer_email: '' })).body).toMatchObject({
      error: { code: 'parameter_invalid_empty', param: 'customer_email' },
    });
    expect((await createRaw({ customer_email: 'ann at example' })).body).toMatchObject({
      error: { code: 'email_invalid', param: 'customer_email' },
    });
    const at = (minutes: number) => ({ expires_at: String(Math.floor(clock / 1000) + minutes * 60) });
    expect((await createRaw(at(28))).body).toMatchObject({ error: { param: 'expires_at' } });
    expect((await createRaw(at(24 * 60 + 1))).body).toMatchObject({ error: { param: 'expires_at' } });
    expect((await createRaw(at(30))).status).toBe(200);
    expect((await createRaw(at(24 * 60))).status).toBe(200);
  });

  it('a hold’s end moved into the provider’s window is taken, and the adapter leaves an empty address out', async () => {
    const cards = provider();
    const soon = await cards.createPayment({
      ...newPayment('pay-0023'),
      expiresAt: pageEnd(clock + 5 * 60_000, clock),
      email: '',
    });
    const late = await cards.createPayment({
      ...newPayment('pay-0024'),
      expiresAt: pageEnd(clock + 3 * 86_400_000, clock),
    });
    const session = (created: { id: string }) => fake.sessions().find((s) => s.id === created.id)!;
    expect(session(soon).expires_at).toBe(Math.floor((clock + 31 * 60_000) / 1000));
    expect(session(late).expires_at).toBe(Math.floor((clock + 86_400_000 - 60_000) / 1000));
    expect(session(soon).customer_email).toBeNull();
    const asked = fake
      .exchanges()
      .find((call) => call.status === 200 && call.body !== null && JSON.stringify(call.body).includes(soon.id));
    expect(asked?.params).not.toHaveProperty('customer_email');
  });

  it('refuses a key used again with other parameters (idempotency_error), which the adapter does not try again', async () => {
    const first = await createRaw({}, 'key-0001');
    expect(first.status).toBe(200);
    // The same request again is the same answer, not a second session.
    expect(await createRaw({}, 'key-0001')).toEqual(first);
    const other = await createRaw({ 'line_items[0][price_data][unit_amount]': '200' }, 'key-0001');
    expect(other).toMatchObject({ status: 400, body: { error: { type: 'idempotency_error' } } });

    const cards = provider();
    await cards.createPayment(newPayment('pay-0025'));
    await expect(cards.createPayment(newPayment('pay-0025', 4000))).rejects.toThrow(ProviderKeyConflict);
    const paid = await cards.createPayment(newPayment('pay-0026', 5000));
    await onPage(paid.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    const { charge } = (await cards.readPayment(paid.id))!;
    await cards.refund({ charge: charge!, amountMinor: 1000, refundId: 'refund-0010', orderKey: 'cy~o1' });
    await expect(
      cards.refund({ charge: charge!, amountMinor: 2000, refundId: 'refund-0010', orderKey: 'cy~o1' }),
    ).rejects.toThrow(ProviderRefused);
  });

  it('a refund that is pending first, and succeeds a moment later with its event', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0027', 5000));
    await onPage(created.redirectUrl, { card: TEST_CARDS.refundPending, action: 'pay' });
    const { charge } = (await cards.readPayment(created.id))!;
    const refund = await cards.refund({
      charge: charge!,
      amountMinor: 5000,
      refundId: 'refund-0011',
      orderKey: 'di~o2',
    });
    expect(refund).toMatchObject({ state: 'pending', amountMinor: 5000 });
    const updated = await eventAbout('charge.refund.updated', refund.id);
    expect(cards.verifyWebhook(updated.raw, updated.signature)).toMatchObject({ kind: 'refund', refundOf: refund.id });
    expect(await cards.readRefund(refund.id)).toMatchObject({ state: 'done' });
  });
});

describe('what is not believed', () => {
  it('a webhook with a bad signature, a changed body or none at all', async () => {
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0005'));
    await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    const { raw, signature } = await waitFor(() => received[0]);
    expect(() => cards.verifyWebhook(raw, undefined)).toThrow(BadWebhookSignature);
    expect(() => cards.verifyWebhook(raw.replace(created.id, 'cs_test_someone_else'), signature)).toThrow(
      BadWebhookSignature,
    );
    const forged = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: 'whsec_not_ours' });
    expect(() => forged.verifyWebhook(raw, signature)).toThrow(BadWebhookSignature);
  });

  it('a page in a language the provider has no name for: refused, as the provider refuses it', async () => {
    const asked = (locale: string) => createRaw({ locale });
    expect((await asked('de')).status).toBe(200);
    const refused = await asked('de-DE');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { param: 'locale' } });
  });

  it('a payment the provider does not hold reads as none', async () => {
    expect(await provider().readPayment('cs_test_never_created')).toBeNull();
  });

  it('a provider that is down is unavailable, not a refusal', async () => {
    const down = stripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: 1, protocol: 'http' },
    });
    await expect(down.createPayment(newPayment('pay-0006'))).rejects.toThrow(ProviderUnavailable);
    await expect(down.readPayment('cs_test_x')).rejects.toThrow(ProviderUnavailable);
  });

  it('a webhook the shop did not take is sent again', async () => {
    receiverAnswers = 500;
    const cards = provider();
    const created = await cards.createPayment(newPayment('pay-0007'));
    await onPage(created.redirectUrl, { card: TEST_CARDS.pays, action: 'pay' });
    await waitFor(() => (received.length >= 3 ? true : undefined));
    expect(fake.deliveries().at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 500, attempts: 3 });
  });
});
