import react from '@vitejs/plugin-react';
import { linguiPlugins } from './scripts/build/lingui.ts';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { transformSync } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { routePreloads } from './scripts/build/routePreloads.ts';
import { reactRouterTreeShaking } from './scripts/build/reactRouterTreeShaking.ts';
import { firstVisitPages, send } from './functions/src/firstVisitPages.ts';
import { allocateRequest } from './functions/src/orders/allocateEndpoint.ts';
import {
  JSON_BODY_MAX_BYTES,
  WEBHOOK_BODY_MAX_BYTES,
  refuseUnlessPost,
  tooLargeAnswer,
  type EndpointAnswer,
} from './functions/src/endpointAnswer.ts';
import type { Allocator } from './functions/src/orders/allocator.ts';
import { ALLOCATE_ENDPOINT, ORDER_CANCEL_ENDPOINT } from './src/features/orders/allocateEndpoint.ts';
import {
  CARD_PAYMENT_ENDPOINT,
  CARD_WEBHOOK_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from './src/features/payments/model/paymentEndpoint.ts';
import { cardProviderSettings } from './functions/src/payments/cardSettings.ts';
import { applyCancelsRequest, applyMarksRequest, applyRefundsRequest } from './functions/src/payments/marksEndpoint.ts';
import type { CancelsReport } from './functions/src/payments/cancel.ts';
import type { GiftCardDeskReport } from './functions/src/giftcards/deskRequests.ts';
import { applyGiftCardRequestsRequest } from './functions/src/giftcards/deskEndpoint.ts';
import type { WaitingDeskReport } from './functions/src/waitinglist/deskRequests.ts';
import { applyWaitingListRequestsRequest } from './functions/src/waitinglist/deskEndpoint.ts';
import type { VoucherDeskReport } from './functions/src/vouchers/deskRequests.ts';
import { applyVoucherRequestsRequest } from './functions/src/vouchers/deskEndpoint.ts';
import type { MarksReport } from './functions/src/payments/marks.ts';
import type { RefundsReport } from './functions/src/payments/refunds.ts';
import { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from './src/features/orders/orderLink.ts';
import {
  INVOICE_EXPORT_ENDPOINT,
  ORDER_BILLING_ENDPOINT,
  ORDER_DOCUMENT_ENDPOINT,
} from './src/features/invoices/model/invoiceDocument.ts';
import { GIFT_CARD_BALANCE_ENDPOINT } from './src/features/giftcards/model/balanceEndpoint.ts';
import { VOUCHER_CHECK_ENDPOINT } from './src/features/vouchers/model/checkEndpoint.ts';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from './src/features/waitinglist/model/endpoints.ts';
import { GIFT_CARD_DESK_ENDPOINT } from './src/features/giftcards/model/deskEndpoint.ts';
import { WAITING_DESK_ENDPOINT } from './src/features/waitinglist/model/deskEndpoint.ts';
import { VOUCHER_DESK_ENDPOINT } from './src/features/vouchers/model/deskEndpoint.ts';
import {
  localMailSettings,
  MAIL_RETRY_MS,
  readJsonBody,
  readRawBody,
  TOO_LARGE,
} from './functions/src/mail/localMail.ts';
import type { TrustedMail } from './functions/src/mail/trustedMail.ts';
import type { Caller } from './functions/src/mail/caller.ts';
import { EXPIRY_INTERVAL_MS } from './functions/src/payments/expiryInterval.ts';
import type * as RenderModule from './src/ssr/renderPage';

/** Files that decide which version of the app runs: a stale HTTP copy of them would pin visitors to an old one. */
const SERVICE_WORKER_FILES = /^\/(sw\.js|registerSW\.js|workbox-[\w-]+\.js)$/;

/** `vite preview` serves the service worker with `no-cache`, as Firebase Hosting does through firebase.json. */
function serviceWorkerNoCache(): Plugin {
  return {
    name: 'storefront:service-worker-no-cache',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (SERVICE_WORKER_FILES.test(path)) response.setHeader('Cache-Control', 'no-cache');
        next();
      });
    },
  };
}

/** The web app manifest's one source, at the top of the repository; the app links it as /manifest.webmanifest. */
const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * Puts the manifest into the build byte for byte (where the service worker's precache finds it) and has the dev
 * server answer its URL from the file. vite-plugin-pwa could write one from an object, but reformatted.
 */
function webAppManifest(): Plugin {
  let file = MANIFEST_FILE;
  return {
    name: 'storefront:web-app-manifest',
    configResolved(config) {
      file = resolve(config.root, MANIFEST_FILE);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.url ?? '').split('?')[0] !== `/${MANIFEST_FILE}`) return next();
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(readFileSync(file));
      });
    },
    buildStart() {
      this.addWatchFile(file);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: readFileSync(file) });
    },
  };
}

/**
 * `vite preview` answers a first visit with the page rendered on the server (src/ssr), through the same module
 * as the Cloud Function in production; the server bundle is read from `<outDir>-ssr`.
 */
function firstVisitRendering(): Plugin {
  return {
    name: 'storefront:first-visit-pages',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      const pages = firstVisitPages({
        load: async () => ({
          template: await readFile(join(outDir, 'index.html'), 'utf8'),
          render: (await import(pathToFileURL(join(`${outDir}-ssr`, 'renderPage.js')).href)) as typeof RenderModule,
        }),
        databaseUrl: process.env.FIRST_VISIT_DATABASE_URL || undefined,
      });
      server.middlewares.use((request, response, next) => {
        pages.page(request).then((answer) => (answer ? send(answer, response) : next()), next);
      });
    },
  };
}

/** Where `vite preview` settles orders when TRUSTED_CODE_DATABASE_URL names no other: `npm run db`'s default. */
const LOCAL_DATABASE_URL = 'http://127.0.0.1:9000?ns=demo-storefront-default-rtdb';

/**
 * `vite preview` runs trusted code through the same modules as the Cloud Functions in production: it settles the
 * order queue at /api/orders/allocate (functions/src/orders/), sends the mail the outbox holds after each batch,
 * at /api/mail/send and every half minute, and answers "find my order" and the order page
 * (functions/src/mail/), a gift card's balance (functions/src/giftcards/balance.ts), the voucher check
 * (functions/src/vouchers/check.ts), the vouchers staff ask to hold places (functions/src/vouchers/deskRequests.ts)
 * and the waiting list (functions/src/waitinglist/join.ts). It loads at the first call, through tsx rather than the config's bundle: it
 * shares modules with the app (src/), and firebase-admin with it.
 */
function trustedCode(): Plugin {
  type Endpoints = typeof import('./functions/src/mail/endpoints.ts');
  type Services = {
    allocator: Allocator;
    /** Lets the orders whose holds have ended lapse, and reminds transfers due (functions/src/payments/holdsJob.ts). */
    runHoldsJob: () => Promise<{ expired: number; reminded: number; cancelled: number; refunded: number }>;
    /** Applies the cancels staff queued (functions/src/payments/cancel.ts). */
    applyCancels: () => Promise<CancelsReport>;
    /** Applies what staff asked of gift cards (functions/src/giftcards/deskRequests.ts). */
    applyGiftCardRequests: () => Promise<GiftCardDeskReport>;
    /** Applies what staff asked of the waiting list (functions/src/waitinglist/deskRequests.ts). */
    applyWaitingListRequests: () => Promise<WaitingDeskReport>;
    /** Makes the vouchers staff asked to hold places (functions/src/vouchers/deskRequests.ts). */
    applyVoucherRequests: () => Promise<VoucherDeskReport>;
    /** Applies the payment marks staff queued (functions/src/payments/marks.ts). */
    applyMarks: () => Promise<MarksReport>;
    /** Applies the refunds staff queued (functions/src/payments/refunds.ts). */
    applyRefunds: () => Promise<RefundsReport>;
    mail: TrustedMail;
    endpoints: Endpoints;
    /** The card flow (functions/src/payments/card.ts); null when no provider keys are given. */
    cards: import('./functions/src/payments/cardEndpoints.ts').CardServices | null;
    cardEndpoints: typeof import('./functions/src/payments/cardEndpoints.ts');
    /** "Pay another way" (functions/src/payments/methodChange.ts). */
    changeMethod: import('./functions/src/payments/methodChange.ts').PaymentMethodChanger;
    methodChange: typeof import('./functions/src/payments/methodChange.ts');
    /** "Change name" on a ticket (functions/src/orders/ticketHolder.ts). */
    changeHolder: import('./functions/src/orders/ticketHolder.ts').TicketHolderChanger;
    ticketHolder: typeof import('./functions/src/orders/ticketHolder.ts');
    /** "Change invoice details" on the order page (functions/src/invoices/billingEndpoint.ts). */
    changeBilling: import('./functions/src/invoices/billingEndpoint.ts').BillingChanger;
    billing: typeof import('./functions/src/invoices/billingEndpoint.ts');
    sendSoon: typeof import('./functions/src/mail/trustedMail.ts').sendSoon;
    /** A gift card's balance (functions/src/giftcards/balance.ts), with its limits. */
    giftCardBalance: typeof import('./functions/src/giftcards/balance.ts');
    balanceLimits: import('./functions/src/giftcards/balance.ts').GiftCardBalanceLimits;
    /** The voucher check at checkout (functions/src/vouchers/check.ts), with its limits. */
    voucherCheck: typeof import('./functions/src/vouchers/check.ts');
    voucherLimits: import('./functions/src/vouchers/check.ts').VoucherCheckLimits;
    /** Joining and leaving the waiting list (functions/src/waitinglist/join.ts), with its limits and its emails. */
    waitingList: (
      leaving: boolean,
      method: string | undefined,
      body: unknown,
      caller: Caller,
    ) => Promise<EndpointAnswer>;
    sendWaitingMail: () => Promise<unknown>;
  };
  let services: Promise<Services> | undefined;
  const start = async (): Promise<Services> => {
    const { tsImport } = await import('tsx/esm/api');
    const load = <T>(file: string) => tsImport(file, import.meta.url) as Promise<T>;
    const [
      { createAllocator },
      { adminQueueDatabase },
      { updateStoredRecords },
      { trustedMail, sendSoon },
      endpoints,
      { runHoldsJob },
      { markApplier },
      { refundApplier },
      { cancelApplier },
      cardEndpoints,
      methodChange,
      ticketHolder,
      billing,
      giftCardBalance,
      { giftCardDeskApplier },
      voucherCheck,
      { waitingListRequest, waitingListLimits },
      { waitingDeskApplier },
      { voucherDeskApplier },
      { invoiceIssuer },
    ] = await Promise.all([
      load<typeof import('./functions/src/orders/allocator.ts')>('./functions/src/orders/allocator.ts'),
      load<typeof import('./functions/src/orders/adminQueueDatabase.ts')>(
        './functions/src/orders/adminQueueDatabase.ts',
      ),
      load<typeof import('./functions/src/migrations/atStart.ts')>('./functions/src/migrations/atStart.ts'),
      load<typeof import('./functions/src/mail/trustedMail.ts')>('./functions/src/mail/trustedMail.ts'),
      load<Endpoints>('./functions/src/mail/endpoints.ts'),
      load<typeof import('./functions/src/payments/holdsJob.ts')>('./functions/src/payments/holdsJob.ts'),
      load<typeof import('./functions/src/payments/marks.ts')>('./functions/src/payments/marks.ts'),
      load<typeof import('./functions/src/payments/refunds.ts')>('./functions/src/payments/refunds.ts'),
      load<typeof import('./functions/src/payments/cancel.ts')>('./functions/src/payments/cancel.ts'),
      load<typeof import('./functions/src/payments/cardEndpoints.ts')>('./functions/src/payments/cardEndpoints.ts'),
      load<typeof import('./functions/src/payments/methodChange.ts')>('./functions/src/payments/methodChange.ts'),
      load<typeof import('./functions/src/orders/ticketHolder.ts')>('./functions/src/orders/ticketHolder.ts'),
      load<typeof import('./functions/src/invoices/billingEndpoint.ts')>('./functions/src/invoices/billingEndpoint.ts'),
      load<typeof import('./functions/src/giftcards/balance.ts')>('./functions/src/giftcards/balance.ts'),
      load<typeof import('./functions/src/giftcards/deskRequests.ts')>('./functions/src/giftcards/deskRequests.ts'),
      load<typeof import('./functions/src/vouchers/check.ts')>('./functions/src/vouchers/check.ts'),
      load<typeof import('./functions/src/waitinglist/join.ts')>('./functions/src/waitinglist/join.ts'),
      load<typeof import('./functions/src/waitinglist/deskRequests.ts')>('./functions/src/waitinglist/deskRequests.ts'),
      load<typeof import('./functions/src/vouchers/deskRequests.ts')>('./functions/src/vouchers/deskRequests.ts'),
      load<typeof import('./functions/src/invoices/issue.ts')>('./functions/src/invoices/issue.ts'),
    ]);
    const databaseUrl = process.env.TRUSTED_CODE_DATABASE_URL || LOCAL_DATABASE_URL;
    const db = adminQueueDatabase(databaseUrl);
    // Records from before types are made explicit, then orders placed before the staff desk's index existed get
    // their entries, once per database (docs/data-model.md#records-from-before-types).
    void updateStoredRecords(db);
    const mailSettings = localMailSettings();
    const cards = cardEndpoints.cardServices(db, cardProviderSettings(process.env), mailSettings.shopUrl);
    const applyRefunds = refundApplier(db, cards?.provider ?? null);
    const applyGiftCardRequests = giftCardDeskApplier(db);
    const applyWaitingListRequests = waitingDeskApplier(db);
    const applyVoucherRequests = voucherDeskApplier(db);
    const mail = trustedMail({ ...mailSettings, databaseUrl, issueDocuments: invoiceIssuer(db) });
    const waitingLimits = waitingListLimits();
    return {
      allocator: createAllocator(db),
      runHoldsJob: () =>
        runHoldsJob(
          db,
          Date.now(),
          cards?.cards,
          applyRefunds,
          applyGiftCardRequests,
          applyWaitingListRequests,
          applyVoucherRequests,
        ),
      cards,
      cardEndpoints,
      applyMarks: markApplier(db),
      applyRefunds,
      applyCancels: cancelApplier(db, cards?.cards),
      applyGiftCardRequests,
      applyWaitingListRequests,
      applyVoucherRequests,
      changeMethod: methodChange.paymentMethodChanger(db),
      methodChange,
      changeHolder: ticketHolder.ticketHolderChanger(db),
      ticketHolder,
      changeBilling: billing.billingChanger(db, invoiceIssuer(db)),
      billing,
      mail,
      endpoints,
      sendSoon,
      giftCardBalance,
      balanceLimits: giftCardBalance.giftCardBalanceLimits(),
      voucherCheck,
      voucherLimits: voucherCheck.voucherCheckLimits(),
      waitingList: (leaving, method, body, caller) =>
        waitingListRequest({ db, limit: waitingLimits }, leaving, method, body, caller),
      sendWaitingMail: () => mail.sendWaiting(db),
    };
  };
  return {
    name: 'storefront:trusted-code',
    configurePreviewServer(server) {
      // Connected before the first buyer asks, on a stack that names its database (npm start): the connection's
      // first second would otherwise be theirs.
      if (process.env.TRUSTED_CODE_DATABASE_URL) services ??= start();
      // The retry timer: what Cloud Scheduler's retryMail does in production (functions/src/index.ts).
      const timer = setInterval(() => {
        void services?.then(({ mail }) => mail.sender.drain()).catch((error: unknown) => console.error(error));
      }, MAIL_RETRY_MS);
      timer.unref();
      // Unpaid holds lapse within a minute of their end: what Cloud Scheduler's expireOrders does in production.
      const expiryTimer = setInterval(() => {
        void services
          ?.then(async ({ runHoldsJob, mail, sendSoon, sendWaitingMail }) => {
            const report = await runHoldsJob();
            if (report.expired + report.reminded + report.cancelled + report.refunded > 0) sendSoon(mail.sender);
            await sendWaitingMail();
          })
          .catch((error: unknown) => console.error('expiring holds:', error));
      }, EXPIRY_INTERVAL_MS);
      expiryTimer.unref();
      server.httpServer?.on('close', () => {
        clearInterval(timer);
        clearInterval(expiryTimer);
      });
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        const trustedPaths = [
          ALLOCATE_ENDPOINT,
          PAYMENT_MARKS_ENDPOINT,
          PAYMENT_REFUNDS_ENDPOINT,
          ORDER_CANCEL_ENDPOINT,
          SEND_MAIL_ENDPOINT,
          FIND_ORDER_ENDPOINT,
          ORDER_LINK_ENDPOINT,
          ORDER_DOCUMENT_ENDPOINT,
          INVOICE_EXPORT_ENDPOINT,
          CARD_PAYMENT_ENDPOINT,
          CARD_WEBHOOK_ENDPOINT,
          PAYMENT_METHOD_ENDPOINT,
          TICKET_HOLDER_ENDPOINT,
          ORDER_BILLING_ENDPOINT,
          GIFT_CARD_BALANCE_ENDPOINT,
          VOUCHER_CHECK_ENDPOINT,
          GIFT_CARD_DESK_ENDPOINT,
          WAITING_DESK_ENDPOINT,
          VOUCHER_DESK_ENDPOINT,
          WAITING_JOIN_ENDPOINT,
          WAITING_LEAVE_ENDPOINT,
        ];
        if (!trustedPaths.includes(path ?? '')) {
          return next();
        }
        // POST only, answered before a body is read or trusted code is started (functions/src/endpointAnswer.ts).
        const refused = refuseUnlessPost(request.method);
        if (refused) {
          response.writeHead(refused.status, refused.headers);
          return response.end(refused.body);
        }
        // The webhook's signature is over the bytes as sent; everything else takes a little JSON.
        const webhook = path === CARD_WEBHOOK_ENDPOINT;
        const max = webhook ? WEBHOOK_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES;
        (webhook ? readRawBody(request, max) : readJsonBody(request, max))
          .then((body) => {
            // Refused before trusted code is started or looks at it.
            if (body === TOO_LARGE) return tooLargeAnswer(max);
            services ??= start();
            return services.then((trusted) => answerWith(trusted, body));
          })
          .then((answer) => {
            response.writeHead(answer.status, answer.headers);
            response.end(answer.body);
          }, next);
        function answerWith(trusted: Awaited<NonNullable<typeof services>>, body: unknown) {
          const { allocator, applyMarks, applyRefunds, mail, endpoints, sendSoon, cards, cardEndpoints } = trusted;
          const caller = endpoints.callerDirect(request.socket.remoteAddress);
          if (webhook) {
            const signature = request.headers['stripe-signature'];
            return cardEndpoints
              .cardWebhookRequest(cards, request.method, body as Buffer | undefined, String(signature ?? ''))
              .then((answer) => (sendSoon(mail.sender), answer));
          }
          if (path === CARD_PAYMENT_ENDPOINT)
            return cardEndpoints
              .cardPaymentRequest(cards, request.method, body)
              .then((answer) => (sendSoon(mail.sender), answer));
          if (path === PAYMENT_METHOD_ENDPOINT)
            return trusted.methodChange
              .paymentMethodRequest(trusted.changeMethod, request.method, body)
              .then((answer) => (sendSoon(mail.sender), answer));
          if (path === TICKET_HOLDER_ENDPOINT)
            return trusted.ticketHolder.ticketHolderRequest(trusted.changeHolder, request.method, body);
          if (path === ORDER_BILLING_ENDPOINT)
            return trusted.billing
              .billingRequest(trusted.changeBilling, request.method, body)
              .finally(() => trusted.sendSoon(mail.sender));
          if (path === ALLOCATE_ENDPOINT)
            return allocateRequest(allocator, request.method, () => sendSoon(mail.sender));
          if (path === PAYMENT_MARKS_ENDPOINT)
            return applyMarksRequest(applyMarks, request.method, () => sendSoon(mail.sender));
          if (path === PAYMENT_REFUNDS_ENDPOINT)
            return applyRefundsRequest(applyRefunds, request.method, () => sendSoon(mail.sender));
          if (path === ORDER_CANCEL_ENDPOINT)
            return applyCancelsRequest(trusted.applyCancels, request.method, () => sendSoon(mail.sender));
          if (path === GIFT_CARD_DESK_ENDPOINT)
            return applyGiftCardRequestsRequest(trusted.applyGiftCardRequests, request.method, () =>
              sendSoon(mail.sender),
            );
          if (path === WAITING_DESK_ENDPOINT)
            // An offer made by hand is mailed at once; the minute job sends what could not go now.
            return applyWaitingListRequestsRequest(trusted.applyWaitingListRequests, request.method, () => {
              trusted.sendWaitingMail().catch((error: unknown) => console.error(error));
            });
          if (path === VOUCHER_DESK_ENDPOINT)
            return applyVoucherRequestsRequest(trusted.applyVoucherRequests, request.method);
          if (path === SEND_MAIL_ENDPOINT) return endpoints.sendMailRequest(mail.sender, request.method);
          if (path === FIND_ORDER_ENDPOINT)
            return endpoints.findOrderRequest({ ...mail, limit: mail.findLimit }, request.method, body, caller);
          if (path === ORDER_DOCUMENT_ENDPOINT)
            return endpoints.orderDocumentRequest(mail.db, mail.linkLimit, request.method, body, caller);
          if (path === INVOICE_EXPORT_ENDPOINT)
            return endpoints.invoiceExportRequest(mail.db, mail.linkLimit, request.method, body, caller);
          if (path === GIFT_CARD_BALANCE_ENDPOINT)
            return trusted.giftCardBalance.giftCardBalanceRequest(
              { read: mail.db.read, ...trusted.balanceLimits },
              request.method,
              body,
              caller,
            );
          if (path === VOUCHER_CHECK_ENDPOINT)
            return trusted.voucherCheck.voucherCheckRequest(
              { read: mail.db.read, ...trusted.voucherLimits },
              request.method,
              body,
              caller,
            );
          if (path === WAITING_JOIN_ENDPOINT || path === WAITING_LEAVE_ENDPOINT)
            return trusted.waitingList(path === WAITING_LEAVE_ENDPOINT, request.method, body, caller).then(
              // The joined email leaves at once; the minute job sends whatever could not go now.
              (answer) => (void trusted.sendWaitingMail().catch((error: unknown) => console.error(error)), answer),
            );
          return endpoints.orderLinkRequest(mail.db, mail.linkLimit, request.method, body, caller);
        }
      });
    },
  };
}

/**
 * A feature's index.ts, and the index of a room inside one (the dashboard's rooms, the money model), only re-exports
 * what others may use (docs/architecture.md). Said so here, the bundler imports those bindings from where they are
 * defined instead of keeping each index as a chunk of its own.
 */
function featureIndexesHaveNoSideEffects(): Plugin {
  return {
    name: 'feature-indexes-have-no-side-effects',
    transform(code, id) {
      return /\/src\/features\/([^/]+\/)+index\.ts$/.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * index.html's inline script is in every page's HTML and runs before anything else: it ships minified, its
 * explanations staying in the source (docs/performance.md#a-tap-while-the-page-starts).
 */
function minifyInlineScripts(): Plugin {
  return {
    name: 'storefront:minify-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script>([\s\S]*?)<\/script>/g,
          (_, code: string) => `<script>${transformSync(code, { minify: true }).code.trim()}</script>`,
        ),
    },
  };
}

/**
 * react-router's package exports name only its development build, whatever the mode (its issue 14102): built
 * code then carried its development warnings and 0.5 KB more on every first visit. Builds take its production
 * build, which it ships beside it; the dev server keeps the warnings.
 */
function reactRouterProductionBuild(): { find: RegExp; replacement: string } {
  const replacement = resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');
  if (!existsSync(replacement)) throw new Error(`react-router no longer ships ${replacement}: see vite.config.ts.`);
  return { find: /^react-router$/, replacement };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === 'build' ? [reactRouterProductionBuild()] : [] },
  plugins: [
    react(),
    ...linguiPlugins(),
    featureIndexesHaveNoSideEffects(),
    reactRouterTreeShaking(),
    // The server bundle (src/ssr/renderPage.tsx) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'generateSW',
        // The app offers a new version with a toast and swaps only when the visitor agrees (src/features/pwa).
        registerType: 'prompt',
        // Registration runs after first paint from our own code, so nothing is injected into index.html.
        injectRegister: false,
        // manifest.webmanifest at the top of the repository is the one source (webAppManifest above); the plugin
        // must not write another.
        manifest: false,
        workbox: {
          // The shell, every lazy route chunk, the manifest, icons, fonts and the seed product pictures. Store
          // screenshots only matter to the install sheet, which fetches them itself.
          globPatterns: ['**/*.{html,js,css,woff2,webmanifest,svg,png}'],
          // The staff's sales chart (about 100 KB gzip, a fifth of the precache) would be downloaded by every
          // buyer's install for a chart only staff see, online: it loads when shown (docs/performance.md).
          globIgnores: ['icons/screenshots/**', 'assets/SalesChart-*.js'],
          navigateFallback: 'index.html',
          // Files opened directly (a picture in a tab of its own) are not app routes; Workbox tests path and query.
          navigateFallbackDenylist: [/^[^?]*\.\w+(?:\?|$)/],
          cleanupOutdatedCaches: true,
          // The first visit's pages come under the worker at once, so pictures seen then are cached too.
          clientsClaim: true,
          runtimeCaching: [
            {
              // Pictures added after the build (new products, other hosts). The database never serves images and
              // nothing else is cached at run time: the app keeps its own copy of the data.
              urlPattern: ({ request }) => request.destination === 'image',
              handler: 'CacheFirst',
              options: {
                cacheName: 'product-images',
                expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
                // 0: pictures from other hosts arrive opaque; they are still worth keeping for offline use.
                cacheableResponse: { statuses: [0, 200] },
              },
            },
          ],
        },
      }),
    !isSsrBuild && webAppManifest(),
    serviceWorkerNoCache(),
    firstVisitRendering(),
    trustedCode(),
    !isSsrBuild && routePreloads(),
    minifyInlineScripts(),
  ],
  build: {
    // The bundle benchmark reads the manifest to tell what the home route loads at start.
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // Every browser the app supports (es2022) preloads modules natively; the polyfill would only add bytes.
      polyfill: false,
      // main.tsx (the entry chunk, "index") imports the start-up code right after first paint. Preloading those
      // imports' dependencies from there meant adding a score of <link> elements in one task just when the page
      // had painted: Lighthouse's /home runs scored 0.91-0.97 with it, 0.95-1.0 without. The entry requests the
      // largest start-up chunks itself; lazily loaded pages keep their preloads.
      resolveDependencies: (_file, dependencies, { hostId }) =>
        /(^|\/)index-[\w-]+\.js$/.test(hostId) ? [] : dependencies,
    },
    rolldownOptions: {
      // The server bundle holds every language's messages (src/ssr/renderPage.tsx), so the browser's lazy imports
      // of them (src/i18n/catalogues.ts) are meant to be ineffective there.
      checks: { ineffectiveDynamicImport: !isSsrBuild },
      output: {
        codeSplitting: {
          groups: [
            {
              // What the entry (src/main.tsx) needs before the first paint: which languages the shop speaks, how long
              // a toast lasts, and the bundler's helper for loading the rest. A group of their own, or they would go
              // where their importers are ('state') and all of that would be evaluated before the first paint.
              name: 'basics',
              priority: 2,
              test: /src\/i18n\/languages\.ts|src\/lib\/toast\/constants\.ts|vite\/preload-helper/,
            },
            {
              // What every first visit needs after the first paint, shared by most pages: the state, the notifier,
              // product parsing (with types, quotas and typed titles), react-router, Lingui's React bindings, the JSX
              // runtime and the small formatters. Split by which chunks share them, they came as a score of files of
              // 0.2-9 KB, whose gzip and import glue cost 1.7 KB, and 0.6-1.4 KB more once react-router was in.
              name: 'state',
              test: /src\/state\/|src\/lib\/(toast\/notifier|money|typedTitle|format|price)\.ts|src\/features\/(catalogue\/(product|productTypes|quota|useSaleNow)|account\/session|site\/(usePageTitle|siteTranslations))\.ts|node_modules\/(jotai|react-router|@lingui\/react)\/|node_modules\/react\/.*jsx-runtime/,
            },
          ],
        },
      },
    },
  },
  // The server bundle serves no files: the client build has them.
  publicDir: isSsrBuild ? false : 'public',
  // No CORS, as Firebase Hosting sends none: the app calls only its own origin. Vite's default answered a preflight
  // to trusted code's endpoints itself (204) before they could refuse it (docs/security.md#trusted-codes-endpoints-take-post-only).
  preview: { port: 4173, strictPort: true, cors: false },
  server: { port: 5173 },
}));
