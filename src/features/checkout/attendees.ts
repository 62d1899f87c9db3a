import { i18n } from '@lingui/core';
import type { AttendeeNames } from '../orders';
import { holderNameError } from '../tickets';

/** A line whose product asks who each ticket is for (docs/behaviour.md#attendee-names). */
export interface NamedLine {
  productId: string;
  title: string;
  quantity: number;
}

/**
 * The names as the buyer sees them: what they typed for each ticket, and for the first ticket of each line, until
 * they type one, the buyer's own name.
 */
export function attendeeNames(lines: readonly NamedLine[], typed: AttendeeNames, buyer: string): AttendeeNames {
  return Object.fromEntries(
    lines.map(({ productId, quantity }) => [
      productId,
      Array.from({ length: quantity }, (_, n) => typed[productId]?.[n] ?? (n === 0 ? buyer : '')),
    ]),
  );
}

/**
 * What is wrong with each name, by product and ticket number (undefined: nothing), in the language spoken now; empty
 * when all are right.
 */
export function attendeeErrors(names: AttendeeNames): Record<string, (string | undefined)[]> {
  const errors: Record<string, (string | undefined)[]> = {};
  for (const [productId, list] of Object.entries(names)) {
    const found = list.map((name) => {
      const wrong = holderNameError(name);
      return wrong && i18n._(wrong);
    });
    if (found.some(Boolean)) errors[productId] = found;
  }
  return errors;
}

/** The id of a ticket's name field, to focus the first one that is wrong. */
export const attendeeFieldId = (productId: string, n: number) => `checkout-attendee-${productId}-${n}`;
