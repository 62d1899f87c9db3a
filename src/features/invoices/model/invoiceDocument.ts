/**
 * Invoices and credit notes as records of their own (docs/invoices.md#the-documents), after pretix's Invoice: each at
 * invoices/{number}, written once by trusted code and never changed (a correction is a new document), every amount
 * whole minor units, a credit note's below zero. Pure and shared by trusted code (which issues them), the desk and
 * the order page (which show them); the shapes are the rules'.
 */
import { isRecord } from '../../../state/validation';
import { REVERSE_CHARGE, TAX_RATE_KINDS, type AppliedRateKind } from '../../taxes/model';
import { INVOICE_TERMS } from './invoiceSettings';

/** Trusted code's answer with one of an order's documents as a PDF, to whoever holds its link (POST). */
export const ORDER_DOCUMENT_ENDPOINT = '/api/orders/document';
/** POST {secret, billing}: the order page's change of the details its invoice is made out to (billingChange.ts). */
export const ORDER_BILLING_ENDPOINT = '/api/orders/billing';
/** Trusted code's answer with the accountant's ZIP of a period, to staff who asked for it (POST; accountantExport.ts). */
export const INVOICE_EXPORT_ENDPOINT = '/api/invoices/export';

export const invoicePaths = {
  settings: 'invoiceSettings',
  queue: 'invoiceQueue',
  queued: (orderKey: string) => `invoiceQueue/${orderKey}`,
  counters: 'invoiceCounters',
  counter: (prefix: string) => `invoiceCounters/${prefix}`,
  documents: 'invoices',
  document: (number: string) => `invoices/${number}`,
  ofOrder: (orderKey: string) => `invoicesOf/${orderKey}`,
  exports: 'invoiceExports',
  exportRequest: (id: string) => `invoiceExports/${id}`,
} as const;

/**
 * The write that asks trusted code to see to an order's documents (docs/invoices.md#issuing), made in the update that
 * changes what the order is paid or owed: paid, given money back, cancelled.
 */
export const documentsWanted = (orderKey: string, serverTime: object): Record<string, unknown> => ({
  [invoicePaths.queued(orderKey)]: { at: serverTime },
});

type DocumentKind = 'invoice' | 'credit';

/**
 * Why a credit note was issued: money given back while the order stands, the order cancelled, or the invoice issued
 * again with the buyer's details changed.
 */
export type CreditReason = 'refund' | 'cancelled' | 'details';
const CREDIT_REASONS: readonly CreditReason[] = ['refund', 'cancelled', 'details'];

interface Amounts {
  net: number;
  tax: number;
  gross: number;
}

/**
 * A line as the document prints it. An invoice's lines are the order's; a credit note of the whole repeats them with
 * the quantity and amounts below zero; a credit note of a part has a line per rate, with no title of its own.
 */
export interface DocumentLine extends Amounts {
  title: string;
  quantity?: number;
  /** The price of one, as sold: with tax when the prices included it, without when not. */
  unit?: number;
  /** The rate's id in `rates`; none for a line outside the scope of tax (a gift card) or a shop charging none. */
  rate?: string;
  /** When the event a ticket admits to takes place (ISO, as the catalogue had it): the ticket's date of supply. */
  date?: string;
}

export interface DocumentRate extends Amounts {
  name: string;
  kind: AppliedRateKind;
  basisPoints: number;
  reason?: string;
}

export interface DocumentParty {
  name: string;
  address?: string;
  vatId?: string;
  taxNumber?: string;
  email?: string;
  company?: string;
  /** The buyer's country (ISO 3166 alpha-2), when they gave an address. */
  country?: string;
}

export interface InvoiceDocument extends Amounts {
  kind: DocumentKind;
  prefix: string;
  seq: number;
  order: { uid: string; id: string; ref: string };
  /** The database's clock when it was issued, in milliseconds. */
  issued: number;
  language: string;
  currency: string;
  /** Whether the lines' prices include the tax; false also for a shop that charges none. */
  included: boolean;
  seller: DocumentParty;
  buyer: DocumentParty;
  lines: DocumentLine[];
  rates: Record<string, DocumentRate>;
  /** How the order was paid: its method, or the one staff recorded. */
  paidBy: string;
  /** A credit note: the invoice it corrects, and why; of a refund, which one (refunds/{orderKey}/{refundId}). */
  corrects?: string;
  why?: CreditReason;
  refund?: string;
  footer?: string;
}

/** A document's number: its prefix and then its place in the prefix's sequence, as the key it is stored under. */
export const documentNumber = (prefix: string, seq: number): string => `${prefix}${seq}`;

const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const words = (value: unknown, length: number): value is string => typeof value === 'string' && value.length <= length;

function amounts(raw: Record<string, unknown>, sign: 1 | -1): Amounts | null {
  const { net, tax, gross } = raw;
  if (!whole(net) || !whole(tax) || !whole(gross) || net + tax !== gross) return null;
  // An invoice's amounts are at least nothing, a credit note's at most nothing; a tax may be either on neither.
  return net * sign >= 0 && gross * sign >= 0 ? { net, tax, gross } : null;
}

function parseParty(raw: unknown): DocumentParty | null {
  if (!isRecord(raw) || !words(raw.name, INVOICE_TERMS.nameLength)) return null;
  const party: DocumentParty = { name: raw.name };
  for (const field of ['address', 'vatId', 'taxNumber', 'email', 'company', 'country'] as const) {
    const value = raw[field];
    if (value === undefined) continue;
    if (!words(value, INVOICE_TERMS.addressLength)) return null;
    party[field] = value;
  }
  return party;
}

function parseRate(raw: unknown, sign: 1 | -1): DocumentRate | null {
  if (!isRecord(raw)) return null;
  const split = amounts(raw, sign);
  const kind = [...TAX_RATE_KINDS, REVERSE_CHARGE.kind].find((each) => each === raw.kind);
  if (!split || !kind || !words(raw.name, 60) || !whole(raw.basisPoints)) return null;
  if (raw.reason !== undefined && !words(raw.reason, 200)) return null;
  return {
    ...split,
    name: raw.name,
    kind,
    basisPoints: raw.basisPoints,
    ...(typeof raw.reason === 'string' ? { reason: raw.reason } : {}),
  };
}

function parseLine(raw: unknown, sign: 1 | -1, rates: Record<string, DocumentRate>): DocumentLine | null {
  if (!isRecord(raw) || !words(raw.title, 200)) return null;
  const split = amounts(raw, sign);
  if (!split) return null;
  const { quantity, unit, rate, date } = raw;
  if (quantity !== undefined && !whole(quantity)) return null;
  if (unit !== undefined && !whole(unit)) return null;
  if (rate !== undefined && (typeof rate !== 'string' || !rates[rate])) return null;
  if (rate === undefined && split.tax !== 0) return null;
  if (date !== undefined && (typeof date !== 'string' || date.length > 40 || Number.isNaN(Date.parse(date)))) {
    return null;
  }
  return {
    ...split,
    title: raw.title,
    ...(whole(quantity) ? { quantity } : {}),
    ...(whole(unit) ? { unit } : {}),
    ...(typeof rate === 'string' ? { rate } : {}),
    ...(typeof date === 'string' ? { date } : {}),
  };
}

/**
 * A list as the database may give it back: an array, or an object keyed by index (what a list with a gap, or read
 * through some clients, comes back as), in the order of the indexes.
 */
function listOf(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw as unknown[];
  if (!isRecord(raw) || Object.keys(raw).some((key) => !/^\d{1,3}$/.test(key))) return [];
  return Object.keys(raw)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => raw[key]);
}

const sum = (parts: readonly Amounts[]): Amounts =>
  parts.reduce((a, b) => ({ net: a.net + b.net, tax: a.tax + b.tax, gross: a.gross + b.gross }), {
    net: 0,
    tax: 0,
    gross: 0,
  });
const same = (a: Amounts, b: Amounts): boolean => a.net === b.net && a.tax === b.tax && a.gross === b.gross;

/**
 * A stored document, checked field by field and sum by sum: each line's, rate's and the whole's net and tax make its
 * gross; the lines of a rate make the rate; the lines make the whole. Null for one that does not (docs/hostile-data.md):
 * it is shown as unreadable, never as figures that do not add up.
 */
export function parseInvoiceDocument(number: string, raw: unknown): InvoiceDocument | null {
  if (!isRecord(raw)) return null;
  const kind = raw.kind === 'invoice' || raw.kind === 'credit' ? raw.kind : null;
  const { prefix, seq, order, issued, language, currency, included, paidBy } = raw;
  if (!kind || typeof prefix !== 'string' || !INVOICE_TERMS.prefix.test(prefix) || !whole(seq) || seq < 1) return null;
  if (documentNumber(prefix, seq) !== number) return null;
  if (!isRecord(order) || typeof order.uid !== 'string' || typeof order.id !== 'string') return null;
  if (typeof order.ref !== 'string' || !whole(issued) || typeof language !== 'string') return null;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || typeof included !== 'boolean') return null;
  if (typeof paidBy !== 'string') return null;
  const sign = kind === 'invoice' ? 1 : -1;
  const total = amounts(raw, sign);
  const seller = parseParty(raw.seller);
  const buyer = parseParty(raw.buyer);
  if (!total || !seller || !buyer) return null;
  const storedRates = isRecord(raw.rates) ? raw.rates : {};
  const rates: Record<string, DocumentRate> = {};
  for (const [id, stored] of Object.entries(storedRates)) {
    const rate = parseRate(stored, sign);
    if (!rate) return null;
    rates[id] = rate;
  }
  const storedLines = listOf(raw.lines);
  const lines = storedLines.map((line) => parseLine(line, sign, rates));
  if (lines.length === 0 || lines.some((line) => line === null)) return null;
  const parsedLines = lines as DocumentLine[];
  if (!same(sum(parsedLines), total)) return null;
  for (const [id, rate] of Object.entries(rates)) {
    if (!same(sum(parsedLines.filter((line) => line.rate === id)), rate)) return null;
  }
  const why = CREDIT_REASONS.find((reason) => reason === raw.why);
  const refund = typeof raw.refund === 'string' ? { refund: raw.refund } : {};
  const credit =
    kind === 'credit'
      ? typeof raw.corrects === 'string' && why && (why === 'refund') === 'refund' in refund
        ? { corrects: raw.corrects, why, ...refund }
        : null
      : {};
  if (!credit) return null;
  return {
    ...total,
    kind,
    prefix,
    seq,
    order: { uid: order.uid, id: order.id, ref: order.ref },
    issued,
    language,
    currency,
    included,
    seller,
    buyer,
    lines: parsedLines,
    rates,
    paidBy,
    ...credit,
    ...(typeof raw.footer === 'string' ? { footer: raw.footer } : {}),
  };
}
