import { StorageSlot } from '../../state/storage';

/** Where this device keeps the tickets it has seen (myTickets.ts), apart from the wishlist state. */
export const KEPT_TICKETS_KEY = 'tickets';

/**
 * Whether this device keeps any tickets, without reading them or loading the code that shows them: a page offers
 * its tickets panel only then (docs/styling.md). A storage that cannot be read keeps
 * none; myTickets.ts says so when it reads them.
 */
export function ticketsKeptHere(): boolean {
  return (
    new StorageSlot(
      () => window.localStorage,
      KEPT_TICKETS_KEY,
      () => undefined,
    ).read() !== null
  );
}
