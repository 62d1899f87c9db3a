/**
 * The card provider trusted code refunds through (refunds.ts), from the environment: CARD_SECRET_KEY (the
 * provider's secret key; none: no provider, and a card refund is answered `no-card`), CARD_WEBHOOK_SECRET, and on
 * one machine CARD_PROVIDER_URL, the local fake (scripts/cardProvider/, e.g. http://127.0.0.1:12111). Until the
 * card payment flow gives trusted code its provider settings, this is where they are read.
 */
import type { CardProvider } from './provider';
import { stripeProvider } from './stripeProvider';

export function cardProviderFromEnv(env: NodeJS.ProcessEnv = process.env): CardProvider | null {
  const secretKey = env.CARD_SECRET_KEY;
  if (!secretKey) return null;
  const url = env.CARD_PROVIDER_URL ? new URL(env.CARD_PROVIDER_URL) : null;
  return stripeProvider({
    secretKey,
    webhookSecret: env.CARD_WEBHOOK_SECRET ?? '',
    ...(url
      ? {
          api: {
            host: url.hostname,
            port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
            protocol: url.protocol === 'https:' ? 'https' : 'http',
          },
        }
      : {}),
  });
}
