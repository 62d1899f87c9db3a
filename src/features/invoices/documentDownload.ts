/**
 * Downloads one of an order's documents as a PDF (docs/invoices.md#sent-and-shown): trusted code draws it for
 * whoever holds the order's link (the buyer's order page; staff, who read the link), and the browser saves it under
 * its number.
 */
import { base64Bytes, saveFile } from '../../lib/saveFile';
import { isRecord } from '../../state/validation';
import { ORDER_DOCUMENT_ENDPOINT, parseInvoiceDocument } from './model';
import type { InvoiceDocument } from './model/invoiceDocument';

/** Asks trusted code for document `number` of the order behind `secret`; throws when it cannot (offline, not found). */
async function askForDocument(secret: string, number: string, as?: 'record'): Promise<unknown> {
  const response = await fetch(ORDER_DOCUMENT_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secret, number, ...(as ? { as } : {}) }),
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`the document could not be fetched (${response.status})`);
  return response.json();
}

/**
 * Document `number` of the order behind `secret` as its record, read back as every document is, and the shop's time
 * zone, for the page that prints it; throws when it cannot be fetched or read.
 */
export async function fetchDocument(
  secret: string,
  number: string,
): Promise<{ document: InvoiceDocument; timeZone: string | null }> {
  const raw = await askForDocument(secret, number, 'record');
  const document = isRecord(raw) ? parseInvoiceDocument(number, raw.document) : null;
  if (!document || !isRecord(raw)) throw new Error('the document could not be read');
  return { document, timeZone: typeof raw.timeZone === 'string' ? raw.timeZone : null };
}

/** Fetches document `number` of the order behind `secret` and saves it; throws when it cannot (offline, not found). */
export async function downloadDocument(secret: string, number: string): Promise<void> {
  const raw = await askForDocument(secret, number);
  if (!isRecord(raw) || typeof raw.pdf !== 'string' || typeof raw.filename !== 'string') {
    throw new Error('the document could not be read');
  }
  saveFile(new Blob([base64Bytes(raw.pdf)], { type: 'application/pdf' }), raw.filename);
}
