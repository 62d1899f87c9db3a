/**
 * The shop's vouchers as the desk lists, finds, sums and exports them (docs/vouchers.md): every voucher read from
 * vouchers/ with what the orders that used it came to and were taken off (voucherUses/), newest first; a record that
 * cannot be read is counted apart, never guessed at.
 */
import { storedMinor } from '../../../lib/money';
import { isRecord } from '../../../state/validation';
import { toCsv } from '../../dashboardKit';
import { amountText } from '../../payments/model';
import { parseVoucher, type Voucher } from '../model';

/** A voucher with what its uses brought in: the orders' totals and what it took off them, in its currency. */
export interface VoucherRow {
  voucher: Voucher;
  revenue: number;
  discount: number;
}

export interface VoucherList {
  rows: VoucherRow[];
  /** Codes under vouchers/ whose record is no voucher this app can vouch for. */
  damaged: string[];
}

/** What the orders that used each code came to and were taken off, in minor units; unreadable uses count nothing. */
function sumsOfUses(raw: unknown): Map<string, { revenue: number; discount: number }> {
  const sums = new Map<string, { revenue: number; discount: number }>();
  for (const [code, uses] of Object.entries(isRecord(raw) ? raw : {})) {
    let revenue = 0;
    let discount = 0;
    for (const use of Object.values(isRecord(uses) ? uses : {})) {
      if (!isRecord(use)) continue;
      const total = storedMinor(use.total);
      const off = storedMinor(use.off);
      if (total === null || off === null) continue;
      revenue += total;
      discount += off;
    }
    sums.set(code, { revenue, discount });
  }
  return sums;
}

export function voucherList(rawVouchers: unknown, rawUses: unknown): VoucherList {
  const sums = sumsOfUses(rawUses);
  const rows: VoucherRow[] = [];
  const damaged: string[] = [];
  for (const [code, stored] of Object.entries(isRecord(rawVouchers) ? rawVouchers : {})) {
    const voucher = parseVoucher(code, stored);
    if (voucher) rows.push({ voucher, ...(sums.get(code) ?? { revenue: 0, discount: 0 }) });
    else damaged.push(code);
  }
  rows.sort((a, b) => b.voucher.created - a.voucher.created || (a.voucher.code < b.voucher.code ? -1 : 1));
  return { rows, damaged };
}

/** The tag filter: every voucher, those without a tag (null), or those of one tag. */
export type TagFilter = 'all' | { tag: string | null };

/** A tag filter as the value of the select that chooses it: `all`, `none`, or `tag:` and the tag. */
export const tagFilterValue = (filter: TagFilter): string =>
  filter === 'all' ? 'all' : filter.tag === null ? 'none' : `tag:${filter.tag}`;

/** The filter a value of the select chooses (tagFilterValue); every voucher for a value it does not know. */
export function tagFilterOf(value: string): TagFilter {
  if (value === 'none') return { tag: null };
  return value.startsWith('tag:') ? { tag: value.slice(4) } : 'all';
}

/** Whether `row` is one staff look for: part of its code or of its tag (any case), and of the tag chosen. */
export function matchesVoucher(row: VoucherRow, query: string, filter: TagFilter): boolean {
  const { code, tag } = row.voucher;
  if (filter !== 'all' && filter.tag !== tag) return false;
  const typed = query.trim().toUpperCase();
  return typed === '' || code.includes(typed) || (tag ?? '').toUpperCase().includes(typed);
}

/** Every tag the vouchers carry, in alphabetical order. */
export const voucherTags = (rows: readonly VoucherRow[]): string[] =>
  [...new Set(rows.flatMap((row) => (row.voucher.tag === null ? [] : [row.voucher.tag])))].sort((a, b) =>
    a.localeCompare(b),
  );

/** What the vouchers of one tag (null: none) in one currency came to: how many, used how often, and the money. */
export interface TagTotal {
  tag: string | null;
  currency: string;
  vouchers: number;
  used: number;
  revenue: number;
  discount: number;
}

/** The totals of `rows` per tag (and currency, should the shop have changed it), by tag; untagged vouchers last. */
export function tagTotals(rows: readonly VoucherRow[]): TagTotal[] {
  const totals = new Map<string, TagTotal>();
  for (const { voucher, revenue, discount } of rows) {
    const key = JSON.stringify([voucher.tag, voucher.currency]);
    const total = totals.get(key) ?? {
      tag: voucher.tag,
      currency: voucher.currency,
      vouchers: 0,
      used: 0,
      revenue: 0,
      discount: 0,
    };
    total.vouchers += 1;
    total.used += voucher.used;
    total.revenue += revenue;
    total.discount += discount;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => {
    if (a.tag === null || b.tag === null)
      return a.tag === b.tag ? a.currency.localeCompare(b.currency) : a.tag ? -1 : 1;
    return a.tag.localeCompare(b.tag) || a.currency.localeCompare(b.currency);
  });
}

/** Where a voucher stands at `now`: what a buyer typing it would meet first (as voucherReason), or that it can be used. */
export type VoucherState = 'disabled' | 'used-up' | 'not-yet' | 'expired' | 'active';

export function voucherState(voucher: Voucher, now: number): VoucherState {
  if (voucher.disabled) return 'disabled';
  if (voucher.from !== null && now < voucher.from) return 'not-yet';
  if (voucher.until !== null && now > voucher.until) return 'expired';
  if (voucher.used >= voucher.uses) return 'used-up';
  return 'active';
}

/** What it applies to, for the file: `shop`, or the kind of target and its id (`event:gala-2027`). */
export const appliesToKey = (voucher: Pick<Voucher, 'scope' | 'target'>): string =>
  voucher.scope === 'shop' ? 'shop' : `${voucher.scope}:${voucher.target ?? ''}`;

/**
 * The vouchers as CSV, one row each: amounts as plain numbers in their currency (a percentage as its number), dates
 * as ISO 8601 (UTC), through the desk's CSV, which keeps a tag or comment from running as a formula.
 */
export function vouchersCsv(rows: readonly VoucherRow[]): string {
  const amount = (minor: number, currency: string) => amountText(minor, currency, 'en-GB');
  const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());
  return toCsv(
    [
      'code',
      'kind',
      'value',
      'currency',
      'applies_to',
      'uses',
      'used',
      'from',
      'until',
      'disabled',
      'tag',
      'comment',
      'revenue',
      'discount',
    ],
    rows.map(({ voucher, revenue, discount }) => [
      voucher.code,
      voucher.kind,
      voucher.kind === 'percent' ? voucher.value : amount(voucher.value, voucher.currency),
      voucher.currency,
      appliesToKey(voucher),
      voucher.uses,
      voucher.used,
      iso(voucher.from),
      iso(voucher.until),
      voucher.disabled ? 'yes' : 'no',
      voucher.tag ?? '',
      voucher.comment ?? '',
      amount(revenue, voucher.currency),
      amount(discount, voucher.currency),
    ]),
  );
}

/** The file's name: the vouchers on the day it was made. */
export const vouchersFileName = (now: number) => `vouchers-${new Date(now).toISOString().slice(0, 10)}.csv`;
