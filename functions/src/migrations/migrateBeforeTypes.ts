/**
 * The migration of the records from before types (docs/data-model.md#records-from-before-types): gives the orders'
 * items that issued tickets their `event` and `first`, and the tickets their `line`, as planned by beforeTypes.ts.
 * Trusted code runs it when it starts, acting as the allocator, whose identity alone the rules let add those fields.
 * It writes in batches, each order whole in one, and records at migrations/types that it completed only after the
 * last batch: a run that stops half-way (an update refused or lost) leaves no mark, and the next run reads again and
 * adds what is still missing. Once the mark is there, it reads nothing but the mark.
 */
import { paths } from '../../../src/firebase/paths';
import type { QueueDatabase } from '../orders/allocator';
import { planBeforeTypes } from './beforeTypes';

/** Where the migration records that it completed, and the version it completed; the rules name the same path. */
export const BEFORE_TYPES_MIGRATION = { path: 'migrations/types', version: 1 } as const;

/** Fields written in one update at most: bounds the update's size (an order's writes always go in one). */
const BATCH = 1000;

interface MigrationReport {
  items: number;
  tickets: number;
  /** Records left as they are (malformed), by path; they are logged. */
  skipped: string[];
}

interface MigrationOptions {
  log?: (message: string) => void;
  /** Fields per update (tests make it small to stop a run between batches). */
  batch?: number;
}

export async function migrateBeforeTypes(
  db: Pick<QueueDatabase, 'readAll' | 'update'>,
  { log = (message) => console.error(message), batch = BATCH }: MigrationOptions = {},
): Promise<MigrationReport> {
  const done = await db.readAll([BEFORE_TYPES_MIGRATION.path]);
  if (done.get(BEFORE_TYPES_MIGRATION.path) === BEFORE_TYPES_MIGRATION.version) {
    return { items: 0, tickets: 0, skipped: [] };
  }
  // An order the allocator settles meanwhile is in the new form, whichever of the two reads it falls in, so the plan
  // writes nothing of it; the rules would refuse a rewrite anyway.
  const orders = (await db.readAll([paths.orders])).get(paths.orders);
  const tickets = (await db.readAll([paths.tickets])).get(paths.tickets);
  const plan = planBeforeTypes(orders, tickets);
  let update: Record<string, unknown> = {};
  for (const group of plan.groups) {
    const size = Object.keys(update).length;
    if (size > 0 && size + Object.keys(group).length > batch) {
      await db.update(update);
      update = {};
    }
    Object.assign(update, group);
  }
  if (Object.keys(update).length > 0) await db.update(update);
  if (plan.skipped.length > 0) {
    log(
      `records from before types: ${plan.skipped.length} are malformed and left as they are: ${plan.skipped.slice(0, 10).join(', ')}`,
    );
  }
  await db.update({ [BEFORE_TYPES_MIGRATION.path]: BEFORE_TYPES_MIGRATION.version });
  return { items: plan.items, tickets: plan.tickets, skipped: plan.skipped };
}
