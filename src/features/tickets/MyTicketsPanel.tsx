import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveValueAtom } from '../../firebase/liveValue';
import { onlineAtom } from '../pwa';
import { heldTicketsAtom, ordersForTickets, refreshTickets, ticketRefreshAtom } from './myTickets';
import { TicketList } from './TicketList';
import { paths } from '../../firebase/paths';

/**
 * "Your tickets" on the dashboard: the tickets saved on this device for the signed-in user at once (also offline),
 * refreshed from their orders whenever those change. Loaded on its own so the QR encoder comes only with it.
 */
export default function MyTicketsPanel({ uid }: { uid: string }) {
  const orders = useAtomValue(liveValueAtom(paths.ordersOf(uid)));
  const held = useAtomValue(heldTicketsAtom);
  const refresh = useAtomValue(ticketRefreshAtom);
  const online = useAtomValue(onlineAtom);
  useEffect(() => {
    if (orders.status === 'ready') void refreshTickets(uid, ordersForTickets(orders.value), false);
  }, [orders, uid]);
  // Also those kept on this device without an account: bought here as a guest, or added from an order's link
  // (linkedOrder.ts); the sign-in page shows the same ones.
  return <TicketList tickets={held.filter((t) => t.ticket.uid === uid || t.guest)} refresh={refresh} online={online} />;
}
