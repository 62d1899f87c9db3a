/**
 * Downloads one of an order's documents as a PDF (docs/invoices.md#sent-and-shown): trusted code draws it for
 * whoever holds the order's link (the buyer's order page; staff, who read the link), and the browser saves it under
 * its number.
 */
import { base64Bytes, saveFile } from '../../lib/saveFile';
import { isRecord } from '../../state/validation';
import { ORDER_DOCUMENT_ENDPOINT } from './model';

/** Fetches document `number` of the order behind `secret` and saves it; throws when it cannot (offline, not found). */
export async function downloadDocument(secret: string, number: string): Promise<void> {
  const response = await fetch(ORDER_DOCUMENT_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ secret, number }),
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`the document could not be fetched (${response.status})`);
  const raw: unknown = await response.json();
  if (!isRecord(raw) || typeof raw.pdf !== 'string' || typeof raw.filename !== 'string') {
    throw new Error('the document could not be read');
  }
  saveFile(new Blob([base64Bytes(raw.pdf)], { type: 'application/pdf' }), raw.filename);
}
