/**
 * A fixed-window limit per key (a caller's address), held in memory: enough for the one instance that serves
 * these endpoints (index.ts, maxInstances: 1) and for `vite preview`. It bounds what one caller can make the shop
 * send; the order's own limit (findOrder.ts) holds across instances.
 */
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
