/**
 * The staff desk's order list as database queries over the index (src/features/orders/deskIndex.ts): each filter
 * is one range of an indexed child, so a page costs one query of a page's size however many orders the shop holds
 * (docs/decisions.md#the-organisers-desk). Pure: the server tests run these very queries.
 */
import type { Bound, QuerySpec } from '../../../firebase/query';
import { deskPaths, normaliseReference, searchKey, statusKey, timeKey, type OrderStatus } from '../../orders';
import { type PayState } from '../../payments/model';

export const PAGE_SIZE = 25;
/** Matches each search query returns at most; the desk says when there may be more. */
export const SEARCH_LIMIT = 50;

export interface OrderFilters {
  status: OrderStatus | null;
  eventId: string | null;
  /** Epoch ms, inclusive; null for no bound. */
  from: number | null;
  /** Epoch ms, exclusive; null for no bound. */
  to: number | null;
  /**
   * The payment state. Not a range of the index sorted by time: it narrows what a page or a search has read
   * (`matchesFilters`), so a page may show fewer orders than it read (docs/payments.md#on-the-desk).
   */
  pay: PayState | null;
}

export const NO_FILTERS: OrderFilters = { status: null, eventId: null, from: null, to: null, pay: null };

export interface ListQuery {
  path: string;
  spec: QuerySpec;
}

/** The sort value of a row for the filters in force: where the next page starts. */
export function cursorOf(filters: OrderFilters, key: string, row: { t: string; status: OrderStatus }): Bound {
  return { value: filters.status ? statusKey(row.status, row.t) : row.t, key };
}

/**
 * One page of the list, newest first: the `PAGE_SIZE + 1` newest orders of the filtered range that come before
 * `before` (the oldest row of the page before), the extra one saying whether there is a next page.
 */
export function pageQuery(filters: OrderFilters, before: Bound | null): ListQuery {
  const path = filters.eventId ? deskPaths.eventOrders(filters.eventId) : deskPaths.orders;
  const from = filters.from === null ? '' : timeKey(filters.from);
  const to = filters.to === null ? null : timeKey(filters.to - 1);
  const spec: QuerySpec = filters.status
    ? {
        child: 'sk',
        start: { value: `${filters.status}~${from}` },
        end: { value: statusKey(filters.status, to ?? '9999999999999') },
      }
    : { child: 't', ...(from ? { start: { value: from } } : {}), ...(to ? { end: { value: to } } : {}) };
  if (before) {
    delete spec.end;
    spec.before = before;
  }
  spec.last = PAGE_SIZE + 1;
  return { path, spec };
}

/** An order id as the dashboard used to show it ("-Nx2demoOrder0003cccc"). */
const ORDER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The queries of a search: by reference, by order id, and by the start of a name, a surname (either part of a
 * double-barrelled one) or an email. Their matches are merged, and the filters then apply to at most a few hundred
 * entries (`matchesFilters`).
 */
export function searchQueries(text: string): ListQuery[] {
  const queries: ListQuery[] = [];
  const ref = normaliseReference(text);
  if (ref) queries.push({ path: deskPaths.orders, spec: { child: 'ref', equal: ref, first: SEARCH_LIMIT } });
  const id = text.trim();
  if (ORDER_ID.test(id)) queries.push({ path: deskPaths.orders, spec: { child: 'order', equal: id, first: 5 } });
  const key = searchKey(text);
  if (key) {
    for (const child of ['nameKey', 'surnameKey', 'partKey', 'emailKey']) {
      queries.push({
        path: deskPaths.orders,
        spec: { child, start: { value: key }, end: { value: `${key}\uf8ff` }, first: SEARCH_LIMIT },
      });
    }
  }
  return queries;
}

/** Whether an entry found by a search, or read for a page, passes the filters in force. */
export function matchesFilters(
  filters: OrderFilters,
  entry: { t: string; status: OrderStatus; events?: Record<string, true>; pay?: PayState },
): boolean {
  if (filters.pay && entry.pay !== filters.pay) return false;
  if (filters.status && entry.status !== filters.status) return false;
  if (filters.eventId && !entry.events?.[filters.eventId]) return false;
  if (filters.from !== null && entry.t < timeKey(filters.from)) return false;
  return filters.to === null || entry.t < timeKey(filters.to);
}
