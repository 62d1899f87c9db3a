/**
 * The card provider port on Stripe (functions/src/payments/stripeProvider.ts), through the real `stripe` SDK against
 * the local fake of the provider (scripts/cardProvider/), with a real webhook receiver: what trusted code will rely
 * on when it takes card payments (docs/payments.md). The fake's own promises (the test page, expiry, refunds up to
 * what was paid) are checked here too, since the shop's tests will stand on them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BadWebhookSignature, ProviderRefused, ProviderUnavailable } from '../../functions/src/payments/provider';
import { stripeProvider } from '../../functions/src/payments/stripeProvider';
import { startFakeCardProvider, TEST_CARDS, type FakeCardProvider } from '../../scripts/cardProvider/fakeCardProvider';

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
  });
});

beforeEach(() => {
  received = [];
  receiverAnswers = 200;
  clock = Date.now();
});

afterAll(async () => {
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
    const asked = (locale: string) =>
      fetch(`${fake.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          mode: 'payment',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'gbp',
          'line_items[0][price_data][unit_amount]': '100',
          'line_items[0][price_data][product_data][name]': 'Order',
          success_url: 'http://localhost:4173/order',
          cancel_url: 'http://localhost:4173/order',
          expires_at: String(Math.floor(clock / 1000) + 3600),
          locale,
        }),
      });
    expect((await asked('de')).status).toBe(200);
    const refused = await asked('de-DE');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { param: 'locale' } });
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
