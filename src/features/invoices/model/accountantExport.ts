/**
 * What the accountant is given for a period (docs/invoices.md#for-the-accountant): every invoice and credit note issued
 * in it, a line per document and rate, and the tax per rate they come to. Pure and shared: the desk shows and saves
 * it, trusted code puts the same files in the ZIP with the PDFs, so both add up to the same documents.
 */
import { amountText } from '../../payments/model';
import type { AppliedRateKind } from '../../taxes/model';
import { toCsv } from '../../../lib/csv';
import { isRecord } from '../../../state/validation';
import { parseInvoiceDocument, type InvoiceDocument } from './invoiceDocument';

/** A period: from `from` up to but not including `to`, epoch ms (days in the shop's zone, as the desk asks). */
export interface ExportRange {
  from: number;
  to: number;
}

/** The longest period one export covers: a year and a day, so a leap year's whole year fits. */
const LONGEST_EXPORT_MS = 367 * 24 * 60 * 60 * 1000;

export interface Amounts {
  net: number;
  tax: number;
  gross: number;
}

/** One line of the documents' file: a document's share at one rate, or of its lines outside the scope of tax. */
export interface DocumentRateRow extends Amounts {
  number: string;
  document: InvoiceDocument;
  /** The rate's id in the document, or null for lines outside the scope of tax (and a shop charging none). */
  rate: string | null;
}

/** A document's lines grouped by rate: each rate the document names, then what has none, when there is any. */
export function documentRateRows(number: string, document: InvoiceDocument): DocumentRateRow[] {
  const rows: DocumentRateRow[] = Object.entries(document.rates).map(([rate, { net, tax, gross }]) => ({
    number,
    document,
    rate,
    net,
    tax,
    gross,
  }));
  const outside = document.lines.filter((line) => line.rate === undefined);
  if (outside.length > 0) {
    rows.push({
      number,
      document,
      rate: null,
      net: outside.reduce((sum, line) => sum + line.net, 0),
      tax: outside.reduce((sum, line) => sum + line.tax, 0),
      gross: outside.reduce((sum, line) => sum + line.gross, 0),
    });
  }
  return rows;
}

/** The documents of a period read back in the order of their issue (then number); `unreadable` counts the rest. */
export function readIssuedDocuments(rows: readonly (readonly [string, unknown])[]): {
  documents: [string, InvoiceDocument][];
  unreadable: string[];
} {
  const documents: [string, InvoiceDocument][] = [];
  const unreadable: string[] = [];
  for (const [number, raw] of rows) {
    const document = parseInvoiceDocument(number, raw);
    if (document) documents.push([number, document]);
    else unreadable.push(number);
  }
  documents.sort(([a, x], [b, y]) => x.issued - y.issued || (x.prefix === y.prefix ? x.seq - y.seq : a < b ? -1 : 1));
  return { documents, unreadable };
}

/** A rate as the summary adds it up: the same id at the same size and kind (a rate changed later is another line). */
export interface RateTotal {
  currency: string;
  /** Null for lines outside the scope of tax. */
  rate: string | null;
  name: string;
  /** `outside` for lines without a rate. */
  kind: AppliedRateKind;
  basisPoints: number;
  invoiced: Amounts;
  credited: Amounts;
  /** Invoiced and credited together: what the period comes to at this rate. */
  total: Amounts;
}

const none = (): Amounts => ({ net: 0, tax: 0, gross: 0 });
const add = (to: Amounts, from: Amounts) => {
  to.net += from.net;
  to.tax += from.tax;
  to.gross += from.gross;
};

/**
 * The tax per rate of the documents, in each currency: invoiced, credited (below zero) and together. Rates are told
 * apart by id, size and kind, so a rate whose size changed between orders shows each size it was sold at.
 */
export function taxPerRate(documents: readonly (readonly [string, InvoiceDocument])[]): RateTotal[] {
  const totals = new Map<string, RateTotal>();
  for (const [number, document] of documents) {
    for (const row of documentRateRows(number, document)) {
      const rate = row.rate === null ? null : document.rates[row.rate]!;
      const key = JSON.stringify([document.currency, row.rate, rate?.basisPoints ?? 0, rate?.kind ?? '']);
      let total = totals.get(key);
      if (!total) {
        total = {
          currency: document.currency,
          rate: row.rate,
          name: rate?.name ?? '',
          kind: rate?.kind ?? 'outside',
          basisPoints: rate?.basisPoints ?? 0,
          invoiced: none(),
          credited: none(),
          total: none(),
        };
        totals.set(key, total);
      }
      add(document.kind === 'invoice' ? total.invoiced : total.credited, row);
      add(total.total, row);
    }
  }
  return [...totals.values()].sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) ||
      Number(a.rate === null) - Number(b.rate === null) ||
      b.basisPoints - a.basisPoints ||
      a.name.localeCompare(b.name),
  );
}

/** The sum of the totals of each currency, in the order of `taxPerRate`'s currencies. */
export function totalsPerCurrency(rates: readonly RateTotal[]): { currency: string; total: Amounts }[] {
  const sums = new Map<string, Amounts>();
  for (const rate of rates) {
    const sum = sums.get(rate.currency) ?? none();
    add(sum, rate.total);
    sums.set(rate.currency, sum);
  }
  return [...sums].map(([currency, total]) => ({ currency, total }));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day in `timeZone` as the files write it: 2027-03-05. Called for every line of a file: one formatter a zone. */
export function dayIn(at: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** Amounts in the files: plain numbers in the currency's units with every decimal ("-12.50"), whatever the language. */
const fileAmount = (minor: number, currency: string): string => amountText(minor, currency, 'en-GB');

const percent = (basisPoints: number) => String(basisPoints / 100);

/**
 * The documents' file: a line per document and rate (docs/invoices.md#for-the-accountant). Its gross column adds up to
 * the documents' totals, a credit note's below zero; the day of issue is in the shop's zone.
 */
export function documentsCsv(documents: readonly (readonly [string, InvoiceDocument])[], timeZone: string): string {
  return toCsv(
    [
      'number',
      'kind',
      'issued_on',
      'issued_at',
      'order',
      'buyer',
      'buyer_company',
      'buyer_vat_id',
      'corrects',
      'reason',
      'currency',
      'rate',
      'rate_percent',
      'rate_kind',
      'net',
      'tax',
      'gross',
      'paid_by',
    ],
    documents.flatMap(([number, document]) =>
      documentRateRows(number, document).map((row) => {
        const rate = row.rate === null ? null : document.rates[row.rate]!;
        const money = (minor: number) => fileAmount(minor, document.currency);
        return [
          number,
          document.kind,
          dayIn(document.issued, timeZone),
          new Date(document.issued).toISOString(),
          document.order.ref,
          document.buyer.name,
          document.buyer.company ?? '',
          document.buyer.vatId ?? '',
          document.corrects ?? '',
          document.why ?? '',
          document.currency,
          rate?.name ?? '',
          rate ? percent(rate.basisPoints) : '',
          rate?.kind ?? 'outside',
          money(row.net),
          money(row.tax),
          money(row.gross),
          document.paidBy,
        ];
      }),
    ),
  );
}

/** The tax per rate as a file: a line per currency and rate, invoiced, credited and together, then each currency's total. */
export function taxPerRateCsv(rates: readonly RateTotal[]): string {
  const amounts = (sums: Amounts, currency: string) => [
    fileAmount(sums.net, currency),
    fileAmount(sums.tax, currency),
    fileAmount(sums.gross, currency),
  ];
  return toCsv(
    [
      'currency',
      'rate',
      'rate_percent',
      'rate_kind',
      'invoiced_net',
      'invoiced_tax',
      'invoiced_gross',
      'credited_net',
      'credited_tax',
      'credited_gross',
      'net',
      'tax',
      'gross',
    ],
    [
      ...rates.map((rate) => [
        rate.currency,
        rate.name,
        rate.rate === null ? '' : percent(rate.basisPoints),
        rate.kind,
        ...amounts(rate.invoiced, rate.currency),
        ...amounts(rate.credited, rate.currency),
        ...amounts(rate.total, rate.currency),
      ]),
      ...totalsPerCurrency(rates).map(({ currency, total }) => [
        currency,
        'total',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        ...amounts(total, currency),
      ]),
    ],
  );
}

/** The files' names for a period: its first and last day in the shop's zone. */
export function exportFileName(what: string, range: ExportRange, timeZone: string, extension: string): string {
  return `${what}-${dayIn(range.from, timeZone)}-to-${dayIn(range.to - 1, timeZone)}.${extension}`;
}

/**
 * Staff's request for the ZIP of a period, at invoiceExports/{id} (docs/invoices.md#for-the-accountant): only staff
 * write one, as themselves, so trusted code answers whoever names its id, once, for a few minutes.
 */
export interface ExportRequest extends ExportRange {
  by: string;
  at: number;
  /** The zone whose days staff chose, so the files' days are theirs; null when it is no zone. */
  zone: string | null;
}

export const exportRequestRecord = (range: ExportRange, zone: string, by: string, serverTime: object) => ({
  from: range.from,
  to: range.to,
  zone,
  by,
  at: serverTime,
});

function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export function parseExportRequest(raw: unknown): ExportRequest | null {
  if (!isRecord(raw)) return null;
  const { from, to, by, at, zone } = raw;
  if (!whole(from) || !whole(to) || !whole(at) || typeof by !== 'string') return null;
  if (from >= to || to - from > LONGEST_EXPORT_MS) return null;
  return { from, to, by, at, zone: isTimeZone(zone) ? zone : null };
}
