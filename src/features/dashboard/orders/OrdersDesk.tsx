import { plural, select } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { siteAtom } from '../../../state/atoms';
import {
  inputZone,
  dayStart,
  useShopFormat,
  Section,
  useLiveEntries,
  useLiveQueries,
  type Live,
} from '../../dashboardKit';
import type { Bound } from '../../../firebase/query';
import { ORDER_STATUSES, STATUS_LABELS, parseDeskEntry, type OrderStatus } from '../../orders';
import { PAY_STATES, PAY_STATE_LABELS, type PayState } from '../../payments/model';
import { OrderRows, type Row } from './OrderRows';
import {
  NO_FILTERS,
  PAGE_SIZE,
  SEARCH_LIMIT,
  cursorOf,
  matchesFilters,
  pageQuery,
  searchQueries,
  type OrderFilters,
} from './orderQueries';
import { useEvents } from '../events';

/** Entries read back, the malformed ones counted instead of shown (docs/hostile-data.md). */
function parsedRows(pairs: Iterable<[string, unknown]>): { rows: Row[]; malformed: number } {
  const rows: Row[] = [];
  let malformed = 0;
  for (const [key, raw] of pairs) {
    const entry = parseDeskEntry(raw);
    if (entry) rows.push({ key, entry });
    else malformed++;
  }
  return { rows, malformed };
}

interface Listing {
  /** `read`: how many orders the database gave for the page; `last`, the oldest of them, where Older starts. */
  live: Live<{ rows: Row[]; malformed: number; more: boolean; read: number; last: Row | undefined }>;
}

/** What a page read, kept when it passes the filters the query could not apply (the payment state). */
function pageOf(filters: OrderFilters, parsed: { rows: Row[]; malformed: number }, more: boolean): Listing {
  const rows = parsed.rows.filter(({ entry }) => matchesFilters(filters, entry));
  const value = { rows, malformed: parsed.malformed, more, read: parsed.rows.length, last: parsed.rows.at(-1) };
  return { live: { status: 'ready', value } };
}

/** One page of the filtered list, newest first, read through the index. */
function usePage(filters: OrderFilters, before: Bound | null, enabled: boolean): Listing {
  const live = useLiveQueries(enabled ? [pageQuery(filters, before)] : []);
  const found = live.status === 'ready' ? (live.value[0] ?? []) : [];
  // An event's list holds that event's entries: the rows show the orders' own entries.
  const keys = filters.eventId && enabled ? found.slice(-PAGE_SIZE).map(([key]) => key) : [];
  const entries = useLiveEntries(keys);
  const eventList = Boolean(filters.eventId);
  // Worked out again only when an answer arrives, not at every keystroke or render.
  return useMemo((): Listing => {
    if (live.status !== 'ready') return { live };
    const answer = live.value[0] ?? [];
    const page = answer.slice(-PAGE_SIZE).reverse();
    const more = answer.length > PAGE_SIZE;
    if (!eventList) return pageOf(filters, parsedRows(page), more);
    if (entries.status !== 'ready') return { live: entries };
    return pageOf(filters, parsedRows(page.map(([key]) => [key, entries.value.get(key)])), more);
  }, [live, entries, eventList, filters]);
}

/** The matches of a search (reference, order id, name, surname, email), filtered, newest first. */
function useSearch(text: string, filters: OrderFilters): Listing {
  const queries = text ? searchQueries(text) : [];
  const live = useLiveQueries(queries);
  const limits = queries.map((query) => query.spec.first ?? Infinity).join();
  return useMemo((): Listing => {
    if (live.status !== 'ready') return { live };
    const { rows, malformed } = parsedRows(new Map(live.value.flat()));
    const kept = rows
      .filter(({ entry }) => matchesFilters(filters, entry))
      .sort((a, b) => (a.entry.t < b.entry.t ? 1 : -1));
    const most = limits.split(',').map(Number);
    const more = live.value.some((found, index) => found.length >= (most[index] ?? Infinity));
    return { live: { status: 'ready', value: { rows: kept, malformed, more, read: rows.length, last: kept.at(-1) } } };
  }, [live, filters, limits]);
}

/** Status, event and dates: drawn again only when the filters change, not at each keystroke of a search. */
const Filters = memo(function Filters({
  filters,
  onFilters,
}: {
  filters: OrderFilters;
  onFilters: (filters: OrderFilters) => void;
}) {
  const { i18n, t } = useLingui();
  const events = useEvents();
  const zone = inputZone(useAtomValue(siteAtom).timezone);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const setDay = (which: 'from' | 'to', value: string) => {
    (which === 'from' ? setFrom : setTo)(value);
    onFilters({ ...filters, [which]: dayStart(value, zone, which === 'to' ? 1 : 0) });
  };
  return (
    <>
      <TextField
        select
        label={t`Status`}
        value={filters.status ?? ''}
        onChange={(event) => onFilters({ ...filters, status: (event.target.value || null) as OrderStatus | null })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">
          <Trans>Any status</Trans>
        </MenuItem>
        {ORDER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {i18n._(STATUS_LABELS[status])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t`Payment`}
        value={filters.pay ?? ''}
        onChange={(event) => onFilters({ ...filters, pay: (event.target.value || null) as PayState | null })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="">
          <Trans>Any payment</Trans>
        </MenuItem>
        {PAY_STATES.map((pay) => (
          <MenuItem key={pay} value={pay}>
            {i18n._(PAY_STATE_LABELS[pay])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t`Event`}
        value={filters.eventId ?? ''}
        onChange={(event) => onFilters({ ...filters, eventId: event.target.value || null })}
        sx={{ minWidth: 200, flex: 1 }}
      >
        <MenuItem value="">
          <Trans>Any event</Trans>
        </MenuItem>
        {events.map((event) => (
          <MenuItem key={event.id} value={event.id}>
            {event.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        label={t`Placed from`}
        value={from}
        onChange={(event) => setDay('from', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label={t`Placed until`}
        value={to}
        onChange={(event) => setDay('to', event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
});

/**
 * Where a page of orders is: "3 orders, newest first" when one page holds them all, else its page and range. With
 * a payment state, how many of the orders read are in it ("2 of orders 1–25 paid").
 */
function pageLine(page: number, read: number, shown: number, more: boolean, pay: PayState | null): string {
  if (page === 1 && !more) {
    if (pay === null) return plural(read, { one: '# order, newest first', other: '# orders, newest first' });
    return select(pay, {
      pending: plural(read, {
        one: `${shown} of # order awaiting payment, newest first`,
        other: `${shown} of # orders awaiting payment, newest first`,
      }),
      paid: plural(read, {
        one: `${shown} of # order paid, newest first`,
        other: `${shown} of # orders paid, newest first`,
      }),
      other: plural(read, {
        one: `${shown} of # order expired unpaid, newest first`,
        other: `${shown} of # orders expired unpaid, newest first`,
      }),
    });
  }
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = first + read - 1;
  if (pay === null) {
    return plural(read, {
      one: `Page ${page}: order ${first}, newest first`,
      other: `Page ${page}: orders ${first}–${last}, newest first`,
    });
  }
  return select(pay, {
    pending: plural(read, {
      one: `Page ${page}: ${shown} of order ${first} awaiting payment, newest first`,
      other: `Page ${page}: ${shown} of orders ${first}–${last} awaiting payment, newest first`,
    }),
    paid: plural(read, {
      one: `Page ${page}: ${shown} of order ${first} paid, newest first`,
      other: `Page ${page}: ${shown} of orders ${first}–${last} paid, newest first`,
    }),
    other: plural(read, {
      one: `Page ${page}: ${shown} of order ${first} expired unpaid, newest first`,
      other: `Page ${page}: ${shown} of orders ${first}–${last} expired unpaid, newest first`,
    }),
  });
}

/**
 * The staff "Orders" tab: find any order by reference, name or email, filter by status, event and date, and page
 * through the rest newest first; each row shows how to reach the buyer and changes the order's status. Every list
 * is a query of the index (docs/decisions.md#the-organisers-desk), so it costs the same at 10 or 10,000 orders.
 */

export function OrdersDesk() {
  const { i18n, t } = useLingui();
  const format = useShopFormat();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  // The pages before this one, by the cursor each started before; empty on the first page.
  const [cursors, setCursors] = useState<(Bound | null)[]>([null]);
  // Typing stays responsive: the search queries follow the text when React has time.
  const text = useDeferredValue(search.trim());
  const searching = text.length > 0;
  const before = cursors.at(-1) ?? null;
  const page = usePage(filters, before, !searching);
  const found = useSearch(text, filters);
  const listing = searching ? found : page;
  const changeFilters = useCallback((next: OrderFilters) => {
    setFilters(next);
    setCursors([null]);
  }, []);

  let body;
  if (listing.live.status === 'loading') {
    body = (
      <Typography role="status">
        <Trans>Loading orders…</Trans>
      </Typography>
    );
  } else if (listing.live.status === 'error') {
    body = <Alert severity="error">{i18n._(listing.live.message)}</Alert>;
  } else {
    const { rows, malformed, more, read, last } = listing.live.value;
    const matches = rows.length;
    body = (
      <Stack spacing={1.5}>
        <Typography role="status" variant="body2" color="textSecondary">
          {searching
            ? more
              ? plural(matches, {
                  one: `# match (the first ${SEARCH_LIMIT} of each kind: type more to narrow it down)`,
                  other: `# matches (the first ${SEARCH_LIMIT} of each kind: type more to narrow it down)`,
                })
              : plural(matches, { one: '# match', other: '# matches' })
            : read === 0
              ? t`No orders match.`
              : pageLine(cursors.length, read, rows.length, more, filters.pay)}
          {` · ${format.zoneNote}`}
        </Typography>
        {malformed > 0 && (
          <Alert severity="warning">
            <Plural
              value={malformed}
              one="# index entry is malformed and not shown; the orders themselves are untouched."
              other="# index entries are malformed and not shown; the orders themselves are untouched."
            />
          </Alert>
        )}
        {rows.length > 0 && <OrderRows rows={rows} />}
        {!searching && (
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              <Trans>Newer</Trans>
            </Button>
            <Button
              disabled={!more || !last}
              onClick={() => last && setCursors([...cursors, cursorOf(filters, last.key, last.entry)])}
            >
              <Trans>Older</Trans>
            </Button>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Section title={t`Orders`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          type="search"
          label={t`Search`}
          helperText={t`Reference, name, surname or email`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: 2, minWidth: 220 }}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
        />
        <Filters filters={filters} onFilters={changeFilters} />
      </Stack>
      {body}
    </Section>
  );
}
