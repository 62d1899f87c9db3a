/**
 * What the attendee list and the door show of a ticket's order beside the event's own index entries: its reference
 * and the buyer's phone, read from the order's desk entry (deskOrders/{uid~orderId}, staff only). The event's
 * entries do not carry them, and adding them would change what the allocator writes; an entry's reference and phone
 * never change once written (only its status does), so each is read once per order
 * (docs/decisions.md#the-organisers-desk).
 */
import { deskPaths } from './deskIndex';
import { STORED_REFERENCE } from './orderReference';

export interface DeskDetails {
  /** The order's reference in its stored form; absent for an order placed before references. */
  ref?: string;
  /** The phone number given at checkout; absent when none was. */
  phone?: string;
}

type DeskDetail = keyof DeskDetails;

/** What the rules let an entry hold: a stored reference, and a phone of up to 40 characters. */
const WELL_FORMED: Record<DeskDetail, (value: unknown) => value is string> = {
  ref: (value): value is string => typeof value === 'string' && STORED_REFERENCE.test(value),
  phone: (value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 40,
};

/**
 * The `fields` of each order's entry, by desk key (an order without an entry, or a field that is not well formed,
 * has none). `read` is the database's (or a test's). A failed read fails the whole, so that a gap is never
 * taken for "this order has no reference".
 */
export async function readDeskDetails(
  read: (path: string) => Promise<unknown>,
  keys: readonly string[],
  fields: readonly DeskDetail[],
): Promise<Map<string, DeskDetails>> {
  return new Map(
    await Promise.all(
      [...new Set(keys)].map(async (key) => {
        const values = await Promise.all(fields.map((field) => read(`${deskPaths.order(key)}/${field}`)));
        const details: DeskDetails = {};
        fields.forEach((field, index) => {
          const value = values[index];
          if (WELL_FORMED[field](value)) details[field] = value;
        });
        return [key, details] as const;
      }),
    ),
  );
}
