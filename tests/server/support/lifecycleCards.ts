/**
 * The card provider of the order lifecycle's model-based test (lifecycleModel.ts): for each sequence a local fake
 * provider of its own (scripts/cardProvider/fakeCardProvider.ts), which trusted code's card flow reaches through the
 * real `stripe` SDK as in production, and one webhook receiver that holds every signed event the provider sends
 * until the model hands it to the shop's webhook endpoint. So the model decides when the shop hears of a payment or
 * a refund, whether it hears again, and whether at the same moment as the buyer's return.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardServicesOn, cardWebhookRequest, type CardServices } from '../../../functions/src/payments/cardEndpoints';
import type { PaymentsDatabase } from '../../../functions/src/payments/settlePayment';
import type { RefundsDatabase } from '../../../functions/src/payments/refunds';
import { stripeProvider } from '../../../functions/src/payments/stripeProvider';
import { startFakeCardProvider, type FakeCardProvider } from '../../../scripts/cardProvider/fakeCardProvider';
import { isRecord } from '../../../src/state/validation';

const SECRET_KEY = 'sk_test_lifecycle_0123456789';
const WEBHOOK_SECRET = 'whsec_lifecycle_0123456789';
/** Longest the provider's events may take to reach the receiver. */
const QUIET_WITHIN_MS = 20_000;

export type ProviderSession = ReturnType<FakeCardProvider['sessions']>[number];

/** A signed event the provider sent, held until the model delivers it. */
interface HeldEvent {
  type: string;
  /** The provider's id of the session or refund it is about. */
  about: string;
  /** The order's desk key (uid~orderId), from what the provider keeps with the payment or the refund. */
  order: string;
  /**
   * For a refund: our id of it, and its state and amount as the provider sent them (a refund of the fake changes
   * once, so they are final).
   */
  refund: { id: string; status: string; amount: number } | null;
  body: string;
  signature: string;
  /** How often the shop has answered it 200. */
  delivered: number;
}

/** Our order's desk key from a payment's reference (uid~orderId~card-n), as trusted code gives it to the provider. */
export const orderOfReference = (reference: string | null): string => (reference ?? '').split('~', 2).join('~');

function held(body: string, signature: string): HeldEvent {
  const event = JSON.parse(body) as { type: string; data: { object: Record<string, unknown> } };
  const object = event.data.object;
  const refund = object.object === 'refund';
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  return {
    type: event.type,
    about: String(object.id),
    order: refund ? String(metadata.order) : orderOfReference(object.client_reference_id as string | null),
    refund: refund
      ? { id: String(metadata.refundId), status: String(object.status), amount: Number(object.amount) }
      : null,
    body,
    signature,
    delivered: 0,
  };
}

/** One sequence's provider, as the model drives it. */
export interface CardRun {
  /** Trusted code's card flow on this provider (cardEndpoints.ts). */
  services: CardServices;
  sessions(): readonly ProviderSession[];
  /** Every event the provider sent, in order. */
  events: HeldEvent[];
  /** The buyer posts `form` on a session's test page; the page's status. */
  onPage(sessionId: string, form: Record<string, string>): Promise<number>;
  /** The bank debit of a session settles (or fails, by the account it was paid from) now. */
  settleDebit(sessionId: string): void;
  /** Hands `event` to the shop's webhook endpoint as the provider would; what the shop answered. */
  deliver(event: HeldEvent): Promise<{ status: number; kind: string }>;
  /** Waits until every event the provider sent is held, `refundChanges` refund changes among them. */
  quiet(refundChanges: number): Promise<void>;
  close(): Promise<void>;
}

/** The receiver all sequences share, and a provider per sequence: `open` one, `close` all at the end. */
export function cardProviders() {
  let receiver: Server | null = null;
  let port = 0;
  let runs = 0;
  /** Where each open sequence's events go, by the receiver's path of it. */
  const sinks = new Map<string, HeldEvent[]>();

  async function listen(): Promise<void> {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const signature = request.headers['stripe-signature'];
        // An event of a sequence already over (it failed) is dropped.
        sinks.get(request.url ?? '')?.push(held(Buffer.concat(chunks).toString('utf8'), String(signature)));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  }

  async function open(db: PaymentsDatabase & RefundsDatabase): Promise<CardRun> {
    if (!receiver) await listen();
    const path = `/run-${++runs}`;
    const events: HeldEvent[] = [];
    sinks.set(path, events);
    const fake = await startFakeCardProvider({
      secretKey: SECRET_KEY,
      webhook: { url: `http://127.0.0.1:${port}${path}`, secret: WEBHOOK_SECRET },
      // The receiver answers every event at once: none is sent again but by the model.
      retryDelaysMs: [],
      // A refund changes a moment after it was made, the model decides when the shop hears of it.
      refundFailsAfterMs: 0,
      refundSettlesAfterMs: 0,
      asyncSettlesAfterMs: null,
    });
    const provider = stripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
    const services = cardServicesOn(db, provider, 'http://localhost:4173');
    const quiet = async (refundChanges: number) => {
      const until = Date.now() + QUIET_WITHIN_MS;
      const changes = () => fake.deliveries().filter((sent) => sent.type === 'charge.refund.updated').length;
      while (fake.deliveries().some((sent) => sent.status === null) || changes() < refundChanges) {
        if (Date.now() > until) throw new Error(`the provider's events did not arrive within ${QUIET_WITHIN_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    return {
      services,
      sessions: () => fake.sessions(),
      events,
      async onPage(sessionId, form) {
        const response = await fetch(`http://127.0.0.1:${fake.port}/pay/${sessionId}`, {
          method: 'POST',
          body: new URLSearchParams(form),
          redirect: 'manual',
        });
        await response.arrayBuffer();
        return response.status;
      },
      settleDebit: (sessionId) => fake.settleDebit(sessionId),
      async deliver(event) {
        const answer = await cardWebhookRequest(services, 'POST', event.body, event.signature);
        if (answer.status === 200) event.delivered++;
        const body = JSON.parse(answer.body) as { kind?: string };
        return { status: answer.status, kind: body.kind ?? '' };
      },
      quiet,
      async close() {
        await quiet(0).catch(() => undefined);
        sinks.delete(path);
        await fake.close();
      },
    };
  }

  return {
    open,
    close: () =>
      new Promise<void>((resolve) => {
        if (!receiver) return resolve();
        receiver.closeAllConnections();
        receiver.close(() => resolve());
      }),
  };
}
