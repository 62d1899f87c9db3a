import { Trans } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { onlineAtom } from '../pwa';
import { heldTicketsAtom, refreshTickets, ticketRefreshAtom, type OrderForTickets } from './myTickets';
import { TicketList } from './TicketList';
import { withMuiScope } from '../../lib/mui/MuiScope';

interface PlacedTickets {
  uid: string;
  order: OrderForTickets;
  guest: boolean;
}

/**
 * Tickets outside the dashboard: those of the order just placed (fetched and kept on the device), or, without
 * one, those a guest bought on this device, shown from the device (offline too). Nothing when there are none.
 */
function GuestTicketsPanel({ placed }: { placed?: PlacedTickets }) {
  const held = useAtomValue(heldTicketsAtom);
  const refresh = useAtomValue(ticketRefreshAtom);
  const online = useAtomValue(onlineAtom);
  useEffect(() => {
    if (placed) void refreshTickets(placed.uid, [placed.order], placed.guest);
  }, [placed]);
  const shown = placed
    ? held.filter((t) => t.ticket.uid === placed.uid && t.ticket.order === placed.order.id)
    : held.filter((t) => t.guest);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="guest-tickets">
      <Typography id="guest-tickets" variant="h2" gutterBottom>
        {placed ? <Trans>Your tickets</Trans> : <Trans>Tickets bought on this device</Trans>}
      </Typography>
      <TicketList tickets={shown} refresh={refresh} online={online} />
    </section>
  );
}

// Drawn with MUI, also on the plain sign-in page (docs/styling.md).
export default withMuiScope(GuestTicketsPanel);
