/**
 * The id of the order a request becomes: derived by trusted code from the account and the request's id, never
 * chosen by the buyer. Every path an order writes outside its account (its tickets, tickets/{event}/{order}-{n}, and
 * its confirmation's mail job, mailOutbox/{order}-confirmation) is named after this id, so two accounts can never
 * name the same path, whatever ids they pick, and a request can never be refused for a path another account holds
 * (issue 30; docs/decisions.md#order-ids-are-derived-not-chosen).
 *
 * 128 bits of SHA-256 over the uid and the request id, in base64url: 22 characters, a length the app's push ids
 * (20) never have, so a derived id is not an older order's either. The same request always gives the same id.
 */
import { createHash } from 'node:crypto';

const ORDER_ID_LENGTH = 22;

export function orderIdFor(uid: string, requestId: string): string {
  // A separator neither part can hold (request ids are letters, digits, _ and -; uids hold no NUL), so the pair is
  // read back one way only.
  return createHash('sha256').update(`${uid}\u0000${requestId}`).digest('base64url').slice(0, ORDER_ID_LENGTH);
}
