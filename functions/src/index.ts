/**
 * The Cloud Functions codebase, HTTPS functions behind Firebase Hosting's rewrites (firebase.json), and a timer:
 * - firstVisitPage: first visits rendered (every page but the dashboard, which redirects), through the same module as
 *   `vite preview` (firstVisitPages.ts); the built index.html and the server renderer are bundled into lib/ by
 *   scripts/buildFunctions.ts, so the deployed code is exactly the build Hosting serves.
 * - allocateOrders: /api/orders/allocate, which settles the order queue (orders/), as `vite preview` does locally,
 *   and then sends the confirmations the batch queued (mail/); /api/payments/apply, which applies the payments
 *   staff queued (payments/marks.ts), and /api/payments/refund, which applies the refunds staff asked for
 *   (payments/refunds.ts), and /api/orders/cancel, which applies the cancels staff asked for (payments/cancel.ts),
 *   through the same connection; and the card flow's /api/payments/card and its
 *   provider's webhook /api/payments/card/webhook (payments/card.ts); and the order page's /api/payments/method
 *   (payments/methodChange.ts) and /api/tickets/holder (orders/ticketHolder.ts); /api/giftcards/apply and
 *   /api/waitinglist/apply, which apply what staff asked of gift cards and of the waiting list (giftcards/ and
 *   waitinglist/deskRequests.ts); /api/vouchers/apply, which makes the vouchers staff asked to hold places
 *   (vouchers/deskRequests.ts);
 * - orderMail: /api/mail/send, /api/orders/find and /api/orders/link, the mail sender's endpoints (mail/), and
 *   /api/giftcards/balance, a gift card's balance, and /api/vouchers/check, what a voucher makes of a cart, on the
 *   sender's connection (giftcards/balance.ts, vouchers/check.ts);
 * - retryMail: every minute, sends the mail that is due again (a retry after a failure; anything a call left);
 * - expireOrders: every minute, applies cancels left queued, lets the orders whose payment holds have ended unpaid
 *   lapse, and reminds bank transfers due within a day (payments/holdsJob.ts).
 * SMTP is named by the secret SMTP_URL, the card provider by the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET;
 * MAIL_FROM and SHOP_URL are parameters (README, "Deploy to Firebase").
 */
import { onRequest } from 'firebase-functions/https';
import { defineSecret, defineString } from 'firebase-functions/params';
import { onSchedule } from 'firebase-functions/scheduler';
import template from '#first-visit-template';
import { firstVisitPages, send } from './firstVisitPages';
import { allocateRequest } from './orders/allocateEndpoint';
import { JSON_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES, refuseIfTooLarge, refuseUnlessPost } from './endpointAnswer';
import { adminQueueDatabase } from './orders/adminQueueDatabase';
import { type Allocator, createAllocator } from './orders/allocator';
import { updateStoredRecords } from './migrations/atStart';
import { runHoldsJob } from './payments/holdsJob';
import { markApplier } from './payments/marks';
import { cancelApplier } from './payments/cancel';
import { applyCancelsRequest, applyMarksRequest, applyRefundsRequest } from './payments/marksEndpoint';
import { refundApplier } from './payments/refunds';
import { invoiceIssuer } from './invoices/issue';
import {
  CARD_PAYMENT_ENDPOINT,
  CARD_WEBHOOK_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from '../../src/features/payments/model/paymentEndpoint';
import { paymentMethodChanger, paymentMethodRequest, type PaymentMethodChanger } from './payments/methodChange';
import { ticketHolderChanger, ticketHolderRequest, type TicketHolderChanger } from './orders/ticketHolder';
import { billingChanger, billingRequest, type BillingChanger } from './invoices/billingEndpoint';
import { cardPaymentRequest, cardServices, cardWebhookRequest, type CardServices } from './payments/cardEndpoints';
import { cardProviderSettings } from './payments/cardSettings';
import { callerBehindGoogle, callerDirect } from './mail/caller';
import {
  findOrderRequest,
  invoiceExportRequest,
  orderDocumentRequest,
  orderLinkRequest,
  sendMailRequest,
} from './mail/endpoints';
import { sendSoon, trustedMail, type TrustedMail } from './mail/trustedMail';
import { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from '../../src/features/orders/orderLink';
import {
  INVOICE_EXPORT_ENDPOINT,
  ORDER_BILLING_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
} from '../../src/features/invoices/model/invoiceDocument';
import { ORDER_CANCEL_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import { GIFT_CARD_BALANCE_ENDPOINT } from '../../src/features/giftcards/model/balanceEndpoint';
import { giftCardBalanceLimits, giftCardBalanceRequest, type GiftCardBalanceLimits } from './giftcards/balance';
import { VOUCHER_CHECK_ENDPOINT } from '../../src/features/vouchers/model/checkEndpoint';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from '../../src/features/waitinglist/model/endpoints';
import { waitingListLimits, waitingListRequest } from './waitinglist/join';
import { voucherCheckLimits, voucherCheckRequest, type VoucherCheckLimits } from './vouchers/check';
import { GIFT_CARD_DESK_ENDPOINT } from '../../src/features/giftcards/model/deskRequests';
import { giftCardDeskApplier } from './giftcards/deskRequests';
import { applyGiftCardRequestsRequest } from './giftcards/deskEndpoint';
import { WAITING_DESK_ENDPOINT } from '../../src/features/waitinglist/model/deskEndpoint';
import { waitingDeskApplier } from './waitinglist/deskRequests';
import { applyWaitingListRequestsRequest } from './waitinglist/deskEndpoint';
import { VOUCHER_DESK_ENDPOINT } from '../../src/features/vouchers/model/deskEndpoint';
import { voucherDeskApplier } from './vouchers/deskRequests';
import { applyVoucherRequestsRequest } from './vouchers/deskEndpoint';

/**
 * Hosting rewrites name this region; the agreement test (tests/e2e-firebase) keeps the two together. Put it
 * beside the database (the default database is in us-central1): the allocator makes three round trips to the
 * database a batch.
 */
const REGION = 'us-central1';

const pages = firstVisitPages({
  // The renderer is a file of its own (scripts/buildFunctions.ts), loaded when a page is first rendered.
  load: async () => ({ template, render: await import('#first-visit-renderer') }),
  databaseUrl: process.env.FIRST_VISIT_DATABASE_URL || undefined,
});

export const firstVisitPage = onRequest(
  // Public: Hosting calls it for anonymous visitors. A few instances are plenty behind the CDN, and cap the bill.
  { region: REGION, invoker: 'public', memory: '512MiB', concurrency: 40, maxInstances: 10 },
  async (request, response) => {
    send(await pages.answer({ method: request.method, url: request.url }), response);
  },
);

/** smtp://user:password@host:587 of any provider (smtps:// for 465): `firebase functions:secrets:set SMTP_URL`. */
const SMTP_URL = defineSecret('SMTP_URL');
const MAIL_FROM = defineString('MAIL_FROM', {
  default: '',
  description: 'The address the shop sends from (your SMTP provider must allow it)',
});
const SHOP_URL = defineString('SHOP_URL', {
  default: '',
  description: "The shop's address for links in emails; empty: https://<project>.web.app",
});

/** The card provider's keys (docs/payments.md#card-payments); "none" for a shop that takes no cards. */
const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

const shopUrl = () => {
  const project = process.env.GCLOUD_PROJECT ?? 'storefront';
  return process.env.TRUSTED_CODE_SHOP_URL || SHOP_URL.value() || `https://${project}.web.app`;
};

let mail: TrustedMail | undefined;
function mailServices(): TrustedMail {
  const project = process.env.GCLOUD_PROJECT ?? 'storefront';
  mail ??= trustedMail({
    // Under the emulators the stack names the local mailbox and its own address in the environment
    // (scripts/stack/firebaseFront.ts); the emulator sets a parameter's variable to its default, hence a name of its own.
    smtpUrl: process.env.SMTP_URL || SMTP_URL.value(),
    from: MAIL_FROM.value() || `tickets@${project}.firebaseapp.com`,
    shopUrl: shopUrl(),
    issueDocuments: invoiceIssuer(trustedQueueDatabase()),
  });
  return mail;
}

let cards: CardServices | null | undefined;
function cardFlow(): CardServices | null {
  if (cards !== undefined) return cards;
  // Under the emulators the stack names the local fake provider and its keys (scripts/stack/localStack.ts).
  const key = process.env.STRIPE_SECRET_KEY || STRIPE_SECRET_KEY.value();
  const settings = cardProviderSettings({
    STRIPE_SECRET_KEY: key === 'none' ? '' : key,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET || STRIPE_WEBHOOK_SECRET.value(),
    CARD_PROVIDER_API: process.env.CARD_PROVIDER_API,
  });
  cards = cardServices(trustedQueueDatabase(), settings, shopUrl());
  return cards;
}

let allocator: Allocator | undefined;
let applyMarks: ReturnType<typeof markApplier> | undefined;
let applyRefunds: ReturnType<typeof refundApplier> | undefined;
let applyCancels: ReturnType<typeof cancelApplier> | undefined;
let applyGiftCardRequests: ReturnType<typeof giftCardDeskApplier> | undefined;
let applyWaitingListRequests: ReturnType<typeof waitingDeskApplier> | undefined;
let applyVoucherRequests: ReturnType<typeof voucherDeskApplier> | undefined;
let changeBilling: BillingChanger | undefined;
let changeMethod: PaymentMethodChanger | undefined;
let changeHolder: TicketHolderChanger | undefined;
let queueDatabase: ReturnType<typeof adminQueueDatabase> | undefined;
const trustedQueueDatabase = () => (queueDatabase ??= adminQueueDatabase());

export const allocateOrders = onRequest(
  // One instance settles the whole queue, so that batches are large and nobody's request waits behind a second
  // allocator's refused batch; the calls it holds are cheap waits (docs/production.md#the-allocator).
  {
    region: REGION,
    invoker: 'public',
    memory: '512MiB',
    cpu: 1,
    concurrency: 1000,
    maxInstances: 1,
    timeoutSeconds: 60,
    secrets: [SMTP_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
  },
  async (request, response) => {
    // Anything but a POST, or a body over its limit, is refused before the allocator is made (endpointAnswer.ts).
    const max = request.path === CARD_WEBHOOK_ENDPOINT ? WEBHOOK_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES;
    const refused = refuseUnlessPost(request.method) ?? refuseIfTooLarge(request.rawBody?.length ?? 0, max);
    if (refused) {
      response.status(refused.status).set(refused.headers).send(refused.body);
      return;
    }
    if (!allocator) {
      const db = trustedQueueDatabase();
      // Records from before types are made explicit, then orders placed before the staff desk's index existed get
      // their entries, once per database (docs/data-model.md#records-from-before-types).
      void updateStoredRecords(db);
      allocator = createAllocator(db);
      applyMarks = markApplier(db);
      // Card refunds go through the card flow's provider; without one they are answered no-card.
      applyRefunds = refundApplier(db, cardFlow()?.provider ?? null);
      applyCancels = cancelApplier(db, cardFlow()?.cards);
      applyGiftCardRequests = giftCardDeskApplier(db);
      applyWaitingListRequests = waitingDeskApplier(db);
      applyVoucherRequests = voucherDeskApplier(db);
      changeMethod = paymentMethodChanger(db);
      changeHolder = ticketHolderChanger(db);
      changeBilling = billingChanger(db, invoiceIssuer(db));
    }
    // The confirmations start leaving at once; an instance may get little CPU once it has answered, so retryMail
    // sends whatever is left within a minute (docs/decisions.md#email).
    const sendMail = () => sendSoon(mailServices().sender);
    const answer =
      request.path === PAYMENT_MARKS_ENDPOINT
        ? await applyMarksRequest(applyMarks!, request.method, sendMail)
        : request.path === PAYMENT_REFUNDS_ENDPOINT
          ? await applyRefundsRequest(applyRefunds!, request.method, sendMail)
          : request.path === ORDER_CANCEL_ENDPOINT
            ? await applyCancelsRequest(applyCancels!, request.method, sendMail)
            : request.path === GIFT_CARD_DESK_ENDPOINT
              ? await applyGiftCardRequestsRequest(applyGiftCardRequests!, request.method, sendMail)
              : request.path === WAITING_DESK_ENDPOINT
                ? // An offer made by hand is mailed at once; the minute job sends what could not go now.
                  await applyWaitingListRequestsRequest(applyWaitingListRequests!, request.method, () =>
                    sendWaitingSoon(mailServices()),
                  )
                : request.path === CARD_PAYMENT_ENDPOINT
                  ? await cardPaymentRequest(cardFlow(), request.method, request.body)
                  : request.path === PAYMENT_METHOD_ENDPOINT
                    ? await paymentMethodRequest(changeMethod!, request.method, request.body)
                    : request.path === TICKET_HOLDER_ENDPOINT
                      ? await ticketHolderRequest(changeHolder!, request.method, request.body)
                      : request.path === ORDER_BILLING_ENDPOINT
                        ? await billingRequest(changeBilling!, request.method, request.body)
                        : request.path === CARD_WEBHOOK_ENDPOINT
                          ? // The signature is over the body as sent: the raw bytes, never the parsed JSON.
                            await cardWebhookRequest(
                              cardFlow(),
                              request.method,
                              request.rawBody,
                              request.get('stripe-signature'),
                            )
                          : request.path === VOUCHER_DESK_ENDPOINT
                            ? await applyVoucherRequestsRequest(applyVoucherRequests!, request.method)
                            : await allocateRequest(allocator, request.method, sendMail);
    // Mail goes at once, and the issuer runs before it: a changed invoice is issued again within seconds.
    const mailing = [CARD_PAYMENT_ENDPOINT, CARD_WEBHOOK_ENDPOINT, PAYMENT_METHOD_ENDPOINT, ORDER_BILLING_ENDPOINT];
    if (mailing.includes(request.path)) sendMail();
    response.status(answer.status).set(answer.headers).send(answer.body);
  },
);

/**
 * The balance endpoint's, the voucher check's and the waiting list's limits, held like the mail endpoints' (orderMail:
 * one instance).
 */
let balanceLimits: GiftCardBalanceLimits | undefined;
let voucherLimits: VoucherCheckLimits | undefined;
let waitingLimits: ReturnType<typeof waitingListLimits> | undefined;

/** Sends what the waiting list owes, without waiting: what fails waits for the minute job. */
function sendWaitingSoon(services: TrustedMail): void {
  services.sendWaiting(trustedQueueDatabase()).catch((error: unknown) => console.error('waiting list mail:', error));
}

export const orderMail = onRequest(
  // Public: the order page, the sign-in page, the gift card balance page and the checkout call it. One instance, so
  // the callers' limits hold (mail/rateLimit.ts); its calls mostly wait on the database and SMTP.
  { region: REGION, invoker: 'public', memory: '256MiB', concurrency: 80, maxInstances: 1, secrets: [SMTP_URL] },
  async (request, response) => {
    const tooLarge = refuseIfTooLarge(request.rawBody?.length ?? 0, JSON_BODY_MAX_BYTES);
    if (tooLarge) {
      response.status(tooLarge.status).set(tooLarge.headers).send(tooLarge.body);
      return;
    }
    const services = mailServices();
    // Never request.ip: it trusts the X-Forwarded-For a caller writes (mail/caller.ts). The emulator has no front
    // end in front of it, only the caller.
    const caller =
      process.env.FUNCTIONS_EMULATOR === 'true'
        ? callerDirect(request.socket.remoteAddress)
        : callerBehindGoogle(request.headers, request.socket.remoteAddress);
    const body: unknown = request.body;
    const answer =
      request.path === SEND_MAIL_ENDPOINT
        ? await sendMailRequest(services.sender, request.method)
        : request.path === FIND_ORDER_ENDPOINT
          ? await findOrderRequest({ ...services, limit: services.findLimit }, request.method, body, caller)
          : request.path === ORDER_LINK_ENDPOINT
            ? await orderLinkRequest(services.db, services.linkLimit, request.method, body, caller)
            : request.path === ORDER_DOCUMENT_ENDPOINT
              ? await orderDocumentRequest(services.db, services.linkLimit, request.method, body, caller)
              : request.path === INVOICE_EXPORT_ENDPOINT
                ? await invoiceExportRequest(services.db, services.linkLimit, request.method, body, caller)
                : request.path === GIFT_CARD_BALANCE_ENDPOINT
                  ? await giftCardBalanceRequest(
                      { read: services.db.read, ...(balanceLimits ??= giftCardBalanceLimits()) },
                      request.method,
                      body,
                      caller,
                    )
                  : request.path === VOUCHER_CHECK_ENDPOINT
                    ? await voucherCheckRequest(
                        { read: services.db.read, ...(voucherLimits ??= voucherCheckLimits()) },
                        request.method,
                        body,
                        caller,
                      )
                    : request.path === WAITING_JOIN_ENDPOINT || request.path === WAITING_LEAVE_ENDPOINT
                      ? await waitingListRequest(
                          { db: trustedQueueDatabase(), limit: (waitingLimits ??= waitingListLimits()) },
                          request.path === WAITING_LEAVE_ENDPOINT,
                          request.method,
                          body,
                          caller,
                        )
                      : { status: 404, headers: {}, body: 'not found' };
    // The joined email leaves at once; the minute job sends whatever could not go now.
    if (request.path === WAITING_JOIN_ENDPOINT) sendWaitingSoon(services);
    response.status(answer.status).set(answer.headers).send(answer.body);
  },
);

export const retryMail = onSchedule(
  { region: REGION, schedule: 'every 1 minutes', secrets: [SMTP_URL], maxInstances: 1 },
  async () => {
    await mailServices().sender.drain();
  },
);

/** The minute job's refunds: those left queued (the provider away) and those trusted code queued itself. */
let jobGiftCardRequests: ReturnType<typeof giftCardDeskApplier> | undefined;
let jobWaitingListRequests: ReturnType<typeof waitingDeskApplier> | undefined;
let jobVoucherRequests: ReturnType<typeof voucherDeskApplier> | undefined;
let jobRefunds: ReturnType<typeof refundApplier> | undefined;
/** The minute job's run of the start-up updates of stored records, once per instance. */
let storedRecordsUpdated: Promise<void> | null = null;

export const expireOrders = onSchedule(
  // One at a time: two runs side by side would only have the database refuse one's updates (payments/expiry.ts).
  {
    region: REGION,
    schedule: 'every 1 minutes',
    secrets: [SMTP_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
    maxInstances: 1,
  },
  async () => {
    const db = trustedQueueDatabase();
    // Within a minute of a deploy, whether or not anyone orders (docs/data-model.md#records-from-before-types).
    storedRecordsUpdated ??= updateStoredRecords(db);
    await storedRecordsUpdated;
    jobRefunds ??= refundApplier(db, cardFlow()?.provider ?? null);
    jobGiftCardRequests ??= giftCardDeskApplier(db);
    jobWaitingListRequests ??= waitingDeskApplier(db);
    jobVoucherRequests ??= voucherDeskApplier(db);
    const report = await runHoldsJob(
      db,
      Date.now(),
      cardFlow()?.cards,
      jobRefunds,
      jobGiftCardRequests,
      jobWaitingListRequests,
      jobVoucherRequests,
    );
    if (report.expired + report.reminded + report.cancelled + report.refunded > 0) await mailServices().sender.drain();
    await mailServices().sendWaiting(db);
  },
);
