import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Fragment, lazy, Suspense, useMemo, useState } from 'react';
import { liveValueAtom } from '../../../firebase/liveValue';
import { paths } from '../../../firebase/paths';
import { formatEventTime } from '../../../lib/format';
import { zoneNote } from '../../../lib/zoneNote';
import { siteAtom } from '../../../state/atoms';
import { serverNowAtom } from '../../../state/liveAtoms';
import { deskKey, deskPaths } from '../../orders';
import { Section, useOrderDetails, useOrderPays } from '../../dashboardKit';
import { AttendeeList } from './AttendeeList';
import { ChartBoundary } from './ChartBoundary';
import { useMinorMoney } from '../../payments';
import { MessageBooked } from '../messages';
import { parseWaitingLists, waitingCount, waitingListPaths } from '../../waitinglist/model';
import {
  attendeesOf,
  eventMoney,
  eventNumbers,
  eventPlacesLeft,
  figuresByType,
  quotasLeft,
  readEvent,
  salesByDay,
  withOwnUnits,
  type TypeFigures,
} from './eventNumbers';
import { eventMarks, openingEvent, useEvents, type DeskEvent } from './useEvents';

// The chart library is large: it loads with this tab's chart, never before, and is not kept for offline use
// (docs/performance.md). A failed load is not cached by a new lazy component, so "Try again" fetches it again.
const loadSalesChart = () => lazy(() => import('./SalesChart'));

/** `testId` names the figure for tests, whatever the language. */
function Figure({ testId, label, value }: { testId: string; label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 120px' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600 }} data-testid={`figure-${testId}`}>
        {value}
      </Typography>
    </Paper>
  );
}

function useLive(path: string) {
  return useAtomValue(liveValueAtom(path));
}

/**
 * How many people wait for the event's places, and for how many, over its own product and its types
 * (docs/waiting-list.md#on-the-desk): staff read the lists, which the Waiting list tab shows.
 */
function WaitingFigure({ lines }: { lines: DeskEvent['lines'] }) {
  const { t } = useLingui();
  const live = useLive(waitingListPaths.all);
  const raw = live.status === 'ready' ? live.value : undefined;
  const counted = useMemo(() => {
    if (raw === undefined) return null;
    const lists = parseWaitingLists(raw);
    return waitingCount(lines.flatMap((line) => lists.get(line.id) ?? []));
  }, [raw, lines]);
  if (counted === null) return <Figure testId="Waiting" label={t`Waiting`} value="…" />;
  const { people } = counted;
  const places = plural(counted.places, { one: '# place', other: '# places' });
  return <Figure testId="Waiting" label={t`Waiting`} value={people === 0 ? t`Nobody` : t`${people} for ${places}`} />;
}

/** "Standard 12 sold, 38 left · Concession 3 sold, 12 left": an event's figures by type. */
function ByType({ figures }: { figures: readonly TypeFigures[] }) {
  const { i18n } = useLingui();
  return (
    <Typography data-testid="figures-by-type">
      <Box component="span" sx={{ fontWeight: 600 }}>
        <Trans>By type:</Trans>
      </Box>{' '}
      {figures.map(({ id, name, sold, left }, index) => {
        const typeName = <>{name}</>;
        const soldCount = i18n.number(sold);
        const leftCount = left === null ? null : i18n.number(left);
        return (
          <Fragment key={id}>
            {index > 0 && ' · '}
            {leftCount === null ? (
              <Trans>
                {typeName} {soldCount} sold
              </Trans>
            ) : (
              <Trans>
                {typeName} {soldCount} sold, {leftCount} left
              </Trans>
            )}
          </Fragment>
        );
      })}
    </Typography>
  );
}

/** One event's numbers, sales chart and attendee list, all live. */
function EventDesk({ event, uid }: { event: DeskEvent; uid: string }) {
  const { id: eventId, title } = event;
  const eventTitle = <>{title}</>;
  const liveTickets = useLive(paths.ticketsOf(eventId));
  const liveEntries = useLive(deskPaths.eventOrders(eventId));
  // The shared quotas its types draw on: what is left of the event counts them once (eventPlacesLeft).
  const liveQuotas = useLive(paths.quotas);
  const live = [liveTickets, liveEntries, liveQuotas];
  if (live.some((value) => value.status === 'error')) {
    return (
      <Alert severity="error">
        <Trans>The event’s figures could not be loaded. Please reload the page.</Trans>
      </Alert>
    );
  }
  if (liveTickets.status !== 'ready' || liveEntries.status !== 'ready' || liveQuotas.status !== 'ready') {
    return (
      <Typography role="status">
        <Trans>Loading {eventTitle}…</Trans>
      </Typography>
    );
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
  const { timezone, currency } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  const minorMoney = useMinorMoney();
  // Thousands of tickets: read and added up when they change, not at every render.
  const { tickets, entries, keyed, recipients, emails, malformed } = useMemo(
    () => readEvent(eventId, rawTickets, rawEntries),
    [eventId, rawTickets, rawEntries],
  );
  const quotas = useMemo(() => quotasLeft(rawQuotas), [rawQuotas]);
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
          <Plural
            value={malformed}
            one="# stored record of this event is malformed and left out of the figures below."
            other="# stored records of this event are malformed and left out of the figures below."
          />
        </Alert>
      )}
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap' }}
        component="section"
        aria-label={t`Figures`}
      >
        <Figure testId="Sold" label={t`Sold`} value={i18n.number(numbers.sold)} />
        <Figure testId="Held" label={t`Held, awaiting payment`} value={i18n.number(numbers.held)} />
        <Figure
          testId="Capacity"
          label={t`Capacity`}
          value={numbers.capacity === null ? t`Not limited` : i18n.number(numbers.capacity)}
        />
        <Figure
          testId="Remaining"
          label={t`Remaining`}
          value={numbers.remaining === null ? t`Not limited` : i18n.number(numbers.remaining)}
        />
        <Figure testId="Checked in" label={t`Checked in`} value={i18n.number(numbers.checkedIn)} />
        <WaitingFigure lines={lines} />
        <Figure testId="Revenue" label={t`Revenue`} value={sum(money.takings)} />
        <Figure testId="Outstanding" label={t`Outstanding`} value={sum(money.outstanding)} />
      </Stack>
      {byType.length > 0 && <ByType figures={byType} />}
      <Box component="section" aria-label={t`Sales over time`}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
          <Trans>Sales over time</Trans>
        </Typography>
        {days.length === 0 ? (
          <Typography>
            <Trans>No tickets sold yet.</Trans>
          </Typography>
        ) : (
          <ChartBoundary onRetry={() => setSalesChart(loadSalesChart)}>
            <Suspense
              fallback={
                <Typography role="status">
                  <Trans>Loading the chart…</Trans>
                </Typography>
              }
            >
              <SalesChart
                days={days}
                types={chartTypes}
                label={t`Tickets of ${title} sold over time`}
                locale={i18n.locale}
              />
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
  const { timezone } = useAtomValue(siteAtom);
  const { i18n, t } = useLingui();
  const now = useAtomValue(serverNowAtom);
  const [chosen, setChosen] = useState('');
  const event = events.find((candidate) => candidate.id === chosen) ?? openingEvent(events, now);
  const zone = zoneNote(timezone);
  return (
    <Section title={t`Events`}>
      {!event ? (
        <Typography>
          <Trans>No events yet: a product with a date is an event.</Trans>
        </Typography>
      ) : (
        <Stack spacing={3}>
          <TextField
            select
            label={t`Event`}
            value={event.id}
            onChange={(change) => setChosen(change.target.value)}
            sx={{ maxWidth: 480 }}
            // The chosen event wraps too, rather than losing its date to an ellipsis on a phone.
            slotProps={{ select: { SelectDisplayProps: { style: { whiteSpace: 'normal' } } } }}
          >
            {events.map((candidate) => {
              const marks = eventMarks(candidate, now);
              return (
                // Wraps on a phone: the marks at the end must not be cut off.
                <MenuItem key={candidate.id} value={candidate.id} sx={{ whiteSpace: 'normal' }}>
                  {candidate.title}
                  {candidate.date ? ` · ${formatEventTime(candidate.date, i18n.locale, timezone)}` : ''}
                  {marks && (
                    <Typography component="span" color="textSecondary" sx={{ marginInlineStart: 0.5 }}>
                      ({marks})
                    </Typography>
                  )}
                </MenuItem>
              );
            })}
          </TextField>
          <Typography variant="body2" color="textSecondary">
            <Trans>Sales by day and check-in times: {zone}.</Trans>
          </Typography>
          <EventDesk key={event.id} event={event} uid={uid} />
        </Stack>
      )}
    </Section>
  );
}
