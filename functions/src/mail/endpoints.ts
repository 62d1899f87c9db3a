/**
 * The HTTP answers of trusted mail code, shared by the Cloud Functions (index.ts) and `vite preview`
 * (vite.config.ts), like the allocator's (orders/allocateEndpoint.ts):
 * - POST /api/mail/send: delivers what waits in the outbox now (after staff queue an email; the stacks' timer);
 * - POST /api/orders/find {email, reference}: "find my order", always the same answer (findOrder.ts);
 * - POST /api/orders/link {secret}: the order page's order and tickets, for whoever holds the secret link.
 */
import { typedTitle } from '../../../src/lib/typedTitle';
import { orderPaymentRecord, ticketsIssued } from '../../../src/features/payments/model/orderPayment';
import { randomUUID } from 'node:crypto';
import { ORDER_LINK_SECRET } from '../../../src/features/orders/orderLink';
import { ticketRecord } from '../../../src/features/tickets/ticket';
import { isRecord } from '../../../src/state/validation';
import { type EndpointAnswer, jsonAnswer as json, refuseUnlessPost, tooManyAnswer } from '../endpointAnswer';
import { queueLinkMail, readFindQuery } from './findOrder';
import { orderOfLink, readOrderData, type MailDatabase } from './orderData';
import type { Caller } from './caller';
import type { CallerLimit } from './rateLimit';
import type { MailSender } from './sender';
import { sendSoon } from './trustedMail';

import { orderDocuments } from '../invoices/mailDocuments';
import { summaryOf } from '../../../src/features/invoices/model/documentSummary';
import { billingChange } from '../../../src/features/invoices/model/billingChange';
import { invoicePaths } from '../../../src/features/invoices/model/invoiceDocument';
import { parseInvoiceSettings } from '../../../src/features/invoices/model/invoiceSettings';
import { billingRecord } from '../../../src/features/orders/billing';

// The order page's documents answer beside its order, with the same limit (invoices/documentEndpoint.ts).
export { orderDocumentRequest } from '../invoices/documentEndpoint';
// The accountant's ZIP, for staff who asked for it, with the same limit (invoices/exportEndpoint.ts).
export { invoiceExportRequest } from '../invoices/exportEndpoint';

/** `vite preview` has nothing in front of it (caller.ts). */
export { callerDirect } from './caller';

/**
 * "Find my order" answers no sooner than this, found or not, so its timing tells nothing either. The email is sent
 * meanwhile and never waited for: a match would otherwise take as long as the mail server does.
 */
const FIND_ANSWER_MS = 1_500;

export async function sendMailRequest(sender: MailSender, method: string | undefined): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  try {
    return json(200, await sender.drain());
  } catch (error) {
    console.error('mail sender:', error);
    return json(503, { error: 'try again shortly' }, { 'Retry-After': '5' });
  }
}

export interface FindOrderDeps {
  db: MailDatabase;
  sender: MailSender;
  limit: CallerLimit;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

export async function findOrderRequest(
  deps: FindOrderDeps,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const query = readFindQuery(body);
  if (!query) return json(400, { error: 'give an email address and an order reference' });
  if (!deps.limit.allow(caller)) return tooManyAnswer();
  const now = deps.now ?? Date.now;
  const started = now();
  try {
    // Sent meanwhile, never waited for.
    if (await queueLinkMail(deps.db, query, started, `link-${randomUUID()}`)) sendSoon(deps.sender);
  } catch (error) {
    // Logged, never told: the same answer as ever (a queued job is sent by the next run anyway).
    console.error('find my order:', error);
  }
  const left = FIND_ANSWER_MS - (now() - started);
  if (left > 0) await (deps.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(left);
  return json(202, {
    message: 'If that reference is an order of that address, its link is on its way there.',
  });
}

export async function orderLinkRequest(
  db: MailDatabase,
  limit: CallerLimit,
  method: string | undefined,
  body: unknown,
  caller: Caller,
): Promise<EndpointAnswer> {
  const refused = refuseUnlessPost(method);
  if (refused) return refused;
  const secret = isRecord(body) ? body.secret : undefined;
  if (typeof secret !== 'string' || !ORDER_LINK_SECRET.test(secret)) return json(404, { error: 'no such order link' });
  if (!limit.allow(caller)) return tooManyAnswer();
  const named = await orderOfLink(db.read, secret);
  if (!named) return json(404, { error: 'no such order link' });
  const data = await readOrderData(db, named.uid, named.order);
  if (!data) return json(404, { error: 'no such order link' });
  const { order, shop } = data;
  const price = new Map(order.lines.map((line) => [line.productId, line.price]));
  const documents = await orderDocuments(db.read, named.uid, named.order);
  return json(200, {
    order: {
      id: order.id,
      uid: order.uid,
      ref: order.ref,
      status: order.status,
      created: order.created,
      lines: order.lines,
      total: order.total,
      name: order.contact.name,
      email: order.contact.email,
      language: order.language,
      ...(order.voucher ? { voucher: order.voucher } : {}),
      ...(order.tax ? { tax: order.tax } : {}),
      ...(order.payment ? { pay: orderPaymentRecord(order.payment) } : {}),
    },
    // What is left on each gift card the order issued (docs/gift-cards.md#selling-them): the codes are the buyer's,
    // as the tickets are; not once the order is cancelled.
    giftCards: order.status === 'cancelled' ? [] : data.giftCards,
    // Its invoices and credit notes, each downloadable as a PDF by the link's holder (docs/invoices.md#sent-and-shown).
    documents: documents.map(({ number, document }) => summaryOf(number, document)),
    // The details its invoice is made out to, and whether the buyer may still change them
    // (docs/invoices.md#the-buyers-details).
    billing: {
      details: order.billing ? billingRecord(order.billing) : null,
      change: billingChange(
        order,
        documents.map(({ document }) => document),
        parseInvoiceSettings(await db.read(invoicePaths.settings)),
        Date.now(),
      ),
    },
    // The shape the device keeps its tickets in (src/features/tickets/heldTickets.ts); none until they are issued
    // (paid, or to pay at the door: docs/payments.md#tickets-once-paid).
    tickets: (ticketsIssued(order.payment) ? data.tickets : []).map((ticket) => ({
      ticket: { eventId: ticket.eventId, id: ticket.id, ...ticketRecord(ticket) },
      event: {
        ...data.events.get(ticket.eventId)!,
        // A type's ticket says which type it is, as the buyer's own tickets do (docs/data-model.md#types-and-quotas).
        title: typedTitle(data.events.get(ticket.eventId)!.title, ticket.type),
        timeZone: shop.timezone,
        price: price.get(ticket.line) ?? null,
      },
    })),
  });
}
