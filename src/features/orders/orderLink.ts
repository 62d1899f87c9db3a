/**
 * The order page's secret link: whoever holds it sees the order and its tickets, without an account
 * (docs/security.md#order-links). 24 random bytes as 32 characters of base64url (192 bits), so guessing one is
 * hopeless; it travels after "#" so it never reaches a server's logs or another site's Referer.
 */
export const ORDER_LINK_SECRET = /^[A-Za-z0-9_-]{32}$/;

/** The route of the order page; the secret follows as the fragment. */
const ORDER_PAGE_PATH = '/order';

export function newOrderLinkSecret(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(24);
  fill(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** The order page's address on the shop at `origin` (no trailing slash). */
export function orderPageUrl(origin: string, secret: string): string {
  return `${origin}${ORDER_PAGE_PATH}#${secret}`;
}

/** POST {secret}: the order and its tickets, for the order page (functions/src/mail/orderLinkEndpoint.ts). */
export const ORDER_LINK_ENDPOINT = '/api/orders/link';
/** POST {email, reference}: sends the order's link again to that address, if it is the order's. */
export const FIND_ORDER_ENDPOINT = '/api/orders/find';
/** POST: delivers the mail that waits in the outbox now (staff after "send again"; the stacks' retry timer). */
export const SEND_MAIL_ENDPOINT = '/api/mail/send';
