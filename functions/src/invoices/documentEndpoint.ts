/**
 * An order's invoice or credit note as a PDF, for whoever holds the order's link (docs/invoices.md#sent-and-shown):
 * the order page's download, and the desk's (staff read the order's link). POST { secret, number }: the document
 * only if it is listed under the order the link opens; its bytes in base64, in JSON, with its file name. With
 * `as: 'record'`, the stored record and the shop's zone instead, for the page that prints it. Rate-limited as the
 * order page is.
 */
import { ORDER_LINK_SECRET } from '../../../src/features/orders/orderLink';
import { deskKey } from '../../../src/features/orders/deskIndex';
import { invoicePaths, parseInvoiceDocument } from '../../../src/features/invoices/model/invoiceDocument';
import { paths } from '../../../src/firebase/paths';
import { readSiteFields } from '../../../src/state/site';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer as json, refuseUnlessPost, tooManyAnswer } from '../endpointAnswer';
import type { Caller } from '../mail/caller';
import { orderOfLink, type MailDatabase } from '../mail/orderData';
import type { CallerLimit } from '../mail/rateLimit';
import { documentFileName, documentPdf } from './pdf';

const NOT_FOUND = { error: 'no such document' };

export async function orderDocumentRequest(
  db: Pick<MailDatabase, 'read'>,
  limit: CallerLimit,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const secret = isRecord(body) ? body.secret : undefined;
  const number = isRecord(body) ? body.number : undefined;
  if (typeof secret !== 'string' || !ORDER_LINK_SECRET.test(secret)) return json(404, NOT_FOUND);
  if (typeof number !== 'string' || !/^[A-Z0-9-]{1,12}[0-9]{1,9}$/.test(number)) return json(404, NOT_FOUND);
  if (!limit.allow(caller)) return tooManyAnswer();
  const named = await orderOfLink(db.read, secret);
  if (!named) return json(404, NOT_FOUND);
  const listed = await db.read(`${invoicePaths.ofOrder(deskKey(named.uid, named.order))}/docs/${number}`);
  if (typeof listed !== 'string') return json(404, NOT_FOUND);
  const [raw, properties] = await Promise.all([db.read(invoicePaths.document(number)), db.read(paths.properties)]);
  const document = parseInvoiceDocument(number, raw);
  if (!document || document.order.uid !== named.uid || document.order.id !== named.order) {
    return json(404, NOT_FOUND);
  }
  const shop = readSiteFields(isRecord(properties) ? properties : null).site;
  if (isRecord(body) && body.as === 'record') return json(200, { number, document: raw, timeZone: shop.timezone });
  const pdf = await documentPdf(number, document, shop.timezone);
  return json(200, { filename: documentFileName(document), pdf: pdf.toString('base64') });
}
