/**
 * Whether the buyer may still change the details their invoice is made out to (docs/invoices.md#the-buyers-details),
 * decided the same by trusted code, which takes a change, and by the order page, which offers one: until the organiser's
 * deadline after the order's first invoice, while the order stands and nothing of its invoice has been corrected.
 */
import type { Order } from '../../orders';
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

const CLOSED_KINDS = ['closed', 'off', 'too-late', 'corrected'] as const;

/** What trusted code said of a change (the order page's answer, or a copy kept from it); closed when unreadable. */
export function parseBillingChange(raw: unknown): BillingChange {
  if (typeof raw !== 'object' || raw === null) return { kind: 'off' };
  const { kind, until } = raw as { kind?: unknown; until?: unknown };
  if (kind === 'open') return { kind, until: typeof until === 'number' && Number.isFinite(until) ? until : null };
  return { kind: CLOSED_KINDS.find((each) => each === kind) ?? 'off' };
}
