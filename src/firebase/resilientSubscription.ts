import type { LiveStatus } from '../state/liveAtoms';

/** After an error a subscription is opened again up to 10 times (docs/behaviour.md#live-updates-and-resubscription). */
export const MAX_RESUBSCRIBES = 10;

export interface ResilientSubscriptionOptions {
  /**
   * Opens the subscription; calls onValue for each value and onError when it breaks. Resolves to the function
   * that closes it; rejects if it could not be opened at all (e.g. the SDK could not be loaded).
   */
  open(onValue: () => void, onError: (error: unknown) => void): Promise<() => void>;
  onStatus(status: LiveStatus): void;
  onGiveUp?(error: unknown): void;
  maxResubscribes?: number;
  /** Delay before resubscription number `attempt` (1-based). */
  delayMs?(attempt: number): number;
  setTimer?(callback: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

export interface ResilientSubscription {
  /** Starts afresh with a full set of attempts: the Retry button and the browser coming back online. */
  restart(): void;
  stop(): void;
}

/** 1 s, 2 s, 4 s … capped at 30 s, so a broken server is not hammered. */
export const backoffDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** (attempt - 1));

export function resilientSubscription(options: ResilientSubscriptionOptions): ResilientSubscription {
  const maxResubscribes = options.maxResubscribes ?? MAX_RESUBSCRIBES;
  const delayMs = options.delayMs ?? backoffDelay;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let generation = 0;
  let failures = 0;
  let close: (() => void) | undefined;
  let timer: unknown;

  const teardown = () => {
    generation += 1;
    close?.();
    close = undefined;
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };

  const fail = (error: unknown) => {
    teardown();
    failures += 1;
    if (failures > maxResubscribes) {
      options.onStatus('paused');
      options.onGiveUp?.(error);
      return;
    }
    options.onStatus('retrying');
    timer = setTimer(() => {
      timer = undefined;
      attempt();
    }, delayMs(failures));
  };

  const attempt = () => {
    const mine = generation;
    const current = () => mine === generation;
    options.onStatus(failures === 0 ? 'connecting' : 'retrying');
    options
      .open(
        () => {
          if (!current()) return;
          failures = 0;
          options.onStatus('live');
        },
        (error) => current() && fail(error),
      )
      .then(
        (closeFn) => {
          if (current()) close = closeFn;
          else closeFn();
        },
        (error: unknown) => current() && fail(error),
      );
  };

  attempt();
  return {
    restart() {
      teardown();
      failures = 0;
      attempt();
    },
    stop: teardown,
  };
}
