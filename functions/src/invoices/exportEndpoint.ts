/**
 * The accountant's ZIP of a period (docs/invoices.md#for-the-accountant): every invoice and credit note issued in it as
 * a PDF, with the documents' file (a line per rate), the tax per rate and the payments and refunds by method, the
 * same files the desk saves, made by the same pure code. POST { request }: the id of a request staff wrote at
 * invoiceExports/{id} a few minutes before (only staff may write one, as themselves), answered once and removed; its
 * bytes in base64, in JSON, with its file name.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import {
  documentsCsv,
  exportFileName,
  dayIn,
  parseExportRequest,
  readIssuedDocuments,
  taxPerRate,
  taxPerRateCsv,
} from '../../../src/features/invoices/model/accountantExport';
import { invoicePaths } from '../../../src/features/invoices/model/invoiceDocument';
import { deskPaths } from '../../../src/features/orders/deskIndex';
import { moneyMoved, moneyMovedCsv } from '../../../src/features/payments/model';
import { paths } from '../../../src/firebase/paths';
import { readSiteFields } from '../../../src/state/site';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer as json, refuseUnlessPost, tooManyAnswer } from '../endpointAnswer';
import type { Caller } from '../mail/caller';
import type { MailDatabase } from '../mail/orderData';
import type { CallerLimit } from '../mail/rateLimit';
import { documentFileName, documentPdf } from './pdf';

/** How long after staff asked trusted code still answers the request: long enough for a slow connection. */
const EXPORT_REQUEST_MS = 10 * 60_000;
/**
 * The most documents one ZIP carries. A document's PDF is some 20 KB with its fonts and takes some 65 ms to draw
 * (measured on a development machine), and a call of trusted code has 60 s and answers at most 32 MB (base64 a third
 * larger): 500 fit in about half of both. Staff choose a shorter period beyond this.
 */
const MOST_EXPORTED_DOCUMENTS = 500;

const NOT_FOUND = { error: 'no such export request' };

export type ExportDatabase = Pick<MailDatabase, 'read' | 'update' | 'documentsIssued'>;

export async function invoiceExportRequest(
  db: ExportDatabase,
  limit: CallerLimit,
  method: string | undefined,
  body: unknown,
  caller: Caller,
  now: () => number = Date.now,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const id = isRecord(body) ? body.request : undefined;
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) return json(404, NOT_FOUND);
  if (!limit.allow(caller)) return tooManyAnswer();
  const path = invoicePaths.exportRequest(id);
  const raw = await db.read(path);
  if (raw === null) return json(404, NOT_FOUND);
  // Answered once: whoever learns the id afterwards gets nothing.
  await db.update({ [path]: null });
  const request = parseExportRequest(raw);
  if (!request) return json(404, NOT_FOUND);
  if (now() - request.at > EXPORT_REQUEST_MS) return json(410, { error: 'the request is too old: ask again' });

  const issued = readIssuedDocuments(await db.documentsIssued(request.from, request.to));
  if (issued.documents.length > MOST_EXPORTED_DOCUMENTS) {
    return json(413, { error: 'too many documents: choose a shorter period', most: MOST_EXPORTED_DOCUMENTS });
  }
  const [properties, paymentsRoot, refundsRoot] = await Promise.all([
    db.read(paths.properties),
    db.read('payments'),
    db.read('refunds'),
  ]);
  const timeZone = request.zone ?? readSiteFields(isRecord(properties) ? properties : null).site.timezone ?? 'UTC';
  const money = moneyMoved(paymentsRoot, refundsRoot, request);
  const refs = await orderRefs(
    db,
    money.movements.map((movement) => movement.order),
  );

  const files: Zippable = {
    'documents.csv': strToU8(documentsCsv(issued.documents, timeZone)),
    'tax-per-rate.csv': strToU8(taxPerRateCsv(taxPerRate(issued.documents))),
    'payments-and-refunds.csv': strToU8(
      moneyMovedCsv(
        money.movements,
        (at) => dayIn(at, timeZone),
        (key) => refs.get(key) ?? key,
      ),
    ),
  };
  for (const [number, document] of issued.documents) {
    // A PDF is compressed already: stored as it is, which also keeps the ZIP quick to make.
    files[`pdf/${documentFileName(document)}`] = [await documentPdf(number, document, timeZone), { level: 0 }];
  }
  const zip = zipSync(files, { level: 6, mtime: request.to });
  return json(200, {
    filename: exportFileName('invoices', request, timeZone, 'zip'),
    zip: Buffer.from(zip).toString('base64'),
    documents: issued.documents.length,
    unreadable: issued.unreadable,
    unreadableMoney: money.unreadable,
  });
}

/** The reference of each order, read from its desk entry; an order without one is named by its key. */
async function orderRefs(db: Pick<MailDatabase, 'read'>, keys: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(keys)];
  const refs = await Promise.all(unique.map((key) => db.read(`${deskPaths.order(key)}/ref`)));
  return new Map(unique.flatMap((key, index) => (typeof refs[index] === 'string' ? [[key, refs[index]]] : [])));
}
