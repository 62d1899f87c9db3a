import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HeldTicket } from './heldTickets';
import { useAtomValue } from 'jotai';
import { ticketNoticeAtom, type RefreshState } from './myTickets';
import { TicketCard } from './TicketCard';

/** Printing shows the tickets alone, one to a page. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '.ticket-print, .ticket-print *': { visibility: 'visible' },
        '.ticket-print': { position: 'absolute', left: 0, top: 0, width: '100%' },
        '.ticket-print .ticket-card': { breakAfter: 'page', breakInside: 'avoid', border: 'none' },
        '.ticket-print .ticket-card:last-of-type': { breakAfter: 'auto' },
        '.ticket-print .ticket-actions, .ticket-print .ticket-print-hide': { display: 'none' },
      },
    }}
  />
);

/** A visitor's tickets, with the state of the last refresh from the database and a print button. */
export function TicketList({ tickets, locale, refresh, online }: { tickets: readonly HeldTicket[]; locale: string; refresh: RefreshState; online: boolean }) {
  const notice = useAtomValue(ticketNoticeAtom);
  const sameLine = (held: HeldTicket) => `${held.ticket.eventId}/${held.ticket.order}`;
  const perLine = new Map<string, number>();
  for (const held of tickets) perLine.set(sameLine(held), (perLine.get(sameLine(held)) ?? 0) + 1);
  return (
    <Stack spacing={2} className="ticket-print">
      {printStyles}
      {notice && (
        <Alert severity="warning" className="ticket-print-hide">
          {notice}
        </Alert>
      )}
      {(refresh === 'failed' || !online) && tickets.length > 0 && (
        <Alert severity="info" className="ticket-print-hide">
          You seem to be offline: these are the tickets saved on this device. They update when you are back online.
        </Alert>
      )}
      {refresh === 'loading' && tickets.length === 0 && <Typography role="status">Loading your tickets…</Typography>}
      {tickets.length === 0 && refresh !== 'loading' && <Typography>No tickets on this device yet.</Typography>}
      {tickets.length > 0 && (
        <div className="ticket-print-hide">
          <Button variant="outlined" onClick={() => window.print()}>
            Print tickets
          </Button>
        </div>
      )}
      {tickets.map((held) => (
        <TicketCard
          key={`${held.ticket.eventId}/${held.ticket.id}`}
          held={held}
          locale={locale}
          index={held.ticket.n}
          count={perLine.get(sameLine(held)) ?? 1}
        />
      ))}
    </Stack>
  );
}
