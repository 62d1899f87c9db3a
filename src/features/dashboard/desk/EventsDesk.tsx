import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { formatEventTime } from '../../../lib/format';
import { zoneNote } from '../../../lib/zoneNote';
import { siteAtom } from '../../../state/atoms';
import { serverNowAtom } from '../../../state/liveAtoms';
import { isRecord } from '../../../state/validation';
import { parseQuotas } from '../../catalogue';
import {
  bookedRecipients,
  deskKey,
  deskPaths,
  parseDeskEventEntry,
  type BookedOrder,
  type DeskEventEntry,
} from '../../orders';
import { parseTicket, type Ticket } from '../../tickets';
import { Section } from '../Section';
import { AttendeeList } from './AttendeeList';
import { ChartBoundary } from './ChartBoundary';
import { useOrderDetails, useOrderPays } from './deskData';
import { useMinorMoney } from './orderMoney';
import { MessageBooked } from './MessageBooked';
import {
  attendeesOf,
  eventMoney,
  eventNumbers,
  eventPlacesLeft,
  figuresByType,
  salesByDay,
  withOwnUnits,
  type TypeFigures,
} from './eventNumbers';
import { eventMarks, openingEvent, useEvents, type DeskEvent } from './useEvents';

// The chart library is large: it loads with this tab's chart, never before, and is not kept for offline use
// (docs/performance.md). A failed load is not cached by a new lazy component, so "Try again" fetches it again.
const loadSalesChart = () => lazy(() => import('./SalesChart'));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 120px' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }} data-testid={`figure-${label}`}>
        {value}
      </Typography>
    </Paper>
  );
}

function useLive(path: string) {
  return useAtomValue(liveValueAtom(path));
}

/** "Standard 12 sold, 38 left · Concession 3 sold, 12 left": an event's figures by type. */
function ByType({ figures }: { figures: readonly TypeFigures[] }) {
  return (
    <Typography data-testid="figures-by-type">
      <Box component="span" sx={{ fontWeight: 600 }}>
        By type:
      </Box>{' '}
      {figures
        .map(({ name, sold, left }) => `${name} ${sold} sold${left === null ? '' : `, ${left} left`}`)
        .join(' · ')}
    </Typography>
  );
}

/** One event's numbers, sales chart and attendee list, all live. */
function EventDesk({ event, uid }: { event: DeskEvent; uid: string }) {
  const { id: eventId, title } = event;
  const liveTickets = useLive(paths.ticketsOf(eventId));
  const liveEntries = useLive(deskPaths.eventOrders(eventId));
  // The shared quotas its types draw on: what is left of the event counts them once (eventPlacesLeft).
  const liveQuotas = useLive(paths.quotas);
  const live = [liveTickets, liveEntries, liveQuotas];
  if (live.some((value) => value.status === 'error')) {
    return <Alert severity="error">The event’s figures could not be loaded. Please reload the page.</Alert>;
  }
  if (liveTickets.status !== 'ready' || liveEntries.status !== 'ready' || liveQuotas.status !== 'ready') {
    return <Typography role="status">Loading {title}…</Typography>;
  }
  return (
    <EventFigures
      event={event}
      uid={uid}
      rawTickets={liveTickets.value}
      rawEntries={liveEntries.value}
      rawQuotas={liveQuotas.value}
    />
  );
}

/** Reads an event's tickets and index entries; malformed ones are counted and left out. */
function readEvent(eventId: string, rawTickets: unknown, rawEntries: unknown) {
  const tickets: Ticket[] = [];
  let malformed = 0;
  for (const [id, raw] of Object.entries(isRecord(rawTickets) ? rawTickets : {})) {
    const ticket = parseTicket(eventId, id, raw);
    if (ticket) tickets.push(ticket);
    else malformed++;
  }
  const entries: DeskEventEntry[] = [];
  const keyed: { key: string; entry: DeskEventEntry }[] = [];
  const booked: BookedOrder[] = [];
  const emails = new Map<string, string>();
  for (const [key, raw] of Object.entries(isRecord(rawEntries) ? rawEntries : {})) {
    const entry = parseDeskEventEntry(raw);
    if (!entry) {
      malformed++;
      continue;
    }
    entries.push(entry);
    keyed.push({ key, entry });
    booked.push({ key, t: entry.t, status: entry.status, name: entry.name, email: entry.email });
    emails.set(key, entry.email);
  }
  return { tickets, entries, keyed, recipients: bookedRecipients(booked), emails, malformed };
}

function EventFigures({
  event,
  uid,
  rawTickets,
  rawEntries,
  rawQuotas,
}: {
  event: DeskEvent;
  uid: string;
  rawTickets: unknown;
  rawEntries: unknown;
  rawQuotas: unknown;
}) {
  const { id: eventId, title, lines } = event;
  const { locale, timezone, currency } = useAtomValue(siteAtom);
  const minorMoney = useMinorMoney();
  // Thousands of tickets: read and added up when they change, not at every render.
  const { tickets, entries, keyed, recipients, emails, malformed } = useMemo(
    () => readEvent(eventId, rawTickets, rawEntries),
    [eventId, rawTickets, rawEntries],
  );
  const quotas = useMemo(
    () => new Map([...parseQuotas(rawQuotas).quotas.values()].map((quota) => [quota.id, quota.left])),
    [rawQuotas],
  );
  const numbers = useMemo(() => eventNumbers(tickets, eventPlacesLeft(lines, quotas)), [tickets, lines, quotas]);
  const byType = useMemo(() => figuresByType(tickets, lines, quotas), [tickets, lines, quotas]);
  // The chart's lines per type, named as the figures name them.
  const chartTypes = useMemo(() => byType.map(({ id, name }) => ({ id, name })), [byType]);
  const entryKeys = useMemo(() => keyed.map(({ key }) => key), [keyed]);
  const pays = useOrderPays(entryKeys);
  const money = useMemo(() => eventMoney(keyed, pays, currency), [keyed, pays, currency]);
  const sum = (minor: number) => (money.unread > 0 ? '…' : minorMoney(minor, currency));
  const now = useAtomValue(serverNowAtom);
  const days = useMemo(
    () =>
      salesByDay(
        // Sold by type: every unit under its type, the event's own product's too.
        byType.length > 0 ? entries.map((entry) => withOwnUnits(entry, eventId)) : entries,
        timezone,
        now,
      ),
    [byType.length, entries, eventId, timezone, now],
  );
  const [SalesChart, setSalesChart] = useState(loadSalesChart);
  // The orders the tickets belong to, whose references and phones are read apart (deskData.ts).
  const orderKeys = useMemo(() => [...new Set(tickets.map((t) => deskKey(t.uid, t.order)))], [tickets]);
  const { details, status: orders } = useOrderDetails(orderKeys);
  const attendees = useMemo(() => attendeesOf(tickets, emails, details), [tickets, emails, details]);
  return (
    <Stack spacing={3}>
      {malformed > 0 && (
        <Alert severity="warning">
          {malformed} stored {malformed === 1 ? 'record of this event is' : 'records of this event are'} malformed and
          left out of the figures below.
        </Alert>
      )}
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap' }}
        component="section"
        aria-label="Figures"
      >
        <Figure label="Sold" value={String(numbers.sold)} />
        <Figure label="Capacity" value={numbers.capacity === null ? 'Not limited' : String(numbers.capacity)} />
        <Figure label="Remaining" value={numbers.remaining === null ? 'Not limited' : String(numbers.remaining)} />
        <Figure label="Checked in" value={String(numbers.checkedIn)} />
        <Figure label="Revenue" value={sum(money.takings)} />
        <Figure label="Outstanding" value={sum(money.outstanding)} />
      </Stack>
      {byType.length > 0 && <ByType figures={byType} />}
      <Box component="section" aria-label="Sales over time">
        <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          Sales over time
        </Typography>
        {days.length === 0 ? (
          <Typography>No tickets sold yet.</Typography>
        ) : (
          <ChartBoundary onRetry={() => setSalesChart(loadSalesChart)}>
            <Suspense fallback={<Typography role="status">Loading the chart…</Typography>}>
              <SalesChart days={days} types={chartTypes} label={`Tickets of ${title} sold over time`} locale={locale} />
            </Suspense>
          </ChartBoundary>
        )}
      </Box>
      <MessageBooked eventId={eventId} eventTitle={title} uid={uid} recipients={recipients} />
      <AttendeeList event={event} attendees={attendees} orders={orders} />
    </Stack>
  );
}

/**
 * The staff "Events" tab: per event, live, what is sold, left and checked in, the takings, who is coming, and a
 * message to all of them. `uid` is the staff member's, who sends the messages.
 */
export default function EventsDesk({ uid }: { uid: string }) {
  const events = useEvents();
  const { locale, timezone } = useAtomValue(siteAtom);
  const now = useAtomValue(serverNowAtom);
  const [chosen, setChosen] = useState('');
  const event = events.find((candidate) => candidate.id === chosen) ?? openingEvent(events, now);
  return (
    <Section title="Events">
      {!event ? (
        <Typography>No events yet: a product with a date is an event.</Typography>
      ) : (
        <Stack spacing={3}>
          <TextField
            select
            label="Event"
            value={event.id}
            onChange={(change) => setChosen(change.target.value)}
            sx={{ maxWidth: 480 }}
          >
            {events.map((candidate) => {
              const marks = eventMarks(candidate, now);
              return (
                // Wraps on a phone: the marks at the end must not be cut off.
                <MenuItem key={candidate.id} value={candidate.id} sx={{ whiteSpace: 'normal' }}>
                  {candidate.title}
                  {candidate.date ? ` · ${formatEventTime(candidate.date, locale, timezone)}` : ''}
                  {marks && (
                    <Typography component="span" color="textSecondary" sx={{ ml: 0.5 }}>
                      ({marks})
                    </Typography>
                  )}
                </MenuItem>
              );
            })}
          </TextField>
          <Typography variant="body2" color="textSecondary">
            Sales by day and check-in times: {zoneNote(timezone)}.
          </Typography>
          <EventDesk key={event.id} event={event} uid={uid} />
        </Stack>
      )}
    </Section>
  );
}
