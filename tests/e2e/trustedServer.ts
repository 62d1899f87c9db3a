import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EndpointAnswer } from '../../functions/src/endpointAnswer';
import { allocateRequest } from '../../functions/src/orders/allocateEndpoint';
import type { Allocator } from '../../functions/src/orders/allocator';
import type { markApplier } from '../../functions/src/payments/marks';
import type { cancelApplier } from '../../functions/src/payments/cancel';
import {
  applyCancelsRequest,
  applyMarksRequest,
  applyRefundsRequest,
} from '../../functions/src/payments/marksEndpoint';
import type { refundApplier } from '../../functions/src/payments/refunds';
import type { giftCardDeskApplier } from '../../functions/src/giftcards/deskRequests';
import { applyGiftCardRequestsRequest } from '../../functions/src/giftcards/deskEndpoint';
import { cardPaymentRequest } from '../../functions/src/payments/cardEndpoints';
import { paymentMethodRequest, type paymentMethodChanger } from '../../functions/src/payments/methodChange';
import { ticketHolderRequest, type ticketHolderChanger } from '../../functions/src/orders/ticketHolder';
import { callerDirect, findOrderRequest, orderLinkRequest, sendMailRequest } from '../../functions/src/mail/endpoints';
import { sendSoon, type TrustedMail } from '../../functions/src/mail/trustedMail';
import { giftCardBalanceRequest, type giftCardBalanceLimits } from '../../functions/src/giftcards/balance';
import { voucherCheckRequest, type VoucherCheckLimits } from '../../functions/src/vouchers/check';
import type { waitingDeskApplier } from '../../functions/src/waitinglist/deskRequests';
import { applyWaitingListRequestsRequest } from '../../functions/src/waitinglist/deskEndpoint';
import type { voucherDeskApplier } from '../../functions/src/vouchers/deskRequests';
import { applyVoucherRequestsRequest } from '../../functions/src/vouchers/deskEndpoint';
import { waitingListRequest, type WaitingListDeps } from '../../functions/src/waitinglist/join';
import { ALLOCATE_ENDPOINT, ORDER_CANCEL_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import { GIFT_CARD_DESK_ENDPOINT } from '../../src/features/giftcards/model/deskRequests';
import {
  CARD_PAYMENT_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from '../../src/features/payments/model/paymentEndpoint';
import { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from '../../src/features/orders/orderLink';
import {
  INVOICE_EXPORT_ENDPOINT,
  ORDER_BILLING_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
} from '../../src/features/invoices/model/invoiceDocument';
import { billingRequest, type billingChanger } from '../../functions/src/invoices/billingEndpoint';
import { orderDocumentRequest } from '../../functions/src/invoices/documentEndpoint';
import { invoiceExportRequest } from '../../functions/src/invoices/exportEndpoint';
import { GIFT_CARD_BALANCE_ENDPOINT } from '../../src/features/giftcards/model/balanceEndpoint';
import { VOUCHER_CHECK_ENDPOINT } from '../../src/features/vouchers/model/checkEndpoint';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from '../../src/features/waitinglist/model/endpoints';
import { WAITING_DESK_ENDPOINT } from '../../src/features/waitinglist/model/deskEndpoint';
import { VOUCHER_DESK_ENDPOINT } from '../../src/features/vouchers/model/deskEndpoint';
import type { CardStack } from './cardStack';

/** Trusted code as `vite preview` runs it, working on the test's own database. */
export interface TrustedCode {
  allocator: Allocator;
  applyMarks: ReturnType<typeof markApplier>;
  applyRefunds: ReturnType<typeof refundApplier>;
  applyCancels: ReturnType<typeof cancelApplier>;
  applyGiftCardRequests: ReturnType<typeof giftCardDeskApplier>;
  applyWaitingListRequests: ReturnType<typeof waitingDeskApplier>;
  applyVoucherRequests: ReturnType<typeof voucherDeskApplier>;
  changeMethod: ReturnType<typeof paymentMethodChanger>;
  changeHolder: ReturnType<typeof ticketHolderChanger>;
  changeBilling: ReturnType<typeof billingChanger>;
  mail: TrustedMail;
  /** The balance endpoint's limits (functions/src/giftcards/balance.ts). */
  balanceLimits: ReturnType<typeof giftCardBalanceLimits>;
  /** The voucher check's limits (functions/src/vouchers/check.ts). */
  voucherLimits: VoucherCheckLimits;
  /** Joining and leaving the waiting list (functions/src/waitinglist/join.ts), on trusted code's connection. */
  waitingList: WaitingListDeps;
  /** The test's own card provider, started at the first card payment. */
  cards: () => Promise<CardStack>;
}

type Endpoint = (code: TrustedCode, method: string, body: unknown) => Promise<EndpointAnswer>;

const E2E_CALLER = callerDirect('e2e');

/** What a call to trusted code sends mail after: the batch or request may have queued some. */
const thenSend =
  (endpoint: Endpoint): Endpoint =>
  async (code, method, body) => {
    const answer = await endpoint(code, method, body);
    sendSoon(code.mail.sender);
    return answer;
  };

/**
 * Every endpoint of trusted code the app calls, answered as `vite preview` and the Cloud Functions answer it
 * (vite.config.ts, functions/src/index.ts): the order queue, the queues staff fill (payments, refunds, cancels, gift
 * cards, the waiting list, vouchers that hold places), the card and payment-method changes, a ticket's holder, the
 * mail sender's endpoints, a gift card's balance, the voucher check and the waiting list.
 */
const ENDPOINTS: Record<string, Endpoint> = {
  [ALLOCATE_ENDPOINT]: (code, method) => allocateRequest(code.allocator, method, () => sendSoon(code.mail.sender)),
  [PAYMENT_MARKS_ENDPOINT]: (code, method) =>
    applyMarksRequest(code.applyMarks, method, () => sendSoon(code.mail.sender)),
  [PAYMENT_REFUNDS_ENDPOINT]: (code, method) =>
    applyRefundsRequest(code.applyRefunds, method, () => sendSoon(code.mail.sender)),
  [ORDER_CANCEL_ENDPOINT]: (code, method) =>
    applyCancelsRequest(code.applyCancels, method, () => sendSoon(code.mail.sender)),
  [GIFT_CARD_DESK_ENDPOINT]: (code, method) =>
    applyGiftCardRequestsRequest(code.applyGiftCardRequests, method, () => sendSoon(code.mail.sender)),
  [WAITING_DESK_ENDPOINT]: (code, method) => applyWaitingListRequestsRequest(code.applyWaitingListRequests, method),
  [VOUCHER_DESK_ENDPOINT]: (code, method) => applyVoucherRequestsRequest(code.applyVoucherRequests, method),
  [CARD_PAYMENT_ENDPOINT]: thenSend(async (code, method, body) =>
    cardPaymentRequest((await code.cards()).services, method, body),
  ),
  [PAYMENT_METHOD_ENDPOINT]: thenSend((code, method, body) => paymentMethodRequest(code.changeMethod, method, body)),
  [TICKET_HOLDER_ENDPOINT]: (code, method, body) => ticketHolderRequest(code.changeHolder, method, body),
  [ORDER_BILLING_ENDPOINT]: thenSend((code, method, body) => billingRequest(code.changeBilling, method, body)),
  [SEND_MAIL_ENDPOINT]: (code, method) => sendMailRequest(code.mail.sender, method),
  [FIND_ORDER_ENDPOINT]: (code, method, body) =>
    findOrderRequest({ ...code.mail, limit: code.mail.findLimit }, method, body, E2E_CALLER),
  [ORDER_LINK_ENDPOINT]: (code, method, body) =>
    orderLinkRequest(code.mail.db, code.mail.linkLimit, method, body, E2E_CALLER),
  [ORDER_DOCUMENT_ENDPOINT]: (code, method, body) =>
    orderDocumentRequest(code.mail.db, code.mail.linkLimit, method, body, E2E_CALLER),
  [INVOICE_EXPORT_ENDPOINT]: (code, method, body) =>
    invoiceExportRequest(code.mail.db, code.mail.linkLimit, method, body, E2E_CALLER),
  [GIFT_CARD_BALANCE_ENDPOINT]: (code, method, body) =>
    giftCardBalanceRequest({ read: code.mail.db.read, ...code.balanceLimits }, method, body, E2E_CALLER),
  [VOUCHER_CHECK_ENDPOINT]: (code, method, body) =>
    voucherCheckRequest({ read: code.mail.db.read, ...code.voucherLimits }, method, body, E2E_CALLER),
  [WAITING_JOIN_ENDPOINT]: (code, method, body) => waitingListCall(code, false, method, body),
  [WAITING_LEAVE_ENDPOINT]: (code, method, body) => waitingListCall(code, true, method, body),
};

const waitingListCall = (code: TrustedCode, leaving: boolean, method: string, body: unknown) =>
  waitingListRequest(code.waitingList, leaving, method, body, E2E_CALLER).finally(
    () => void code.mail.sendWaiting(code.waitingList.db).catch(() => undefined),
  );

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export interface TrustedServer {
  port: number;
  /** Answers no more: connections still open (a page following a payment) are closed. */
  close(): Promise<void>;
}

/**
 * This test's trusted code over HTTP, on a port of its own: the e2e app server relays a page's calls to /api/ here
 * (tests/e2e/appServer.ts), so the browser fetches the app as a visitor's does, with its cache, and no request of a
 * page waits on the test's process to be let through (docs/testing.md#trusted-code-on-a-port-of-the-tests-own).
 */
export async function startTrustedServer(trusted: () => TrustedCode): Promise<TrustedServer> {
  const server = createServer((request, response) => {
    const endpoint = ENDPOINTS[new URL(request.url ?? '/', 'http://localhost').pathname];
    const answered = endpoint
      ? bodyOf(request).then(
          (body) => endpoint(trusted(), request.method ?? 'GET', body),
          () => ({ status: 400, headers: {}, body: 'not JSON' }),
        )
      : Promise.resolve({ status: 404, headers: {}, body: 'no such endpoint' });
    answered.then(
      (answer) => response.writeHead(answer.status, answer.headers).end(answer.body),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
