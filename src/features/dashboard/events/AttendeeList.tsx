import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { formatEventTime, formatMoment } from '../../../lib/format';
import { zoneNote } from '../../../lib/zoneNote';
import { printAlone } from '../../../lib/mui/printAlone';
import { siteAtom } from '../../../state/atoms';
import { searchKey } from '../../orders';
import { ATTENDEE_STATUS as STATUS, attendeeCsv, attendeeFileName, CODE_START_COLUMN } from './attendeeExport';
import type { Attendee } from './eventNumbers';
import { downloadCsv } from '../../dashboardKit';

/** Rows shown on screen at once: a page the browser draws quickly even on a phone; printing shows them all. */
const SHOWN = 100;

/**
 * Printing shows the attendee list alone (printAlone), black on white, a row never split across pages, under the
 * shop's name and the clock of its times, which the screen says elsewhere.
 */
/* eslint-disable lingui/no-unlocalized-strings -- print styles: CSS values, not words */
const printStyles = (
  <GlobalStyles
    styles={{
      '.attendee-print .attendee-print-only': { display: 'none' },
      '@media print': {
        ...printAlone('.attendee-print'),
        '.attendee-print .attendee-print-hide': { display: 'none !important' },
        '.attendee-print .attendee-print-only': { display: 'block !important' },
        '.attendee-print *': { color: '#000 !important', backgroundColor: 'transparent !important' },
        '.attendee-print tr': { breakInside: 'avoid' },
        '.attendee-print th, .attendee-print td': { borderBottom: '1px solid #999 !important', padding: '2px 6px' },
      },
    }}
  />
);
/* eslint-enable lingui/no-unlocalized-strings */

/** One attendee on a phone: the name and state, the email, then the ticket's facts. */
function AttendeeCard({ attendee: a, when }: { attendee: Attendee; when: (at: number) => string }) {
  const { i18n } = useLingui();
  // The order's id stands in for a reference it lacks: stored text, shown as it is.
  const order = <>{a.order}</>;
  const { codeStart } = a;
  const checkedAt = a.checkedInAt === null ? null : when(a.checkedInAt);
  return (
    <Stack component="li" spacing={0.25} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{a.name}</Typography>
        <Typography>{i18n._(STATUS[a.status])}</Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {a.email}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {a.type && `${a.type} · `}
        <Trans>
          Order {order} · code begins{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {codeStart}
          </Box>
        </Trans>
        {checkedAt === null ? (
          <>
            {' · '}
            <Trans>not checked in</Trans>
          </>
        ) : (
          <>
            {' · '}
            <Trans>checked in {checkedAt}</Trans>
            {` · ${a.device}`}
          </>
        )}
      </Typography>
    </Stack>
  );
}

/** The event an attendee list is of: what its heading and its export say. */
interface ListedEvent {
  title: string;
  date: string | null;
  venue: string | null;
}

/**
 * An event's attendees: find one by name or email, download them all as CSV, or print the list. `orders` says
 * whether the orders' references and phones (read apart, deskData.ts) are all there: the export and the print
 * wait for them.
 */
export function AttendeeList({
  event,
  attendees,
  orders,
}: {
  event: ListedEvent;
  attendees: readonly Attendee[];
  orders: 'loading' | 'ready' | 'failed';
}) {
  const { name: shopName, timezone } = useAtomValue(siteAtom);
  // Staff read the list, and the file they download, in their own language on the shop's clock.
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  const { title } = event;
  const [filter, setFilter] = useState('');
  const [printing, setPrinting] = useState(false);
  // A phone lists each attendee on a few lines; wider screens and paper get the table.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wanted = searchKey(useDeferredValue(filter));
  const when = (at: number) => formatMoment(at, locale, timezone, 'date-time');
  const eventLine = [event.date && formatEventTime(event.date, locale, timezone), event.venue]
    .filter(Boolean)
    .join(' · ');
  const waiting = orders === 'loading' || attendees.length === 0;
  const eventTitle = <>{title}</>;
  const total = i18n.number(attendees.length);
  const zone = zoneNote(timezone);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  // Each attendee's name and email as searched, worked out once per list rather than at every keystroke.
  const keys = useMemo(() => attendees.map((a) => `${searchKey(a.name)} ${a.email.toLowerCase()}`), [attendees]);
  const matching = useMemo(
    () => (wanted ? attendees.filter((_, index) => keys[index]!.includes(wanted)) : attendees),
    [attendees, keys, wanted],
  );
  const shown = printing ? attendees : matching.slice(0, SHOWN);
  const shownCount = i18n.number(SHOWN);
  const matchingCount = i18n.number(matching.length);
  // The Type column only for an event sold by type.
  const typed = useMemo(() => attendees.some((a) => a.type !== null), [attendees]);

  const exportCsv = () => downloadCsv(attendeeFileName(title), attendeeCsv(attendees, event, { locale, timezone }));

  return (
    <Stack component="section" aria-labelledby="attendees-heading" spacing={1.5} className="attendee-print">
      {printStyles}
      <Stack spacing={0.25}>
        <Typography className="attendee-print-only" sx={{ fontWeight: 600 }}>
          {shopName}
        </Typography>
        <Typography id="attendees-heading" variant="h3" sx={{ fontSize: '1.1rem' }}>
          <Trans>
            Attendees of {eventTitle} ({total})
          </Trans>
        </Typography>
        {eventLine && <Typography data-testid="attendees-event">{eventLine}</Typography>}
        {/* On screen the tab says it above; on paper the list is alone. */}
        <Typography className="attendee-print-only" variant="body2">
          <Trans>Check-in {zone}</Trans>
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} className="attendee-print-hide">
        <TextField
          type="search"
          label={t`Find an attendee`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={exportCsv} disabled={waiting}>
          <Trans>Download CSV</Trans>
        </Button>
        <Button variant="outlined" onClick={() => setPrinting(true)} disabled={waiting}>
          <Trans>Print</Trans>
        </Button>
      </Stack>
      {orders === 'loading' && attendees.length > 0 && (
        <Typography role="status" variant="body2" color="textSecondary" className="attendee-print-hide">
          <Trans>Loading the orders’ references…</Trans>
        </Typography>
      )}
      {orders === 'failed' && (
        <Alert severity="warning" className="attendee-print-hide">
          <Trans>
            The orders’ references and phone numbers could not be loaded: the list names orders by their ids. Reload the
            page to try again.
          </Trans>
        </Alert>
      )}
      {!printing && matching.length > SHOWN && (
        <Typography role="status" variant="body2" color="textSecondary" className="attendee-print-hide">
          <Trans>
            Showing {shownCount} of {matchingCount}: search to find one, or download or print them all.
          </Trans>
        </Typography>
      )}
      {attendees.length === 0 ? (
        <Typography>
          <Trans>Nobody is booked yet.</Trans>
        </Typography>
      ) : !wide && !printing ? (
        <Stack
          component="ul"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={t`Attendee list of ${title}`}
        >
          {shown.map((a) => (
            <AttendeeCard key={a.ticketId} attendee={a} when={when} />
          ))}
        </Stack>
      ) : (
        // A region that scrolls sideways on a narrow screen, reachable by keyboard.
        <TableContainer tabIndex={0} role="region" aria-label={t`Attendee list of ${title}`}>
          <Table size="small" aria-labelledby="attendees-heading">
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Name</Trans>
                </TableCell>
                {typed && (
                  <TableCell>
                    <Trans>Type</Trans>
                  </TableCell>
                )}
                <TableCell>
                  <Trans>Email</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Order</Trans>
                </TableCell>
                <TableCell>{i18n._(CODE_START_COLUMN)}</TableCell>
                <TableCell>
                  <Trans>Status</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Checked in</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((a) => (
                <TableRow key={a.ticketId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.name}</TableCell>
                  {typed && <TableCell>{a.type}</TableCell>}
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.order}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{a.codeStart}</TableCell>
                  <TableCell>{i18n._(STATUS[a.status])}</TableCell>
                  <TableCell>{a.checkedInAt === null ? '—' : `${when(a.checkedInAt)} · ${a.device}`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
