/**
 * Fills the staff desk's index in for orders that have no entry: the orders placed before the index existed (the
 * demo shop's, an imported shop's); and adds to older entries the fields a later INDEX_VERSION added. Trusted code runs it when the allocator starts, acting as the allocator; once a
 * backfill for the current INDEX_VERSION has completed it records that at deskMeta/indexed and never reads every
 * order again, since every order placed since gets its entry in the update that creates it
 * (docs/data-model.md#the-staff-desk).
 */
import {
  deskIndexWrites,
  deskKey,
  deskPaths,
  INDEX_VERSION,
  parseDeskEntry,
} from '../../../src/features/orders/deskIndex';
import { parseProduct } from '../../../src/features/catalogue/product';
import type { StoredOrder } from '../../../src/features/orders/order';
import { ORDER_STATUSES } from '../../../src/features/orders/orderStatus';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import type { QueueDatabase } from '../orders/allocator';

/** Orders indexed in one update at most: bounds the update's size (about 1 KB an order). */
const BATCH = 500;

interface BackfillReport {
  indexed: number;
  /** Entries that lacked a field a later INDEX_VERSION added, and got it. */
  updated: number;
  /** Orders that could not be indexed (malformed records); they are logged and left as they are. */
  skipped: string[];
}

/** An order record complete enough to index; null otherwise. */
function indexable(raw: unknown): (StoredOrder & { ref?: string }) | null {
  if (!isRecord(raw) || !isRecord(raw.items) || !isRecord(raw.contact)) return null;
  if (!(ORDER_STATUSES as readonly unknown[]).includes(raw.status) || typeof raw.created !== 'number') return null;
  const { name, email } = raw.contact;
  if (typeof name !== 'string' || typeof email !== 'string') return null;
  for (const item of Object.values(raw.items)) {
    if (!isRecord(item) || typeof item.title !== 'string') return null;
    if (typeof item.price !== 'number' || typeof item.quantity !== 'number') return null;
  }
  return raw as unknown as StoredOrder & { ref?: string };
}

/**
 * The fields an entry written by an earlier INDEX_VERSION lacks, as paths of an update; null if it lacks none. Only
 * the missing fields are written: the rules let trusted code add them, never rewrite an entry.
 */
function fieldsMissing(key: string, stored: unknown): Record<string, unknown> | null {
  const entry = parseDeskEntry(stored);
  if (!entry?.partKey || (isRecord(stored) && stored.partKey !== undefined)) return null;
  return { [`${deskPaths.order(key)}/partKey`]: entry.partKey };
}

export async function backfillDeskIndex(
  db: Pick<QueueDatabase, 'readAll' | 'update'>,
  log: (message: string) => void = (message) => console.error(message),
): Promise<BackfillReport> {
  const report: BackfillReport = { indexed: 0, updated: 0, skipped: [] };
  const done = await db.readAll([deskPaths.indexed]);
  if (done.get(deskPaths.indexed) === INDEX_VERSION) return report;
  // The orders first, then the entries: the allocator writes an order and its entry in one update, so every order
  // read here that has an entry has it in the second read, and no entry is written twice (the rules refuse that).
  const orders = (await db.readAll([paths.orders])).get(paths.orders);
  const entries = (await db.readAll([deskPaths.orders])).get(deskPaths.orders);
  const products = (await db.readAll([paths.products])).get(paths.products);
  const isEvent = (id: string) => {
    const parsed = isRecord(products) ? parseProduct(id, products[id]) : null;
    return parsed !== null && 'product' in parsed && Boolean(parsed.product.date);
  };
  let update: Record<string, unknown> = {};
  let pending = 0;
  const flush = async () => {
    if (pending > 0) await db.update(update);
    update = {};
    pending = 0;
  };
  for (const [uid, owned] of Object.entries(isRecord(orders) ? orders : {})) {
    for (const [orderId, raw] of Object.entries(isRecord(owned) ? owned : {})) {
      const key = deskKey(uid, orderId);
      const existing = isRecord(entries) ? entries[key] : undefined;
      if (existing !== undefined) {
        const missing = fieldsMissing(key, existing);
        if (missing) {
          Object.assign(update, missing);
          report.updated++;
          if (++pending >= BATCH) await flush();
        }
        continue;
      }
      const order = indexable(raw);
      if (!order) {
        report.skipped.push(`${uid}/${orderId}`);
        continue;
      }
      Object.assign(
        update,
        deskIndexWrites(uid, orderId, order, order.created, Object.keys(order.items).filter(isEvent)),
      );
      report.indexed++;
      if (++pending >= BATCH) await flush();
    }
  }
  await flush();
  if (report.skipped.length > 0) {
    log(
      `desk index: ${report.skipped.length} orders are malformed and not indexed: ${report.skipped.slice(0, 10).join(', ')}`,
    );
  }
  await db.update({ [deskPaths.indexed]: INDEX_VERSION });
  return report;
}
