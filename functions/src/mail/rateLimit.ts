/**
 * A fixed-window limit per key (a caller's address), held in memory: enough for the one instance that serves
 * these endpoints (index.ts, maxInstances: 1) and for `vite preview`. It bounds how often one caller can ask; what
 * the shop sends is bounded in the database, across instances (mailBudget.ts).
 */
import type { Caller } from './caller';

export interface RateLimit {
  /** Whether one more call from `key` is allowed now (and counts it). */
  allow(key: string): boolean;
}

export function rateLimit(max: number, windowMs: number, now: () => number = Date.now): RateLimit {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    allow(key) {
      if (now() - windowStart >= windowMs) {
        windowStart = now();
        counts = new Map();
      }
      const used = counts.get(key) ?? 0;
      if (used >= max) return false;
      counts.set(key, used + 1);
      return true;
    },
  };
}

/** A limit per person inside a limit per network: a person's key may be the caller's to choose (caller.ts). */
export interface CallerLimit {
  allow(caller: Caller): boolean;
}

export function callerLimit(perPerson: RateLimit, perNetwork: RateLimit): CallerLimit {
  return { allow: (caller) => perNetwork.allow(caller.network) && perPerson.allow(caller.person) };
}
