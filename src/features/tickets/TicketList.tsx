import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { printAlone } from '../../lib/mui/printAlone';
import { PRINTING_APART } from '../../lib/mui/printChoice';
import type { HeldTicket } from './heldTickets';
import { useAtomValue } from 'jotai';
import { siteAtom } from '../../state/atoms';
import { ticketNoticeAtom, type RefreshState } from './myTickets';
import { TicketCard } from './TicketCard';
import type { HolderCorrection } from './ChangeHolder';
import { useLiveTickets } from './liveTickets';

/**
 * Printing shows the tickets alone, one to a page (printAlone), and each ticket is laid out for paper: a large QR
 * code and black text, since browsers leave backgrounds (a dark theme, coloured chips) unprinted.
 */
/* eslint-disable lingui/no-unlocalized-strings -- print styles: CSS values, not words */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        ...printAlone('.ticket-print', `:not(.${PRINTING_APART})`),
        '.ticket-print .ticket-actions, .ticket-print .ticket-print-hide': { display: 'none !important' },
        '.ticket-print *': {
          color: '#000 !important',
          backgroundColor: 'transparent !important',
          boxShadow: 'none !important',
        },
        '.ticket-print .ticket-card': {
          breakAfter: 'page',
          breakInside: 'avoid',
          border: 'none',
          margin: 0,
          padding: '1cm 0',
        },
        '.ticket-print .ticket-card:last-of-type': { breakAfter: 'auto' },
        // On paper: what and when first, then the QR code, and its code on one line.
        '.ticket-print .ticket-layout': {
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: '0.8cm',
        },
        '.ticket-print .ticket-layout > *': { margin: '0 !important' },
        '.ticket-print .ticket-details': { order: -1 },
        '.ticket-print .ticket-details h3': { fontSize: '20pt' },
        '.ticket-print [data-testid="ticket-qr"]': { width: '8cm', height: '8cm' },
        '.ticket-print .ticket-code': { fontSize: '14pt', maxWidth: 'none' },
        '.ticket-print .MuiChip-root': { border: '1px solid #000' },
      },
    }}
  />
);
/* eslint-enable lingui/no-unlocalized-strings */

/** A visitor's tickets, with the state of the last refresh from the database and a print button. */
export function TicketList({
  tickets: given,
  refresh,
  online,
  correction,
}: {
  tickets: readonly HeldTicket[];
  refresh: RefreshState;
  online: boolean;
  /** The order page's: its link may correct the names on its tickets. */
  correction?: HolderCorrection;
}) {
  const tickets = useLiveTickets(given, online);
  const { i18n } = useLingui();
  const notice = useAtomValue(ticketNoticeAtom);
  const shop = useAtomValue(siteAtom);
  const sameLine = (held: HeldTicket) => `${held.ticket.eventId}/${held.ticket.order}`;
  const perLine = new Map<string, number>();
  for (const held of tickets) perLine.set(sameLine(held), (perLine.get(sameLine(held)) ?? 0) + 1);
  return (
    <Stack spacing={2} className="ticket-print">
      {printStyles}
      {notice && (
        <Alert severity="warning" className="ticket-print-hide">
          {i18n._(notice)}
        </Alert>
      )}
      {/* Offline, the offline bar says it for the whole page (features/pwa/PwaStatus.tsx). */}
      {refresh === 'failed' && online && tickets.length > 0 && (
        <Alert severity="info" className="ticket-print-hide">
          <Trans>
            These are the tickets saved on this device: they could not be refreshed just now. They update when they can.
          </Trans>
        </Alert>
      )}
      {refresh === 'loading' && tickets.length === 0 && (
        <Typography role="status">
          <Trans>Loading your tickets…</Trans>
        </Typography>
      )}
      {tickets.length === 0 && refresh !== 'loading' && (
        <Typography>
          <Trans>No tickets on this device yet.</Trans>
        </Typography>
      )}
      {tickets.length > 0 && (
        <div className="ticket-print-hide">
          <Button variant="outlined" onClick={() => window.print()}>
            <Trans>Print tickets</Trans>
          </Button>
        </div>
      )}
      {tickets.map((held) => (
        <TicketCard
          key={`${held.ticket.eventId}/${held.ticket.id}`}
          held={held}
          shop={shop}
          index={held.ticket.n}
          count={perLine.get(sameLine(held)) ?? 1}
          correction={correction}
        />
      ))}
    </Stack>
  );
}
