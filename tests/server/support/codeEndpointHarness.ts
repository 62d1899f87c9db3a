/**
 * What the tests of the public code endpoints share (gift-card-balance.test.ts, voucher-check.test.ts): three callers
 * on networks of their own, and deps on the real database, read through the mail sender's connection as orderMail
 * and `vite preview` give them, with limits too wide to matter and no wait unless a test says otherwise.
 */
import { afterEach, vi } from 'vitest';
import { adminMailDatabase } from '../../../functions/src/mail/adminMailDatabase';
import { callerDirect } from '../../../functions/src/mail/caller';
import { callerLimit, rateLimit } from '../../../functions/src/mail/rateLimit';
import type { LimitedCodeDeps } from '../../../functions/src/limitedCodeEndpoint';

export const A = callerDirect('203.0.113.1');
export const B = callerDirect('203.0.113.2');
export const C = callerDirect('203.0.113.3');

/** An endpoint's deps: its limits and waits, and a read as trusted code. */
export interface CodeEndpointDeps extends LimitedCodeDeps {
  read(path: string): Promise<unknown>;
}

/** Registers the file's hooks; `deps` gives an endpoint's deps on the database at `url()`, each connection closed. */
export function codeEndpointHarness(url: () => string, closeAfter: (close: () => Promise<void>) => void) {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  function mailerRead(): CodeEndpointDeps['read'] {
    const db = adminMailDatabase(url());
    closeAfter(db.close);
    return db.read;
  }
  function deps(overrides: Partial<CodeEndpointDeps> = {}): CodeEndpointDeps {
    return {
      read: mailerRead(),
      limit: callerLimit(rateLimit(1_000, 600_000), rateLimit(1_000, 600_000)),
      perCode: rateLimit(1_000, 600_000),
      wait: () => Promise.resolve(),
      ...overrides,
    };
  }
  return { mailerRead, deps };
}
