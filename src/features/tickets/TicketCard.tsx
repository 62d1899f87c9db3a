import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { HeldTicket } from './heldTickets';
import { ticketState } from './heldTickets';
import { eventCalendar } from './ics';
import { formatEventTime } from '../../lib/format';
import { formatPrice } from '../../lib/price';
import { referenceOrId } from '../orders';
import type { SiteState } from '../../state/types';
import { TicketQr } from './TicketQr';
import { ChangeHolder, type HolderCorrection } from './ChangeHolder';

function downloadCalendar(held: HeldTicket, shopName: string): void {
  const { event, ticket } = held;
  if (!event.date) return;
  // Where this device shows the tickets: the sign-in page for a guest's, the dashboard for an account's.
  const url = `${window.location.origin}${held.guest ? '/login' : '/dashboard'}`;
  const reference = referenceOrId(held.ref, ticket.order);
  const holder = ticket.holder;
  const ics = eventCalendar({
    uid: `${ticket.eventId}-${ticket.order}@storefront-tickets`,
    title: event.title,
    start: new Date(event.date),
    location: event.venue,
    description: t`${shopName}: order ${reference}, ticket holder ${holder}. Show your ticket’s QR code at the door. Your tickets: ${url}`,
    url,
    stamp: new Date(),
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  link.download = `${ticket.eventId}.ics`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function StateChip({ held, locale, timeZone }: { held: HeldTicket; locale: string; timeZone: string | null }) {
  const { t } = useLingui();
  const state = ticketState(held.ticket);
  if (state.kind === 'void') return <Chip color="error" label={t`Void: this ticket was cancelled`} />;
  if (state.kind === 'unpaid') return <Chip color="warning" label={t`Awaiting payment: valid once paid`} />;
  if (state.kind === 'checked-in') {
    const at = formatEventTime(state.at, locale, timeZone);
    return <Chip color="default" label={t`Checked in ${at}`} />;
  }
  return <Chip color="success" label={t`Valid`} />;
}

/**
 * The code under the QR, for typing at the door. It may wrap only between its groups of four (each group with its
 * hyphen is one unbreakable piece), so no one reads half a group on each line; the text is the code exactly, so
 * selecting and copying it gives what the door expects.
 */
function TicketCodeText({ code }: { code: string }) {
  const groups = code.split('-');
  return (
    <Typography
      component="p"
      data-testid="ticket-code"
      className="ticket-code"
      sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: 1, textAlign: 'center', maxWidth: 240 }}
    >
      {groups.map((group, i) => (
        <Fragment key={i}>
          <span style={{ whiteSpace: 'nowrap' }}>{i < groups.length - 1 ? `${group}-` : group}</span>
          {i < groups.length - 1 && <wbr />}
        </Fragment>
      ))}
    </Typography>
  );
}

/** One ticket: event, time in the shop's zone, venue, holder, state, the QR code and its text for typing. */
export function TicketCard({
  held,
  shop,
  index,
  count,
  correction,
}: {
  held: HeldTicket;
  /** The shop's name and its currency. */
  shop: Pick<SiteState, 'name' | 'currency'>;
  index: number;
  count: number;
  /** On the order page, whose link may correct the name (ChangeHolder); elsewhere none. */
  correction?: HolderCorrection;
}) {
  const { t, i18n } = useLingui();
  // Dates and money in the reader's language; each event's time on its own clock.
  const locale = i18n.locale;
  const { ticket, event } = held;
  const number = index + 1;
  const reference = referenceOrId(held.ref, ticket.order);
  const title = event.title;
  // The buyer's words as an element, never a string inside a message: Lingui reads tags in a string (docs/languages.md).
  const holderName = <strong>{ticket.holder}</strong>;
  const price = event.price === null ? null : formatPrice(event.price, shop.currency, locale);
  const headingId = `ticket-${ticket.eventId}-${ticket.id}`;
  return (
    <Paper
      component="article"
      variant="outlined"
      className="ticket-card"
      aria-labelledby={headingId}
      sx={{ p: 2.5 }}
      data-testid="ticket"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2.5}
        className="ticket-layout"
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {/* A cancelled or unpaid ticket admits nobody: no code to show at the door (its chip says why). */}
          {ticket.status === 'valid' && (
            <>
              <TicketQr code={ticket.code} />
              <TicketCodeText code={ticket.code} />
            </>
          )}
        </Stack>
        {/*
          As wide as the ticket on a phone, where the column is centred: its own width would be its longest line's.
          A name of one long word breaks where it must rather than run out of the ticket.
        */}
        <Stack
          spacing={1}
          className="ticket-details"
          sx={{ flex: 1, minWidth: 0, alignSelf: 'stretch', overflowWrap: 'anywhere' }}
        >
          <Typography variant="overline" className="ticket-shop" sx={{ lineHeight: 1.5 }}>
            {shop.name}
          </Typography>
          <Typography id={headingId} variant="h3" sx={{ fontSize: '1.25rem' }}>
            {event.title}
          </Typography>
          <Typography>
            {event.date ? formatEventTime(event.date, locale, event.timeZone) : t`Date to be announced`}
          </Typography>
          {event.venue && <Typography>{event.venue}</Typography>}
          <Typography>
            <Trans>Holder: {holderName}</Trans>
          </Typography>
          {correction && (
            <ChangeHolder held={held} label={t`ticket ${number} of ${count}, ${title}`} correction={correction} />
          )}
          <Typography variant="body2" color="textSecondary">
            {price === null
              ? t`Ticket ${number} of ${count} · order ${reference}`
              : t`Ticket ${number} of ${count} · order ${reference} · ${price}`}
          </Typography>
          <div>
            <StateChip held={held} locale={locale} timeZone={event.timeZone} />
          </div>
          {event.date && (
            <div className="ticket-actions">
              <Button variant="outlined" size="small" onClick={() => downloadCalendar(held, shop.name)}>
                <Trans>Add to calendar</Trans>
              </Button>
            </div>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
