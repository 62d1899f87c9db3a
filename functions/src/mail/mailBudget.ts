/**
 * How much mail something may cause in a while, kept in the database (mailBudgets/{key}) and taken from it in a
 * transaction, so that parallel calls, two senders or two instances cannot each see room for one more
 * (docs/security.md#what-an-anonymous-script-can-still-make-the-shop-send). A budget is a fixed window: `max`
 * emails from `start` for `windowMs`, then a new window.
 */
import { createHash } from 'node:crypto';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import type { MailDatabase } from './orderData';

export interface Budget {
  max: number;
  windowMs: number;
}

/** What a buyer's actions (an order, find my order) may send one address: confirmations and links together. */
export const PER_ADDRESS: Budget = { max: 10, windowMs: 3_600_000 };
/** Find my order's link emails for one order. */
export const LINK_MAILS_PER_ORDER: Budget = { max: 3, windowMs: 3_600_000 };

/** The budget of everything buyers make the shop send one address: keyed by a hash, so no address is stored. */
export const addressBudgetKey = (address: string): string =>
  `to-${createHash('sha256').update(address.trim().toLowerCase()).digest('base64url')}`;
export const orderLinkBudgetKey = (ref: string): string => `link-${ref}`;

/** Took one: it may be sent. Or the budget is spent until `until`. */
export type Spent = { ok: true } | { ok: false; until: number };

export async function spend(db: MailDatabase, key: string, budget: Budget, now: number): Promise<Spent> {
  let until = 0;
  const took = await db.transact(
    paths.mailBudget(key),
    (current) => {
      const start = isRecord(current) && typeof current.start === 'number' ? current.start : null;
      const count = isRecord(current) && typeof current.count === 'number' ? current.count : 0;
      if (start === null || start > now || now - start >= budget.windowMs) return { start: now, count: 1 };
      if (count >= budget.max) {
        until = start + budget.windowMs;
        return undefined;
      }
      return { start, count: count + 1 };
    },
    { create: true },
  );
  return took ? { ok: true } : { ok: false, until: until || now + budget.windowMs };
}
