import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { subscribeValue } from '../../firebase/database';
import { paths } from '../../firebase/paths';
import { sessionAtom } from '../../state/session';
import type { HeldTicket } from './heldTickets';
import { updateHeldTickets } from './myTickets';
import { parseTicket, type Ticket } from './ticket';

const keyOf = (ticket: Pick<Ticket, 'eventId' | 'id'>) => `${ticket.eventId}/${ticket.id}`;

/**
 * The shown tickets as the database has them now: each one is followed while the device is online, so a check-in
 * at the door or a cancellation by staff shows at once, and the copy kept on this device is brought up to date
 * (docs/tickets-and-check-in.md#the-visitors-tickets). Tickets this session may not read (another account's,
 * opened from an emailed link) keep what the device has.
 */
export function useLiveTickets(tickets: readonly HeldTicket[], online: boolean): readonly HeldTicket[] {
  const session = useAtomValue(sessionAtom);
  const [live, setLive] = useState<ReadonlyMap<string, Ticket>>(new Map());
  const keys = tickets.map((held) => keyOf(held.ticket)).join('\n');
  useEffect(() => {
    // Following before Firebase has restored the session would be refused and end the subscription.
    if (!online || keys === '' || session === 'checking') return;
    const stops = keys.split('\n').map((key) => {
      const [eventId = '', id = ''] = key.split('/');
      return subscribeValue(
        paths.ticket(eventId, id),
        (raw) => {
          const ticket = parseTicket(eventId, id, raw);
          if (!ticket) return;
          setLive((before) => new Map(before).set(key, ticket));
          updateHeldTickets([ticket]);
        },
        () => undefined,
      );
    });
    return () => stops.forEach((stop) => stop());
  }, [keys, online, session]);
  return tickets.map((held) => {
    const ticket = live.get(keyOf(held.ticket));
    return ticket && ticket.uid === held.ticket.uid ? { ...held, ticket } : held;
  });
}
