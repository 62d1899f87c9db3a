/**
 * A queue staff fill for trusted code, each entry applied in one atomic update that takes it off the queue with its
 * answer (payment marks, cancels: docs/architecture.md#walk-3-checkout-through-the-queue-to-trusted-code). Shared:
 * one run at a time (coalescedRuns), oldest first (drainQueue), each entry decided again from a fresh reading when
 * the rules refuse its update because what it was decided from changed meanwhile, and counted by its answer.
 */
import { coalescedRuns } from './coalescedRuns';
import { drainQueue } from './drainQueue';

export interface QueueReport<Kind extends string> {
  applied: Partial<Record<Kind, number>>;
  /** Entries left queued (refused again and again, or not to be decided yet): the next call reads them again. */
  deferred: number;
}

/** Where an entry's update goes; a refusal by the rules is told apart from the database failing. */
interface UpdatingDatabase {
  update(update: Record<string, unknown>): Promise<void>;
  isRefusal(error: unknown): boolean;
}

/** An entry refused this often in a row (its order changing under it each time) waits for the next call. */
const TRIES = 3;

/**
 * Decides an entry (`decide`: its update and answer, or null when it must wait) and writes it, deciding again after a
 * refusal; the answer, or null when it waits for the next call.
 */
export async function applyDecided<Outcome>(
  db: UpdatingDatabase,
  decide: () => Promise<{ update: Record<string, unknown>; outcome: Outcome } | null>,
): Promise<Outcome | null> {
  for (let tries = 0; tries < TRIES; tries++) {
    const decided = await decide();
    if (!decided) return null;
    try {
      await db.update(decided.update);
      return decided.outcome;
    } catch (error) {
      if (!db.isRefusal(error)) throw error;
    }
  }
  return null;
}

/** Applies every queued entry, `page` per query, with `apply`; calls while a run goes join it. */
export function queueApplier<Kind extends string>(
  oldest: (limit: number) => Promise<{ key: string; raw: unknown }[]>,
  page: number,
  apply: (id: string, raw: unknown) => Promise<{ kind: Kind } | null>,
): () => Promise<QueueReport<Kind>> {
  return coalescedRuns(
    (): QueueReport<Kind> => ({ applied: {}, deferred: 0 }),
    (report) =>
      drainQueue(oldest, page, async (id, raw) => {
        const outcome = await apply(id, raw);
        if (!outcome) {
          report.deferred++;
          return 'skip';
        }
        report.applied[outcome.kind] = (report.applied[outcome.kind] ?? 0) + 1;
        return 'done';
      }),
  );
}
