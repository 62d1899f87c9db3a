/**
 * The documents an order's email carries (docs/invoices.md#sent-and-shown): the email that says an order is paid (or
 * confirms one paid as it was placed) carries its invoice, a refund's email the credit note of that refund, and the
 * email that says an order was cancelled the credit note of its cancel, and the email after a change of the buyer's
 * details the credit note and the invoice issued again. The issuer runs once the jobs due are read (sender.ts,
 * `beforeSending`), so a document that could be issued is there when its email is written.
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import type { MailKind } from '../../../src/features/orders/orderMail';
import type { OrderStatus } from '../../../src/features/orders/orderStatus';
import {
  invoicePaths,
  parseInvoiceDocument,
  type InvoiceDocument,
} from '../../../src/features/invoices/model/invoiceDocument';
import { isRecord } from '../../../src/state/validation';
import { documentFileName, documentPdf } from './pdf';

/** A document an email carries: what its words name, and the PDF it attaches. */
export interface MailDocument {
  number: string;
  kind: InvoiceDocument['kind'];
  filename: string;
  content: Buffer;
}

/** What an email is, as far as its documents go: the refund it tells of; how many documents came before it. */
interface MailOfDocuments {
  kind: MailKind;
  status?: OrderStatus;
  refundId?: string;
  after?: number;
}

const CARRYING_KINDS: readonly unknown[] = ['paid', 'confirmation', 'refund', 'status', 'documents'];

/** Whether an email of `kind` (as a job stores it) may carry documents: the sender has them issued first (sender.ts). */
export const mayCarryDocuments = (kind: unknown): boolean => CARRYING_KINDS.includes(kind);

/** Which of an order's documents an email of `kind` carries. */
function carried(document: InvoiceDocument, mail: MailOfDocuments): boolean {
  switch (mail.kind) {
    case 'paid':
    case 'confirmation':
      return document.kind === 'invoice';
    case 'refund':
      return document.kind === 'credit' && mail.refundId !== undefined && document.refund === mail.refundId;
    case 'status':
      return mail.status === 'cancelled' && document.kind === 'credit' && document.why === 'cancelled';
    default:
      return false;
  }
}

/**
 * The credit note and the invoice issued again after a change of details, the documents after the first `after`.
 * Until both are there the email waits: it throws, and the sender tries again later (the issuer runs first).
 */
function issuedAgain<T extends { document: InvoiceDocument }>(all: readonly T[], after: number): T[] {
  const again = all.slice(after);
  const credit = again.find(({ document }) => document.kind === 'credit' && document.why === 'details');
  const invoice = again.find(({ document }) => document.kind === 'invoice');
  if (!credit || !invoice) throw new Error('the invoice issued again is not there yet');
  return [credit, invoice];
}

/** An order's documents, listed under it and readable, in the order of their numbers. */
export async function orderDocuments(
  read: (path: string) => Promise<unknown>,
  uid: string,
  orderId: string,
): Promise<{ number: string; document: InvoiceDocument }[]> {
  const listed = await read(`${invoicePaths.ofOrder(deskKey(uid, orderId))}/docs`);
  const numbers = Object.keys(isRecord(listed) ? listed : {}).sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const documents = await Promise.all(
    numbers.map(async (number) => ({
      number,
      document: parseInvoiceDocument(number, await read(invoicePaths.document(number))),
    })),
  );
  return documents.filter((each): each is { number: string; document: InvoiceDocument } => each.document !== null);
}

/** The documents of order `uid`/`orderId` that an email of `mail`'s kind carries, as PDFs in the shop's zone. */
export async function mailDocuments(
  read: (path: string) => Promise<unknown>,
  uid: string,
  orderId: string,
  mail: MailOfDocuments,
  timeZone: string | null,
): Promise<MailDocument[]> {
  if (!mayCarryDocuments(mail.kind)) return [];
  const all = await orderDocuments(read, uid, orderId);
  const sent =
    mail.kind === 'documents'
      ? issuedAgain(all, mail.after ?? all.length)
      : all.filter(({ document }) => carried(document, mail));
  return Promise.all(
    sent.map(async ({ number, document }) => ({
      number,
      kind: document.kind,
      filename: documentFileName(document),
      content: await documentPdf(number, document, timeZone),
    })),
  );
}
