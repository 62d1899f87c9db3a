/**
 * Asks trusted code for the accountant's ZIP of a period (docs/invoices.md#for-the-accountant): staff write a request
 * as themselves (only staff may), then trusted code answers its id once with the ZIP, which the browser saves.
 */
import { database } from '../../../firebase/database';
import { base64Bytes, saveFile } from '../../../lib/saveFile';
import { isRecord } from '../../../state/validation';
import { exportRequestRecord, INVOICE_EXPORT_ENDPOINT, invoicePaths, type ExportRange } from '../model';

/** Why trusted code did not send the ZIP: too many documents for one file, or any other failure. */
export class ExportRefused extends Error {
  constructor(
    readonly reason: 'too-many' | 'failed',
    readonly most = 0,
  ) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the console; staff read the alert it leads to
    super(`the export was refused: ${reason}`);
  }
}

/**
 * Fetches and saves the ZIP of `range`, its days those of `zone`, for staff member `by`; rejects with ExportRefused
 * when it cannot.
 */
export async function saveAccountantZip(range: ExportRange, zone: string, by: string): Promise<void> {
  const db = await database();
  const id = db.newKey(invoicePaths.exports);
  await db.set(invoicePaths.exportRequest(id), exportRequestRecord(range, zone, by, db.serverTime));
  const response = await fetch(INVOICE_EXPORT_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ request: id }),
    // A year's PDFs take trusted code a while to draw.
    signal: AbortSignal.timeout(180_000),
  });
  const raw: unknown = await response.json().catch(() => null);
  if (response.status === 413 && isRecord(raw) && typeof raw.most === 'number') {
    throw new ExportRefused('too-many', raw.most);
  }
  if (!response.ok || !isRecord(raw) || typeof raw.zip !== 'string' || typeof raw.filename !== 'string') {
    throw new ExportRefused('failed');
  }
  saveFile(new Blob([base64Bytes(raw.zip)], { type: 'application/zip' }), raw.filename);
}
