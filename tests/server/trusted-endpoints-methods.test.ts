/**
 * Issue 30, break 5: trusted code's endpoints take POST and nothing else. Every other method, a CORS preflight
 * (OPTIONS) included, is answered 405 with `Allow: POST`, by the endpoints' modules (as the Cloud Functions run
 * them) and by `vite preview` as `npm start` serves them, before any body is read or trusted code is started
 * (docs/security.md#trusted-codes-endpoints-take-post-only).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateRequest } from '../../functions/src/orders/allocateEndpoint';
import type { Allocator } from '../../functions/src/orders/allocator';
import {
  callerDirect,
  findOrderRequest,
  orderLinkRequest,
  sendMailRequest,
  type FindOrderDeps,
} from '../../functions/src/mail/endpoints';
import type { MailDatabase } from '../../functions/src/mail/orderData';
import type { CallerLimit } from '../../functions/src/mail/rateLimit';
import type { MailSender } from '../../functions/src/mail/sender';
import { ALLOCATE_ENDPOINT, ORDER_CANCEL_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import {
  CARD_PAYMENT_ENDPOINT,
  CARD_WEBHOOK_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from '../../src/features/payments/model/paymentEndpoint';
import { paymentMethodRequest, type PaymentMethodChanger } from '../../functions/src/payments/methodChange';
import { ticketHolderRequest, type TicketHolderChanger } from '../../functions/src/orders/ticketHolder';
import {
  applyCancelsRequest,
  applyMarksRequest,
  applyRefundsRequest,
} from '../../functions/src/payments/marksEndpoint';
import { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from '../../src/features/orders/orderLink';
import {
  INVOICE_EXPORT_ENDPOINT,
  ORDER_BILLING_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
} from '../../src/features/invoices/model/invoiceDocument';
import { billingRequest, type BillingChanger } from '../../functions/src/invoices/billingEndpoint';
import { orderDocumentRequest } from '../../functions/src/invoices/documentEndpoint';
import { invoiceExportRequest } from '../../functions/src/invoices/exportEndpoint';
import { GIFT_CARD_BALANCE_ENDPOINT } from '../../src/features/giftcards/model/balanceEndpoint';
import { giftCardBalanceRequest } from '../../functions/src/giftcards/balance';
import { GIFT_CARD_DESK_ENDPOINT } from '../../src/features/giftcards/model/deskRequests';
import { applyGiftCardRequestsRequest } from '../../functions/src/giftcards/deskEndpoint';
import { VOUCHER_DESK_ENDPOINT } from '../../src/features/vouchers/model/deskEndpoint';
import { applyVoucherRequestsRequest } from '../../functions/src/vouchers/deskEndpoint';
import { VOUCHER_CHECK_ENDPOINT } from '../../src/features/vouchers/model/checkEndpoint';
import { voucherCheckRequest } from '../../functions/src/vouchers/check';
import type { RateLimit } from '../../functions/src/mail/rateLimit';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from '../../src/features/waitinglist/model/endpoints';
import { WAITING_DESK_ENDPOINT } from '../../src/features/waitinglist/model/deskEndpoint';
import { applyWaitingListRequestsRequest } from '../../functions/src/waitinglist/deskEndpoint';
import { waitingListRequest } from '../../functions/src/waitinglist/join';
import type { PaymentsDatabase } from '../../functions/src/payments/settlePayment';

const ENDPOINTS = [
  ALLOCATE_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  ORDER_CANCEL_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
  CARD_PAYMENT_ENDPOINT,
  CARD_WEBHOOK_ENDPOINT,
  SEND_MAIL_ENDPOINT,
  FIND_ORDER_ENDPOINT,
  ORDER_LINK_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
  INVOICE_EXPORT_ENDPOINT,
  ORDER_BILLING_ENDPOINT,
  GIFT_CARD_BALANCE_ENDPOINT,
  GIFT_CARD_DESK_ENDPOINT,
  VOUCHER_DESK_ENDPOINT,
  VOUCHER_CHECK_ENDPOINT,
  WAITING_JOIN_ENDPOINT,
  WAITING_LEAVE_ENDPOINT,
  WAITING_DESK_ENDPOINT,
];
const NOT_POST = ['OPTIONS', 'DELETE', 'GET', 'HEAD', 'PUT', 'PATCH'];

/** Trusted code that must never be reached by these calls: any use of it fails the test. */
function untouchable<T extends object>(what: string): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      throw new Error(`${what}.${String(key)} used by a call that is not a POST`);
    },
  });
}

describe('the endpoints’ modules, as the Cloud Functions call them', () => {
  it('answer every method but POST with 405 and Allow: POST, touching nothing', async () => {
    const deps: FindOrderDeps = {
      db: untouchable<MailDatabase>('db'),
      sender: untouchable<MailSender>('sender'),
      limit: untouchable<CallerLimit>('limit'),
    };
    for (const method of [...NOT_POST, undefined]) {
      const answers = await Promise.all([
        allocateRequest(untouchable<Allocator>('allocator'), method),
        applyMarksRequest(
          () => Promise.reject(new Error('payment marks applied by a call that is not a POST')),
          method,
        ),
        applyRefundsRequest(() => Promise.reject(new Error('refunds applied by a call that is not a POST')), method),
        applyCancelsRequest(() => Promise.reject(new Error('cancels applied by a call that is not a POST')), method),
        applyGiftCardRequestsRequest(
          () => Promise.reject(new Error('gift card requests applied by a call that is not a POST')),
          method,
        ),
        applyVoucherRequestsRequest(
          () => Promise.reject(new Error('voucher requests applied by a call that is not a POST')),
          method,
        ),
        applyWaitingListRequestsRequest(
          () => Promise.reject(new Error('waiting list requests applied by a call that is not a POST')),
          method,
        ),
        paymentMethodRequest(untouchable<PaymentMethodChanger>('changer'), method, {
          secret: 'x'.repeat(32),
          method: 'door',
        }),
        ticketHolderRequest(untouchable<TicketHolderChanger>('changer'), method, {
          secret: 'x'.repeat(32),
          event: 'gig',
          ticket: 'o1-0',
          name: 'Sam',
        }),
        sendMailRequest(deps.sender, method),
        findOrderRequest(deps, method, { email: 'a@example.com', reference: 'K7M4QXPR' }, callerDirect('127.0.0.1')),
        orderLinkRequest(deps.db, deps.limit, method, { secret: 'x'.repeat(32) }, callerDirect('127.0.0.1')),
        orderDocumentRequest(
          deps.db,
          deps.limit,
          method,
          { secret: 'x'.repeat(32), number: 'INV-1' },
          callerDirect('127.0.0.1'),
        ),
        invoiceExportRequest(deps.db, deps.limit, method, { request: 'x'.repeat(20) }, callerDirect('127.0.0.1')),
        billingRequest(untouchable<BillingChanger>('changer'), method, {
          secret: 'x'.repeat(32),
          billing: { address: '1 Rue', country: 'FR' },
        }),
        giftCardBalanceRequest(
          {
            read: () => Promise.reject(new Error('a gift card read by a call that is not a POST')),
            limit: deps.limit,
            perCode: untouchable<RateLimit>('perCode'),
          },
          method,
          { code: 'K7M4-QXPR-2D9F-TB3W' },
          callerDirect('127.0.0.1'),
        ),
        voucherCheckRequest(
          {
            read: () => Promise.reject(new Error('a voucher read by a call that is not a POST')),
            limit: deps.limit,
            perCode: untouchable<RateLimit>('perCode'),
          },
          method,
          { code: 'SPRING20', lines: { gig: 1 } },
          callerDirect('127.0.0.1'),
        ),
        ...[false, true].map((leaving) =>
          waitingListRequest(
            { db: untouchable<PaymentsDatabase>('db'), limit: deps.limit },
            leaving,
            method,
            { product: 'gig', email: 'a@example.com', quantity: 1, language: 'en-GB', entry: 'x', key: 'y' },
            callerDirect('127.0.0.1'),
          ),
        ),
      ]);
      for (const answer of answers) {
        expect(answer.status, String(method)).toBe(405);
        expect(answer.headers.Allow, String(method)).toBe('POST');
      }
    }
  });
});

describe('vite preview (npm start)', () => {
  let server: PreviewServer;
  let dist: string;
  let base: string;

  beforeAll(async () => {
    // An empty build: only the trusted endpoints are looked at.
    dist = mkdtempSync(join(tmpdir(), 'storefront-endpoints-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    server = await preview({
      root: fileURLToPath(new URL('../..', import.meta.url)),
      build: { outDir: dist },
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
      logLevel: 'silent',
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('preview has no port');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every method but POST with 405 and Allow: POST, a preflight from any origin too', async () => {
    for (const path of ENDPOINTS) {
      for (const method of NOT_POST) {
        for (const origin of [undefined, 'http://localhost:5173', 'https://attacker.example']) {
          const headers: Record<string, string> = origin
            ? { Origin: origin, 'Access-Control-Request-Method': 'POST' }
            : {};
          const response = await fetch(`${base}${path}`, { method, headers });
          const what = `${method} ${path} from ${origin ?? 'no origin'}`;
          expect(response.status, what).toBe(405);
          expect(response.headers.get('allow'), what).toBe('POST');
          // No cross-origin grant: Firebase Hosting gives none either.
          expect(response.headers.get('access-control-allow-origin'), what).toBeNull();
        }
      }
    }
  });
  it('answers a body over its limit with 413 on every endpoint, before trusted code starts', async () => {
    for (const path of ENDPOINTS) {
      // 4 KB for the JSON endpoints, 512 KB for the provider's events; a body of four times that.
      const max = path === CARD_WEBHOOK_ENDPOINT ? 512 * 1024 : 4096;
      const body = JSON.stringify({ secret: 'x'.repeat(4 * max) });
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status, path).toBe(413);
      expect(await response.json(), path).toEqual({ error: `the request body is over ${max} bytes` });
    }
    // A body far over any limit is cut off rather than read to its end.
    const huge = fetch(`${base}${FIND_ORDER_ENDPOINT}`, { method: 'POST', body: 'x'.repeat(8 * 1024 * 1024) });
    await expect(huge.then((response) => response.status)).rejects.toThrow();
  });
});
