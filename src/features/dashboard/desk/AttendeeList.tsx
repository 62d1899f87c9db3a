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

/** Rows shown on screen at once: a page the browser draws quickly even on a phone; printing shows them all. */
const SHOWN = 100;

/**
 * Printing shows the attendee list alone (printAlone), black on white, a row never split across pages, under the
 * shop's name and the clock of its times, which the screen says elsewhere.
 */
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

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has started from the link; the file's memory can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
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
  const { name: shopName, locale, timezone } = useAtomValue(siteAtom);
  const { title } = event;
  const [filter, setFilter] = useState('');
  const [printing, setPrinting] = useState(false);
  // A phone lists each attendee on a few lines; wider screens and paper get the table.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const wanted = searchKey(useDeferredValue(filter));
  const when = (at: number | null) => (at === null ? '' : formatMoment(at, locale, timezone, 'date-time'));
  const eventLine = [event.date && formatEventTime(event.date, locale, timezone), event.venue]
    .filter(Boolean)
    .join(' · ');
  const waiting = orders === 'loading' || attendees.length === 0;

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
  // The Type column only for an event sold by type.
  const typed = useMemo(() => attendees.some((a) => a.type !== null), [attendees]);

  const exportCsv = () => download(attendeeFileName(title), attendeeCsv(attendees, event, { locale, timezone }));

  return (
    <Stack component="section" aria-labelledby="attendees-heading" spacing={1.5} className="attendee-print">
      {printStyles}
      <Stack spacing={0.25}>
        <Typography className="attendee-print-only" sx={{ fontWeight: 600 }}>
          {shopName}
        </Typography>
        <Typography id="attendees-heading" variant="h3" sx={{ fontSize: '1.1rem' }}>
          Attendees of {title} ({attendees.length})
        </Typography>
        {eventLine && <Typography data-testid="attendees-event">{eventLine}</Typography>}
        {/* On screen the tab says it above; on paper the list is alone. */}
        <Typography className="attendee-print-only" variant="body2">
          Check-in {zoneNote(timezone)}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} className="attendee-print-hide">
        <TextField
          type="search"
          label="Find an attendee"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" onClick={exportCsv} disabled={waiting}>
          Download CSV
        </Button>
        <Button variant="outlined" onClick={() => setPrinting(true)} disabled={waiting}>
          Print
        </Button>
      </Stack>
      {orders === 'loading' && attendees.length > 0 && (
        <Typography role="status" variant="body2" color="textSecondary" className="attendee-print-hide">
          Loading the orders’ references…
        </Typography>
      )}
      {orders === 'failed' && (
        <Alert severity="warning" className="attendee-print-hide">
          The orders’ references and phone numbers could not be loaded: the list names orders by their ids. Reload the
          page to try again.
        </Alert>
      )}
      {!printing && matching.length > SHOWN && (
        <Typography role="status" variant="body2" color="textSecondary" className="attendee-print-hide">
          Showing {SHOWN} of {matching.length}: search to find one, or download or print them all.
        </Typography>
      )}
      {attendees.length === 0 ? (
        <Typography>Nobody is booked yet.</Typography>
      ) : !wide && !printing ? (
        <Stack
          component="ul"
          spacing={1}
          sx={{ m: 0, p: 0, listStyle: 'none' }}
          aria-label={`Attendee list of ${title}`}
        >
          {shown.map((a) => (
            <Stack
              component="li"
              key={a.ticketId}
              spacing={0.25}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{a.name}</Typography>
                <Typography>{STATUS[a.status]}</Typography>
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {a.email}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {a.type && `${a.type} · `}Order {a.order} · code begins{' '}
                <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {a.codeStart}
                </Box>
                {a.checkedInAt === null ? ' · not checked in' : ` · checked in ${when(a.checkedInAt)} · ${a.device}`}
              </Typography>
            </Stack>
          ))}
        </Stack>
      ) : (
        // A region that scrolls sideways on a narrow screen, reachable by keyboard.
        <TableContainer tabIndex={0} role="region" aria-label={`Attendee list of ${title}`}>
          <Table size="small" aria-labelledby="attendees-heading">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                {typed && <TableCell>Type</TableCell>}
                <TableCell>Email</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>{CODE_START_COLUMN}</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Checked in</TableCell>
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
                  <TableCell>{STATUS[a.status]}</TableCell>
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
