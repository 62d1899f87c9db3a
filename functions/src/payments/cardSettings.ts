/**
 * Where trusted code finds the card provider (docs/payments.md#card-payments): its keys, and on one machine the local
 * fake's address (scripts/cardProvider/). Node only, no Firebase: the stacks and vite.config.ts import it directly.
 */
import type { StripeSettings } from './stripeProvider';

/** The local card provider's port (DESIGN.md's contract). */
export const LOCAL_CARD_PROVIDER_PORT = 12111;

/** The local fake's keys: test keys that open nothing anywhere else. */
export const LOCAL_CARD_KEYS = {
  secretKey: 'sk_test_local_storefront',
  webhookSecret: 'whsec_local_storefront',
} as const;

/** What the local stacks put in trusted code's environment to use the fake on `port`. */
export function localCardEnv(port: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: LOCAL_CARD_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: LOCAL_CARD_KEYS.webhookSecret,
    CARD_PROVIDER_API: `http://127.0.0.1:${port}`,
  };
}

/** The provider's settings from the environment; null when no keys are given (card payments are then unavailable). */
export function cardProviderSettings(env: Record<string, string | undefined>): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) return null;
  if (!env.CARD_PROVIDER_API) return { secretKey, webhookSecret };
  const api = new URL(env.CARD_PROVIDER_API);
  return {
    secretKey,
    webhookSecret,
    api: {
      host: api.hostname,
      port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    },
  };
}
