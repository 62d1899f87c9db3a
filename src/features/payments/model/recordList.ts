import { isRecord } from '../../../state/validation';

/**
 * The records kept beside an order (its payments, its refunds), oldest first, each read by `parse`; what cannot be
 * read is counted, not shown (docs/hostile-data.md).
 */
export function recordsOldestFirst<T extends { created: number }>(
  raw: unknown,
  parse: (id: string, value: unknown) => T | null,
): { records: T[]; malformed: number } {
  const entries = isRecord(raw) ? Object.entries(raw) : [];
  const records = entries.flatMap(([id, value]) => parse(id, value) ?? []);
  return { records: records.sort((a, b) => a.created - b.created), malformed: entries.length - records.length };
}

/** What every money record beside an order has (a payment, a refund); null when they are not well formed. */
export interface MoneyRecordFields {
  /** In `currency`'s minor units, at least 1. */
  amount: number;
  currency: string;
  /** When it was recorded (epoch ms). */
  created: number;
  /** The staff member who recorded it, if one did. */
  by: string | null;
  note: string;
}

export function moneyRecordFields(raw: Record<string, unknown>): MoneyRecordFields | null {
  const { amount, currency, created, by, note } = raw;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return null;
  if (typeof currency !== 'string' || typeof created !== 'number') return null;
  return {
    amount,
    currency,
    created,
    by: typeof by === 'string' ? by : null,
    note: typeof note === 'string' ? note : '',
  };
}
