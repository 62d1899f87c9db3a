import { describe, expect, it } from 'vitest';
import { MAX_RESUBSCRIBES, backoffDelay, resilientSubscription } from '../../src/firebase/resilientSubscription';
import type { LiveStatus } from '../../src/state/liveAtoms';

/** A subscription whose every open is controlled by the test, with timers run by hand. */
function harness(openOutcome: () => 'ok' | 'reject' = () => 'ok') {
  const statuses: LiveStatus[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const opened: { onValue: () => void; onError: (error: unknown) => void; closed: boolean }[] = [];
  let gaveUp: unknown;
  const subscription = resilientSubscription({
    open: async (onValue, onError) => {
      if (openOutcome() === 'reject') throw new Error('could not load');
      const entry = { onValue, onError, closed: false };
      opened.push(entry);
      return () => {
        entry.closed = true;
      };
    },
    onStatus: (status) => statuses.push(status),
    onGiveUp: (error) => (gaveUp = error),
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
  });
  const runTimer = async () => {
    timers.shift()!.callback();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { subscription, statuses, timers, opened, runTimer, gaveUp: () => gaveUp };
}

const settle = async () => {
  await Promise.resolve();
  await Promise.resolve();
};

describe('resilient subscription', () => {
  it('goes live on the first value', async () => {
    const h = harness();
    await settle();
    h.opened[0]!.onValue();
    expect(h.statuses).toEqual(['connecting', 'live']);
  });

  it(`resubscribes after an error, up to ${MAX_RESUBSCRIBES} times, with growing delays, then pauses`, async () => {
    const h = harness();
    await settle();
    for (let attempt = 1; attempt <= MAX_RESUBSCRIBES; attempt++) {
      h.opened.at(-1)!.onError(new Error(`denied ${attempt}`));
      expect(h.opened.at(-1)!.closed).toBe(true);
      expect(h.timers).toHaveLength(1);
      expect(h.timers[0]!.ms).toBe(backoffDelay(attempt));
      await h.runTimer();
    }
    expect(h.opened).toHaveLength(MAX_RESUBSCRIBES + 1);
    h.opened.at(-1)!.onError(new Error('denied again'));
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('paused');
    expect((h.gaveUp() as Error).message).toBe('denied again');
    expect(backoffDelay(1)).toBeLessThan(backoffDelay(2));
    expect(backoffDelay(20)).toBe(30_000);
  });

  it('counts a failure to open at all (e.g. offline code load) like an error', async () => {
    let failures = 2;
    const h = harness(() => (failures-- > 0 ? 'reject' : 'ok'));
    await settle();
    expect(h.statuses).toEqual(['connecting', 'retrying']);
    await h.runTimer();
    await h.runTimer();
    expect(h.opened).toHaveLength(1);
    h.opened[0]!.onValue();
    expect(h.statuses.at(-1)).toBe('live');
  });

  it('a value resets the count, so later errors get the full set of attempts again', async () => {
    const h = harness();
    await settle();
    h.opened[0]!.onError(new Error('x'));
    await h.runTimer();
    h.opened[1]!.onValue();
    h.opened[1]!.onError(new Error('y'));
    expect(h.timers[0]!.ms).toBe(backoffDelay(1));
  });

  it('restart after pausing starts over, and stop closes', async () => {
    const h = harness();
    await settle();
    for (let attempt = 0; attempt <= MAX_RESUBSCRIBES; attempt++) {
      h.opened.at(-1)!.onError(new Error('x'));
      if (h.timers.length) await h.runTimer();
    }
    expect(h.statuses.at(-1)).toBe('paused');
    h.subscription.restart();
    await settle();
    h.opened.at(-1)!.onValue();
    expect(h.statuses.at(-1)).toBe('live');
    h.subscription.stop();
    expect(h.opened.at(-1)!.closed).toBe(true);
  });

  it('ignores callbacks from a subscription it has already replaced', async () => {
    const h = harness();
    await settle();
    const old = h.opened[0]!;
    h.subscription.restart();
    await settle();
    old.onError(new Error('late'));
    expect(h.timers).toHaveLength(0);
    expect(old.closed).toBe(true);
  });
});
