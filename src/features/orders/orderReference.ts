import { randomCrockford, readCrockford } from '../../lib/crockford';

/**
 * Order references: what a person reads out at the door, types into "Find my order" or quotes in an email.
 * Eight characters of Crockford's base32 (lib/crockford.ts), written as two groups of four ("K7M4-QXPR"): 40
 * random bits, so two orders of one shop practically never share one; trusted code still checks (orderRefs/{ref})
 * before it gives one out (docs/data-model.md#orders). The stored form has no hyphen; it never begins with "-".
 */
const LENGTH = 8;
/** Anything longer is not a reference, whatever it holds: refuse it before looking at it. */
const MAX_INPUT = 40;

/** A stored reference, as the database key orderRefs/{ref} and the field orders/…/ref hold it. */
export const STORED_REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A fresh reference, in its stored form, from a cryptographic random source. */
export function newOrderReference(fill?: (bytes: Uint8Array<ArrayBuffer>) => void): string {
  return randomCrockford(LENGTH, fill);
}

/** A reference as people read it: two groups of four. Anything that is not a stored reference is shown as it is. */
export function displayReference(stored: string): string {
  return STORED_REFERENCE.test(stored) ? `${stored.slice(0, 4)}-${stored.slice(4)}` : stored;
}

/**
 * What people read for an order: its reference, or its id for an order placed before references (or written by
 * staff by hand), which has none (docs/data-model.md#orders). The buyer's own tickets say the same.
 */
export function referenceOrId(ref: string | null | undefined, orderId: string): string {
  return ref ? displayReference(ref) : orderId;
}

/**
 * The stored reference from what a person typed: spaces, hyphens and case do not matter, and O, I and L are read
 * as 0, 1 and 1. Null when it cannot be a reference.
 */
export function normaliseReference(input: string): string | null {
  return readCrockford(input, LENGTH, MAX_INPUT);
}
