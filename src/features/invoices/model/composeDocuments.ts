/**
 * What trusted code puts in a document (docs/invoices.md#what-a-document-says), decided from the order as it stands:
 * the invoice of a paid order, from its lines and the tax it kept; a credit note of the whole or of a part, from the
 * invoice it corrects. Pure; the number and the date of issue are the issuer's (functions/src/invoices/).
 */
import { toMinorUnits } from '../../../lib/money';
import type { Order } from '../../orders';
import { shareByLargestRemainder } from '../../taxes/model';
import {
  documentNumber,
  type CreditReason,
  type DocumentLine,
  type DocumentParty,
  type DocumentRate,
  type InvoiceDocument,
} from './invoiceDocument';
import type { InvoiceSettings, Seller } from './invoiceSettings';

/** A document as composed, before it has a number and a date of issue. */
export type ComposedDocument = Omit<InvoiceDocument, 'prefix' | 'seq' | 'issued'>;

interface Amounts {
  net: number;
  tax: number;
  gross: number;
}

const NONE = { net: 0, tax: 0, gross: 0 };
const plus = (a: Amounts, b: Amounts): Amounts => ({
  net: a.net + b.net,
  tax: a.tax + b.tax,
  gross: a.gross + b.gross,
});
const total = (parts: readonly Amounts[]): Amounts => parts.reduce(plus, NONE);
/** Below zero, never -0 (which the database would store as 0, and a stored document would no longer equal). */
const minus = (value: number): number => (value === 0 ? 0 : -value);
const negated = (a: Amounts): Amounts => ({ net: minus(a.net), tax: minus(a.tax), gross: minus(a.gross) });

function sellerParty(seller: Seller): DocumentParty {
  return {
    name: seller.name,
    address: seller.address,
    ...(seller.vatId ? { vatId: seller.vatId } : {}),
    ...(seller.taxNumber ? { taxNumber: seller.taxNumber } : {}),
  };
}

/** How a document names an order's line: its title, and its type when it has one. */
export const lineTitle = (line: Pick<Order['lines'][number], 'title' | 'type'>): string =>
  line.type ? `${line.title} – ${line.type}` : line.title;

/**
 * What a refund said it gives back (docs/invoices.md#a-refund-of-a-line): a line of the order, at its rate ('' for one
 * outside the scope of tax), and how many of it.
 */
export interface NamedPart {
  rate: string;
  title: string;
  quantity: number;
}

/**
 * The invoice of a paid order: a line for each of its lines, with the rate and share of tax it kept; its total is what
 * was due. Null when the lines and the tax do not come to what was due (a stored order trusted code cannot vouch for:
 * it is left for staff, never invoiced with figures that do not add up).
 */
export function composeInvoice(
  order: Order,
  settings: InvoiceSettings,
  /** The date of each event the order has tickets for (ISO, as the catalogue has it), by its product id. */
  eventDates: ReadonlyMap<string, string>,
  defaultLanguage: string,
): ComposedDocument | null {
  const payment = order.payment;
  if (!payment) return null;
  const { currency } = payment;
  const tax = order.tax;
  const lines: DocumentLine[] = order.lines.map((line) => {
    const unit = toMinorUnits(line.price, currency);
    const kept = tax?.items[line.productId];
    const amounts = kept
      ? { net: kept.net, tax: kept.tax, gross: kept.net + kept.tax }
      : { net: unit * line.quantity, tax: 0, gross: unit * line.quantity };
    const date = eventDates.get(line.event);
    return {
      title: lineTitle(line),
      quantity: line.quantity,
      unit,
      ...amounts,
      ...(kept ? { rate: kept.rate } : {}),
      ...(date ? { date } : {}),
    };
  });
  const rates: Record<string, DocumentRate> = {};
  for (const [id, rate] of Object.entries(tax?.rates ?? {})) {
    rates[id] = {
      name: rate.name,
      kind: rate.kind,
      basisPoints: rate.basisPoints,
      ...(rate.reason ? { reason: rate.reason } : {}),
      net: rate.net,
      tax: rate.tax,
      gross: rate.gross,
    };
  }
  const sum = total(lines);
  if (sum.gross !== payment.due) return null;
  return {
    kind: 'invoice',
    ...sum,
    order: { uid: order.uid, id: order.id, ref: order.ref },
    language: order.language ?? defaultLanguage,
    currency,
    included: tax?.included ?? false,
    seller: sellerParty(settings.seller),
    buyer: buyerParty(order, order.language ?? defaultLanguage),
    lines,
    rates,
    paidBy: payment.paidBy ?? payment.method,
    ...(settings.footer ? { footer: settings.footer } : {}),
  };
}

/**
 * Whom the invoice is made out to: the buyer by name and email, and the company, address (its country's name in the
 * document's language as its last line) and VAT number they gave (docs/invoices.md#the-buyers-details).
 */
function buyerParty(order: Pick<Order, 'contact' | 'billing'>, language: string): DocumentParty {
  const billing = order.billing;
  if (!billing) return { name: order.contact.name, email: order.contact.email };
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(billing.country) ?? billing.country;
  return {
    name: order.contact.name,
    email: order.contact.email,
    ...(billing.company ? { company: billing.company } : {}),
    address: `${billing.address}\n${country}`.slice(0, 300),
    country: billing.country,
    ...(billing.vatId ? { vatId: billing.vatId } : {}),
  };
}

/** The invoice's amounts by rate ('' for its lines outside tax), less what its credit notes took of each. */
function leftByRate(invoice: InvoiceDocument, credits: readonly InvoiceDocument[]): Map<string, Amounts> {
  const left = new Map<string, Amounts>();
  for (const line of [invoice, ...credits].flatMap((document) => document.lines)) {
    const rate = line.rate ?? '';
    left.set(rate, plus(left.get(rate) ?? NONE, line));
  }
  return left;
}

/** What is left of an invoice once its credit notes are taken off, in minor units. */
export const invoiceLeft = (invoice: InvoiceDocument, credits: readonly InvoiceDocument[]): number =>
  total([invoice, ...credits]).gross;

/** `value × part / whole`, rounded to the nearest unit, a half up; exact for `part` = `whole`. */
function proportion(value: number, part: number, whole: number): number {
  const twice = 2n * BigInt(value) * BigInt(part) + BigInt(whole);
  return Number(twice / (2n * BigInt(whole)));
}

/**
 * A credit note of `amount` (minor units, above nothing, at most what is left) of `invoice`, after its `credits` so
 * far. Of the whole invoice, nothing credited before: its lines again, below zero. Of a part that names a line
 * (`named`) whose rate has that much left: one line, that line's title and quantity, at its rate, the tax in
 * proportion to what is left of the rate's. Of any other part, or of what is left after parts: a line per rate, the
 * amount shared among the rates by what is left of each (largest remainder), and each rate's tax in proportion to what
 * is left of its tax. Either way, crediting all that is left leaves every rate at nothing.
 */
export function composeCredit(
  invoice: InvoiceDocument,
  credits: readonly InvoiceDocument[],
  amount: number,
  why: CreditReason,
  /** The refund it is the credit note of. */
  refund?: string,
  named?: NamedPart,
): ComposedDocument {
  const base = {
    kind: 'credit' as const,
    order: invoice.order,
    language: invoice.language,
    currency: invoice.currency,
    included: invoice.included,
    seller: invoice.seller,
    buyer: invoice.buyer,
    paidBy: invoice.paidBy,
    corrects: documentNumber(invoice.prefix, invoice.seq),
    why,
    ...(refund ? { refund } : {}),
    ...(invoice.footer ? { footer: invoice.footer } : {}),
  };
  if (credits.length === 0 && amount === invoice.gross) {
    const lines = invoice.lines.map((line) => ({
      ...line,
      ...negated(line),
      ...(line.quantity !== undefined ? { quantity: minus(line.quantity) } : {}),
    }));
    const rates = Object.fromEntries(
      Object.entries(invoice.rates).map(([id, rate]) => [id, { ...rate, ...negated(rate) }]),
    );
    return { ...base, ...negated(invoice), lines, rates };
  }
  const byRate = leftByRate(invoice, credits);
  const ofNamed = named ? byRate.get(named.rate) : undefined;
  if (named && ofNamed && ofNamed.gross >= amount) {
    const tax = proportion(ofNamed.tax, amount, ofNamed.gross);
    const line: DocumentLine = {
      title: named.title,
      quantity: minus(named.quantity),
      ...negated({ net: amount - tax, tax, gross: amount }),
      ...(named.rate ? { rate: named.rate } : {}),
    };
    const rates = named.rate ? { [named.rate]: { ...invoice.rates[named.rate]!, ...plus(NONE, line) } } : {};
    return { ...base, ...total([line]), lines: [line], rates };
  }
  const left = [...byRate].filter(([, amounts]) => amounts.gross > 0);
  const shares = shareByLargestRemainder(
    amount,
    left.map(([, amounts]) => amounts.gross),
  );
  const lines: DocumentLine[] = left.flatMap(([rate, amounts], index) => {
    const gross = shares[index]!;
    if (gross === 0) return [];
    const tax = proportion(amounts.tax, gross, amounts.gross);
    return [{ title: '', ...negated({ net: gross - tax, tax, gross }), ...(rate ? { rate } : {}) }];
  });
  const rates: Record<string, DocumentRate> = {};
  for (const line of lines) {
    if (!line.rate) continue;
    rates[line.rate] = { ...invoice.rates[line.rate]!, ...plus(rates[line.rate] ?? NONE, line) };
  }
  return { ...base, ...total(lines), lines, rates };
}
