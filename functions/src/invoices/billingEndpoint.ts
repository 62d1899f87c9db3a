/**
 * The buyer changes the details their invoice is made out to (docs/invoices.md#the-buyers-details): the holder of the
 * order's secret link sends a company, address, country and VAT number, checked as checkout checks them, until the
 * organiser's deadline (billingChange). Orders are the allocator's to write, so the change is trusted code's: the
 * order's `billing` and, once it is paid, a request for its documents, in one update. The issuer then credits the
 * invoice whole and issues it again (nextDocument).
 */
import { deskKey } from '../../../src/features/orders/deskIndex';
import { orderMailIds, queuedMail } from '../../../src/features/orders/orderMail';
import {
  billingRecord,
  parseBillingDetails,
  sameBilling,
  type BillingDetails,
} from '../../../src/features/orders/billing';
import { parseOrder } from '../../../src/features/orders/order';
import { billingChange, changesOrderTax, type BillingChange } from '../../../src/features/invoices/model/billingChange';
import { parseTaxSettings } from '../../../src/features/taxes/model';
import {
  documentsWanted,
  invoicePaths,
  parseInvoiceDocument,
  type InvoiceDocument,
} from '../../../src/features/invoices/model/invoiceDocument';
import { parseInvoiceSettings } from '../../../src/features/invoices/model/invoiceSettings';
import { paths } from '../../../src/firebase/paths';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer, refuseUnlessPost } from '../endpointAnswer';
import { orderOfLink, type PaymentsDatabase, SERVER_TIME, updateUnlessRefused } from '../payments/settlePayment';

export type BillingAnswer =
  | { kind: 'changed' | 'unchanged' | 'taxed-otherwise' }
  | Exclude<BillingChange, { kind: 'open' }>
  | { kind: 'not-found' };

/** The products of a stored order's lines that issued tickets: the items with an `event` (docs/data-model.md). */
function admissionsOf(raw: unknown): Set<string> {
  const items = isRecord(raw) && isRecord(raw.items) ? raw.items : {};
  return new Set(Object.keys(items).filter((id) => isRecord(items[id]) && typeof items[id].event === 'string'));
}

/** Whether a stored order lists the email `mailId` among its own. */
const hasMail = (raw: unknown, mailId: string): boolean =>
  isRecord(raw) && isRecord(raw.mail) && raw.mail[mailId] !== undefined;

/**
 * `issue` runs the invoice issuer (issue.ts) once a change is written, so that the answer comes after the documents it
 * calls for and the order page, fetched again, lists them; should it fail, the mail sender's next round issues them.
 */
export function billingChanger(
  db: PaymentsDatabase,
  issue: () => Promise<unknown> = async () => undefined,
  now: () => number = Date.now,
) {
  /** Decides from one reading; null when the update was refused (the order changed meanwhile: read again). */
  async function once(secret: string, details: BillingDetails): Promise<BillingAnswer | null> {
    const target = await orderOfLink(db, secret);
    if (!target) return { kind: 'not-found' };
    const key = deskKey(target.uid, target.order);
    const orderPath = paths.order(target.uid, target.order);
    const listPath = `${invoicePaths.ofOrder(key)}/docs`;
    const first = await db.readAll([orderPath, listPath, invoicePaths.settings, paths.taxSettings]);
    const order = parseOrder(target.uid, target.order, first.get(orderPath));
    if (!order) return { kind: 'not-found' };
    const listed = first.get(listPath);
    const numbers = Object.keys(isRecord(listed) ? listed : {});
    const stored = await db.readAll(numbers.map(invoicePaths.document));
    const documents = numbers.flatMap((number): InvoiceDocument[] => {
      const document = parseInvoiceDocument(number, stored.get(invoicePaths.document(number)));
      return document ? [document] : [];
    });
    const state = billingChange(order, documents, parseInvoiceSettings(first.get(invoicePaths.settings)), now());
    if (state.kind !== 'open') return state;
    if (sameBilling(order.billing ?? null, details)) return { kind: 'unchanged' };
    if (
      changesOrderTax(
        order,
        admissionsOf(first.get(orderPath)),
        details,
        parseTaxSettings(first.get(paths.taxSettings)),
      )
    ) {
      return { kind: 'taxed-otherwise' };
    }
    const paid = order.payment?.state === 'paid';
    // An invoice already issued is credited and issued again, and the buyer sent both (mailDocuments.ts): once for
    // the documents after these, should a second change come before the issuer has run.
    const mailId = orderMailIds.reissued(target.order, documents.length);
    const reissued =
      paid && documents.some((document) => document.kind === 'invoice') && !hasMail(first.get(orderPath), mailId);
    const written = await updateUnlessRefused(db, {
      [`${orderPath}/billing`]: billingRecord(details),
      // Once paid, its invoice is issued (or issued again) with these details.
      ...(paid ? documentsWanted(key, SERVER_TIME) : {}),
      ...(reissued
        ? queuedMail(
            mailId,
            { uid: target.uid, order: target.order, kind: 'documents', to: order.contact.email },
            SERVER_TIME,
          )
        : {}),
    });
    return written ? { kind: 'changed' } : null;
  }

  return {
    async change(secret: string, details: BillingDetails): Promise<BillingAnswer> {
      const answer = (await once(secret, details)) ?? (await once(secret, details));
      if (!answer) throw new Error('the billing update was refused twice');
      if (answer.kind === 'changed')
        await issue().catch((error: unknown) => console.error('issuing after details:', error));
      return answer;
    },
  };
}

export type BillingChanger = ReturnType<typeof billingChanger>;

/** POST /api/orders/billing {secret, billing}: the order page's "Change invoice details". */
export async function billingRequest(
  changer: BillingChanger,
  httpMethod: string | undefined,
  body: unknown,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(httpMethod);
  if (refused) return refused;
  // Read as the stored details are read: checked as checkout checks them.
  const details = parseBillingDetails(isRecord(body) ? body.billing : null);
  // The order page checks the same before it asks: this answer reaches only a caller that did not.
  if (!details) return jsonAnswer(400, { error: 'send {secret, billing: {company?, address, country, vatId?}}' });
  const secret = isRecord(body) && typeof body.secret === 'string' ? body.secret : '';
  try {
    const answer = await changer.change(secret, details);
    if (answer.kind === 'not-found') return jsonAnswer(404, { error: 'no such order link' });
    return jsonAnswer(200, answer);
  } catch (error) {
    console.error('billing details:', error);
    return jsonAnswer(503, { error: 'The shop cannot change this now: try again shortly.' }, { 'Retry-After': '5' });
  }
}
