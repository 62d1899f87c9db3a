/**
 * The buyer's side of correcting the name on a ticket (docs/tickets-and-check-in.md#correcting-a-name): asks trusted code, with
 * the order page's secret, to put `name` on one of the order's tickets (functions/src/orders/ticketHolder.ts).
 */
import { t } from '@lingui/core/macro';
import { askTrustedCode, refused } from '../../lib/askTrustedCode';
import { TICKET_HOLDER_ENDPOINT } from '../payments/model';
import type { Ticket } from './ticket';

/** What asking came to, in the words the order page shows; `changed` means the page should fetch the order again. */
export type HolderChangeResult = { kind: 'changed' } | { kind: 'refused'; message: string };

/** Trusted code's refusals, in the language spoken now. */
const words = () => ({
  refusals: {
    started: t`The event has started: the name on this ticket can no longer be changed.`,
    'checked-in': t`This ticket has been checked in: its name can no longer be changed.`,
    closed: t`This ticket was cancelled: its name can no longer be changed.`,
  },
  notFound: t`This link does not open this ticket any more.`,
});

export async function changeHolder(
  secret: string,
  ticket: Pick<Ticket, 'eventId' | 'id'>,
  name: string,
): Promise<HolderChangeResult> {
  const answer = await askTrustedCode(
    TICKET_HOLDER_ENDPOINT,
    { secret, event: ticket.eventId, ticket: ticket.id, name },
    words(),
  );
  // Trusted code never answers busy here (one field, one write); were it to, asking again is the buyer's to do.
  return answer.kind === 'busy' ? refused(t`The shop is busy with this order: try again in a moment.`) : answer;
}
