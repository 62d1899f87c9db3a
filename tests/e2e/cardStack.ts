/**
 * A test's own card provider (scripts/cardProvider/) with the shop's webhook endpoint in front of the test's trusted
 * code: the provider's events reach the same function `vite preview` and the Cloud Function answer them with, over
 * real HTTP, signed; the buyer's browser pays on the provider's real test page.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardServices, cardWebhookRequest, type CardServices } from '../../functions/src/payments/cardEndpoints';
import { cardProviderSettings, LOCAL_CARD_KEYS, localCardEnv } from '../../functions/src/payments/cardSettings';
import type { PaymentsDatabase } from '../../functions/src/payments/settlePayment';
import type { RefundsDatabase } from '../../functions/src/payments/refunds';
import { startFakeCardProvider } from '../../scripts/cardProvider/fakeCardProvider';

export interface CardStack {
  services: CardServices;
  /** Stops the provider: the shop's calls to it are refused from now on, as when it is down. */
  providerDown(): Promise<void>;
  close(): Promise<void>;
}

/** `afterEvent` runs after each event is answered (the mail it queued goes out). */
export async function startCardStack(
  db: PaymentsDatabase & RefundsDatabase,
  shopUrl: string,
  afterEvent: () => void,
): Promise<CardStack> {
  let services: CardServices | null = null;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const signature = request.headers['stripe-signature'];
      void cardWebhookRequest(services, request.method, Buffer.concat(chunks), String(signature ?? '')).then(
        (answer) => {
          response.writeHead(answer.status, answer.headers).end(answer.body);
          afterEvent();
        },
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const fake = await startFakeCardProvider({
    secretKey: LOCAL_CARD_KEYS.secretKey,
    webhook: {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      secret: LOCAL_CARD_KEYS.webhookSecret,
    },
  });
  services = cardServices(db, cardProviderSettings(localCardEnv(fake.port)), shopUrl);
  let down: Promise<void> | undefined;
  const providerDown = () => (down ??= fake.close());
  return {
    services: services!,
    providerDown,
    close: async () => {
      await providerDown();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
