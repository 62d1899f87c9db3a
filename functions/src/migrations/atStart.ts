/**
 * What trusted code does to the stored records when it starts (vite.config.ts under `vite preview`, the Cloud
 * Functions allocateOrders and expireOrders at their first call or run in an instance): the migration of the records from before types, then
 * the staff desk's backfill, which reads the orders' items and so reads them explicit
 * (docs/data-model.md#records-from-before-types). Each is done once per database, and each failure is logged and
 * left for the next start; the backfill runs even when the migration did not complete, since the desk reads an item
 * in either form alike.
 */
import { backfillDeskIndex } from '../desk/backfill';
import type { QueueDatabase } from '../orders/allocator';
import { migrateBeforeTypes } from './migrateBeforeTypes';

export async function updateStoredRecords(db: Pick<QueueDatabase, 'readAll' | 'update'>): Promise<void> {
  await migrateBeforeTypes(db).catch((error: unknown) => console.error('records from before types:', error));
  await backfillDeskIndex(db).catch((error: unknown) => console.error('desk index:', error));
}
