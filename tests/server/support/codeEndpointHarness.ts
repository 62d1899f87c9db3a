/**
 * What the tests of the public code endpoints share (gift-card-balance.test.ts, voucher-check.test.ts): three callers
 * on networks of their own, and deps on the real database, read through the mail sender's connection as orderMail
 * and `vite preview` give them, with limits too wide to matter and no wait unless a test says otherwise.
 */
import { afterEach, expect, vi } from 'vitest';
import type { EndpointAnswer } from '../../../functions/src/endpointAnswer';
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
  /**
   * Deps on a clock the test moves: the reads (which go out together) take `readMs`; the waits asked for are kept,
   * and released when told.
   */
  function clocked(readMs: number, read: CodeEndpointDeps['read'] = mailerRead()) {
    let clock = 1_000_000;
    const waits: number[] = [];
    const releases: (() => void)[] = [];
    let first = true;
    const d = deps({
      now: () => clock,
      read: async (path) => {
        // The first read moves the clock for all.
        if (first) clock += readMs;
        first = false;
        return read(path);
      },
      wait: (ms) => {
        waits.push(ms);
        return new Promise<void>((resolve) => releases.push(resolve));
      },
    });
    return { d, waits, release: () => releases.splice(0).forEach((resolve) => resolve()) };
  }
  /** `ask`'s answer with reads of `readMs`, checked to come only once the wait it asked for is over. */
  async function answeredAfterWait(
    ask: (d: CodeEndpointDeps) => Promise<EndpointAnswer>,
    readMs: number,
    read?: CodeEndpointDeps['read'],
  ) {
    const { d, waits, release } = clocked(readMs, read);
    let settled = false;
    const answer = ask(d).then((a) => ((settled = true), a));
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    // Not answered while the wait lasts.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    return { answer: await answer, waits };
  }
  return { mailerRead, deps, clocked, answeredAfterWait };
}
