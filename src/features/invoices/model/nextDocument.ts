/**
 * Which document an order needs next, if any (docs/invoices.md#when-a-document-is-issued): trusted code asks this of
 * each order it is told of, issues what it says, and asks again until the answer is none. Deciding from what the
 * order, its refunds and its documents are, not from what happened to them, makes the issuing safe to repeat: after a
 * restart, a call delivered twice, or a refund and a cancel in quick succession, the same order needs the same
 * documents.
 */
import type { Order } from '../../orders';
import { invoiceLeft, lineTitle, type NamedPart } from './composeDocuments';
import { documentNumber, type InvoiceDocument } from './invoiceDocument';
import type { InvoiceSettings } from './invoiceSettings';

/**
 * Money given back of the order (a refund done, or under way at the card provider), oldest first; `line` and
 * `quantity` when staff said what it gives back (a product of the order, how many).
 */
export interface GivenBack {
  id: string;
  amount: number;
  line?: string;
  quantity?: number;
}

export type NextDocument =
  | { kind: 'invoice' }
  | {
      kind: 'credit';
      invoice: InvoiceDocument;
      credits: InvoiceDocument[];
      amount: number;
      why: 'refund' | 'cancelled' | 'details';
      /** The refund it is the credit note of. */
      refund?: string;
      /** The line the refund named, at its rate. */
      named?: NamedPart;
    }
  /** A refund that gave back only money beyond what the invoice is for (an over-payment): seen, with no document. */
  | { kind: 'no-credit'; refund: string };

/** The credit notes that correct `invoice`, among an order's documents. */
function creditsOf(invoice: InvoiceDocument, documents: readonly InvoiceDocument[]): InvoiceDocument[] {
  const number = documentNumber(invoice.prefix, invoice.seq);
  return documents.filter((document) => document.kind === 'credit' && document.corrects === number);
}

/** The order's invoice that still stands (something of it not credited), or null. */
function openInvoice(documents: readonly InvoiceDocument[]): InvoiceDocument | null {
  return (
    documents.find(
      (document) => document.kind === 'invoice' && invoiceLeft(document, creditsOf(document, documents)) > 0,
    ) ?? null
  );
}

/**
 * Whether `invoice` is made out as the order's invoice details now say (docs/invoices.md#the-buyers-details). The
 * address is compared without the country's name the invoice adds, which is words, not what the buyer gave.
 */
function madeOutAsGiven(invoice: InvoiceDocument, order: Order): boolean {
  const given = order.billing;
  const buyer = invoice.buyer;
  return (
    (buyer.company ?? '') === (given?.company ?? '') &&
    (buyer.vatId ?? '') === (given?.vatId ?? '') &&
    (buyer.country ?? '') === (given?.country ?? '') &&
    (given ? (buyer.address ?? '').startsWith(`${given.address}\n`) : buyer.address === undefined)
  );
}

/** The line a refund named, as the order has it and at the rate it kept; none when it named none the order has. */
function namedPart(order: Order, refund: GivenBack): NamedPart | undefined {
  const line = order.lines.find((each) => each.productId === refund.line);
  if (!line || !refund.quantity) return undefined;
  return { rate: order.tax?.items[line.productId]?.rate ?? '', title: lineTitle(line), quantity: refund.quantity };
}

/** The document issued last: by date of issue, then number within its prefix. */
const lastIssued = (documents: readonly InvoiceDocument[]): InvoiceDocument | undefined =>
  [...documents].sort((a, b) => a.issued - b.issued || a.seq - b.seq).at(-1);

/**
 * The next document `order` needs, given those it has (`documents`), the refunds it was given (`refunds`) and those
 * of them already seen to (`seen`, by refund id):
 *
 * - An order paid for something, with invoicing on and never invoiced, needs its invoice first: also one paid and
 *   cancelled or refunded before its invoice was issued, which the next questions then correct, so that the books
 *   show both.
 * - Each refund not yet seen to, oldest first, gets a credit note of what it gave back of the invoice: money beyond
 *   what the invoice is for (an over-payment) is given back first and credits nothing, and a refund of only that is
 *   seen to with no document. A refund after the invoice was credited whole credits nothing either.
 * - Then an order cancelled with something of its invoice left gets a credit note of all that is left.
 * - An order that stands, whose invoice nothing has corrected yet, made out otherwise than the buyer's details now say
 *   (changed from the order page), gets a credit note of the whole invoice (`details`), and then a new invoice.
 */
export function nextDocument(
  order: Order,
  settings: Pick<InvoiceSettings, 'on'>,
  documents: readonly InvoiceDocument[],
  refunds: readonly GivenBack[],
  seen: ReadonlySet<string>,
): NextDocument | null {
  const payment = order.payment;
  const open = openInvoice(documents);
  if (!open) {
    const invoiced = documents.some((document) => document.kind === 'invoice');
    const owesInvoice = settings.on && payment?.state === 'paid' && payment.due > 0;
    if (!invoiced && owesInvoice) return { kind: 'invoice' };
    // Credited whole for new details: issued again, unless the order was cancelled since.
    const reissue = lastIssued(documents)?.why === 'details' && order.status !== 'cancelled';
    if (reissue && owesInvoice) return { kind: 'invoice' };
    // Credited whole: a refund since credits nothing, and is seen to so.
    const unseen = invoiced ? refunds.find((refund) => !seen.has(refund.id)) : undefined;
    return unseen ? { kind: 'no-credit', refund: unseen.id } : null;
  }
  const credits = creditsOf(open, documents);
  const left = invoiceLeft(open, credits);
  const unseen = refunds.filter((refund) => !seen.has(refund.id));
  const first = unseen[0];
  if (first) {
    // What the order kept before the unseen refunds, beyond what is left of its invoice, went back first.
    const kept = payment ? payment.paid - payment.refunded : 0;
    const before = kept + unseen.reduce((sum, refund) => sum + refund.amount, 0);
    const beyond = Math.max(0, before - left);
    const amount = Math.min(left, Math.max(0, first.amount - beyond));
    const named = namedPart(order, first);
    return amount > 0
      ? { kind: 'credit', invoice: open, credits, amount, why: 'refund', refund: first.id, ...(named ? { named } : {}) }
      : { kind: 'no-credit', refund: first.id };
  }
  if (order.status === 'cancelled') return { kind: 'credit', invoice: open, credits, amount: left, why: 'cancelled' };
  if (credits.length === 0 && !madeOutAsGiven(open, order)) {
    return { kind: 'credit', invoice: open, credits, amount: left, why: 'details' };
  }
  return null;
}
