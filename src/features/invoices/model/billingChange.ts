/**
 * Whether the buyer may still change the details their invoice is made out to (docs/invoices.md#the-buyers-details),
 * decided the same by trusted code, which takes a change, and by the order page, which offers one: until the organiser's
 * deadline after the order's first invoice, while the order stands and nothing of its invoice has been corrected.
 */
import type { BillingDetails, Order } from '../../orders';
import { REVERSE_CHARGE, reverseChargeFor, type TaxSettings } from '../../taxes/model';
import { documentNumber, type InvoiceDocument } from './invoiceDocument';
import type { InvoiceSettings } from './invoiceSettings';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BillingChange =
  /** `until`: the end of the deadline (epoch ms), or null while no invoice has been issued. */
  | { kind: 'open'; until: number | null }
  /** Cancelled; invoicing off; past the deadline; its invoice already corrected (a refund's credit note): staff's now. */
  | { kind: 'closed' | 'off' | 'too-late' | 'corrected' };

export function billingChange(
  order: Pick<Order, 'status'>,
  documents: readonly InvoiceDocument[],
  settings: Pick<InvoiceSettings, 'on' | 'detailsDays'>,
  now: number,
): BillingChange {
  if (order.status === 'cancelled') return { kind: 'closed' };
  if (!settings.on || settings.detailsDays === 0) return { kind: 'off' };
  const invoices = documents.filter((document) => document.kind === 'invoice');
  if (invoices.length === 0) return { kind: 'open', until: null };
  const corrected = (invoice: InvoiceDocument) =>
    documents.some(
      (document) => document.corrects === documentNumber(invoice.prefix, invoice.seq) && document.why !== 'details',
    );
  if (invoices.some(corrected)) return { kind: 'corrected' };
  const until = Math.min(...invoices.map((invoice) => invoice.issued)) + settings.detailsDays * DAY_MS;
  return now > until ? { kind: 'too-late' } : { kind: 'open', until };
}

/**
 * Whether new details would have placed the order under other tax (docs/taxes.md#reverse-charge): an order under
 * reverse charge made out to a buyer who no longer qualifies, or one whose goods were taxed made out to a business
 * that would not have been. The order's tax was fixed when it was placed and its money paid on it, so such a change
 * is the shop's to make (a refund and a new order), not the buyer's.
 */
export function changesOrderTax(
  order: Pick<Order, 'tax'>,
  /** The product ids of its lines that are admission (tickets): reverse charge never reaches them. */
  admissions: ReadonlySet<string>,
  details: BillingDetails,
  settings: Pick<TaxSettings, 'on' | 'reverseCharge' | 'country'>,
): boolean {
  if (order.tax?.rates[REVERSE_CHARGE.id] !== undefined) {
    return !reverseChargeFor({ ...settings, on: true, reverseCharge: true }, details);
  }
  const taxedGoods = Object.keys(order.tax?.items ?? {}).some((productId) => !admissions.has(productId));
  return taxedGoods && reverseChargeFor(settings, details);
}

const CLOSED_KINDS = ['closed', 'off', 'too-late', 'corrected'] as const;

/** What trusted code said of a change (the order page's answer, or a copy kept from it); closed when unreadable. */
export function parseBillingChange(raw: unknown): BillingChange {
  if (typeof raw !== 'object' || raw === null) return { kind: 'off' };
  const { kind, until } = raw as { kind?: unknown; until?: unknown };
  if (kind === 'open') return { kind, until: typeof until === 'number' && Number.isFinite(until) ? until : null };
  return { kind: CLOSED_KINDS.find((each) => each === kind) ?? 'off' };
}
