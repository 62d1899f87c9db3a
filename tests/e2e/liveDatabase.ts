import { test as base, type BrowserContext, type WebSocketRoute } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { FilePersistence } from '../../server/persistence/journal';
import { compileRules } from '../../server/rules';
import { DEFAULT_NAMESPACE, startDatabaseServer, type DatabaseServer } from '../../server/server';
import { adminQueueDatabase } from '../../functions/src/orders/adminQueueDatabase';
import { allocateRequest } from '../../functions/src/orders/allocateEndpoint';
import { createAllocator, type Allocator } from '../../functions/src/orders/allocator';
import { markApplier } from '../../functions/src/payments/marks';
import { cancelApplier } from '../../functions/src/payments/cancel';
import type { EndpointAnswer } from '../../functions/src/endpointAnswer';
import {
  applyCancelsRequest,
  applyMarksRequest,
  applyRefundsRequest,
} from '../../functions/src/payments/marksEndpoint';
import { refundApplier } from '../../functions/src/payments/refunds';
import { ALLOCATE_ENDPOINT, ORDER_CANCEL_ENDPOINT } from '../../src/features/orders/allocateEndpoint';
import { GIFT_CARD_DESK_ENDPOINT } from '../../src/features/giftcards/model/deskRequests';
import { giftCardDeskApplier } from '../../functions/src/giftcards/deskRequests';
import { applyGiftCardRequestsRequest } from '../../functions/src/giftcards/deskEndpoint';
import {
  CARD_PAYMENT_ENDPOINT,
  PAYMENT_MARKS_ENDPOINT,
  PAYMENT_METHOD_ENDPOINT,
  PAYMENT_REFUNDS_ENDPOINT,
  TICKET_HOLDER_ENDPOINT,
} from '../../src/features/payments/model/paymentEndpoint';
import { cardPaymentRequest } from '../../functions/src/payments/cardEndpoints';
import { paymentMethodChanger, paymentMethodRequest } from '../../functions/src/payments/methodChange';
import { ticketHolderChanger, ticketHolderRequest } from '../../functions/src/orders/ticketHolder';
import { startCardStack, type CardStack } from './cardStack';
import { deskIndexWrites, type IndexedOrder } from '../../src/features/orders/deskIndex';
import { FIND_ORDER_ENDPOINT, ORDER_LINK_ENDPOINT, SEND_MAIL_ENDPOINT } from '../../src/features/orders/orderLink';
import { callerDirect, findOrderRequest, orderLinkRequest, sendMailRequest } from '../../functions/src/mail/endpoints';
import { sendSoon, trustedMail, type TrustedMail } from '../../functions/src/mail/trustedMail';
import { startMailbox, type Mailbox } from '../../scripts/mailbox/mailbox';
import { GIFT_CARD_BALANCE_ENDPOINT } from '../../src/features/giftcards/model/balanceEndpoint';
import { giftCardBalanceLimits, giftCardBalanceRequest } from '../../functions/src/giftcards/balance';
import { VOUCHER_CHECK_ENDPOINT } from '../../src/features/vouchers/model/checkEndpoint';
import { WAITING_JOIN_ENDPOINT, WAITING_LEAVE_ENDPOINT } from '../../src/features/waitinglist/model/endpoints';
import { WAITING_DESK_ENDPOINT } from '../../src/features/waitinglist/model/deskEndpoint';
import { waitingDeskApplier } from '../../functions/src/waitinglist/deskRequests';
import { applyWaitingListRequestsRequest } from '../../functions/src/waitinglist/deskEndpoint';
import { VOUCHER_DESK_ENDPOINT } from '../../src/features/vouchers/model/deskEndpoint';
import { voucherDeskApplier } from '../../functions/src/vouchers/deskRequests';
import { applyVoucherRequestsRequest } from '../../functions/src/vouchers/deskEndpoint';
import { waitingListLimits, waitingListRequest, type WaitingListDeps } from '../../functions/src/waitinglist/join';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { voucherCheckLimits, voucherCheckRequest, type VoucherCheckLimits } from '../../functions/src/vouchers/check';

/** The port the e2e build (.env.e2e) expects the database on. */
const APP_DATABASE_PORT = 9100;

export interface LiveDatabase {
  /** Admin write over REST (as staff tooling would do), reaching every listener. */
  write(path: string, value: unknown): Promise<void>;
  /** Admin read over REST. */
  read(path: string): Promise<unknown>;
  /**
   * Writes orders as trusted code would: each order and its staff-desk index entries, all in one admin update
   * (docs/data-model.md#the-staff-desk), so the staff desk lists them.
   */
  writeOrders(orders: readonly { uid: string; id: string; order: IndexedOrder & { created: number } }[]): Promise<void>;
  /** Stops the server: sockets close, data stays on disk. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  restart(): Promise<void>;
  /**
   * Takes the browser context off the network or back: navigator.onLine and the online/offline events, and the
   * database connection, which Chromium's offline emulation does not cut for relayed WebSockets.
   */
  setOffline(offline: boolean): Promise<void>;
  /** Takes the test's own card provider down: the shop's calls to it fail from now on. */
  cardProviderDown(): Promise<void>;
  /** The test's own mailbox (scripts/mailbox/), where the shop's mail goes; it refuses addresses @refused.test. */
  mailbox: Mailbox;
  /**
   * Runs the minute job once, as Cloud Scheduler's expireOrders and `vite preview`'s timer do: holds lapse, places
   * held by ended vouchers go back, returned places are offered to the people waiting, and their emails go.
   */
  runMinuteJob(): Promise<void>;
  /** Connects the pages of another browser context (a second buyer) to this database too; it goes offline apart. */
  connect(context: BrowserContext): Promise<{ setOffline(offline: boolean): Promise<void> }>;
}

/** Trusted code as `vite preview` runs it, working on the test's own database. */
interface TrustedCode {
  allocator: Allocator;
  applyMarks: ReturnType<typeof markApplier>;
  applyRefunds: ReturnType<typeof refundApplier>;
  applyCancels: ReturnType<typeof cancelApplier>;
  applyGiftCardRequests: ReturnType<typeof giftCardDeskApplier>;
  applyWaitingListRequests: ReturnType<typeof waitingDeskApplier>;
  applyVoucherRequests: ReturnType<typeof voucherDeskApplier>;
  changeMethod: ReturnType<typeof paymentMethodChanger>;
  changeHolder: ReturnType<typeof ticketHolderChanger>;
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

async function readSeed(): Promise<unknown> {
  return JSON.parse(await readFile(new URL('../../seed/database.json', import.meta.url), 'utf8'));
}

/**
 * Passes the page's database WebSocket through to this test's own server, byte for byte. The Host header is
 * kept, so the server's handshake names the address the page dialled and the SDK stays on it.
 */
function relay(socket: WebSocketRoute, port: () => number, open: Set<WebSocketRoute>): void {
  open.add(socket);
  socket.onClose(() => open.delete(socket));
  const original = new URL(socket.url());
  const upstream = new WebSocket(`ws://127.0.0.1:${port()}${original.pathname}${original.search}`, {
    headers: { Host: original.host },
  });
  const early: string[] = [];
  upstream.on('open', () => early.splice(0).forEach((message) => upstream.send(message)));
  upstream.on('message', (data, isBinary) => socket.send(isBinary ? (data as Buffer) : data.toString()));
  upstream.on('close', () => socket.close());
  upstream.on('error', () => socket.close());
  socket.onMessage((message) => {
    const text = typeof message === 'string' ? message : message.toString();
    if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
    else early.push(text);
  });
  socket.onClose(() => upstream.close());
}

/**
 * Routes the pages' database sockets to the test's server while `online()` says so; refuses them otherwise. The
 * app's call to trusted code that settles the order queue is answered by the same module `vite preview` and the
 * Cloud Function use, here working on the test's own database.
 */
async function connectPages(
  context: BrowserContext,
  port: () => number,
  online: () => boolean,
  open: Set<WebSocketRoute>,
  trusted: () => TrustedCode,
) {
  await context.routeWebSocket(new RegExp(`^ws://[^/]+:${APP_DATABASE_PORT}/`), (socket) => {
    if (online()) relay(socket, port, open);
    else void socket.close();
  });
  await context.route(`**${ALLOCATE_ENDPOINT}`, async (route) => {
    if (!online()) return route.abort('internetdisconnected');
    const { allocator, mail } = trusted();
    const answer = await allocateRequest(allocator, route.request().method(), () => sendSoon(mail.sender));
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
  // The queues staff fill (payments, refunds, cancels, gift cards, the waiting list, vouchers that hold places),
  // applied as allocateOrders does.
  const queues: [string, (code: TrustedCode, method: string, sent: () => void) => Promise<EndpointAnswer>][] = [
    [PAYMENT_MARKS_ENDPOINT, (code, method, sent) => applyMarksRequest(code.applyMarks, method, sent)],
    [PAYMENT_REFUNDS_ENDPOINT, (code, method, sent) => applyRefundsRequest(code.applyRefunds, method, sent)],
    [ORDER_CANCEL_ENDPOINT, (code, method, sent) => applyCancelsRequest(code.applyCancels, method, sent)],
    [
      GIFT_CARD_DESK_ENDPOINT,
      (code, method, sent) => applyGiftCardRequestsRequest(code.applyGiftCardRequests, method, sent),
    ],
    [WAITING_DESK_ENDPOINT, (code, method) => applyWaitingListRequestsRequest(code.applyWaitingListRequests, method)],
    [VOUCHER_DESK_ENDPOINT, (code, method) => applyVoucherRequestsRequest(code.applyVoucherRequests, method)],
  ];
  for (const [endpoint, apply] of queues) {
    await context.route(`**${endpoint}`, async (route) => {
      if (!online()) return route.abort('internetdisconnected');
      const code = trusted();
      const answer = await apply(code, route.request().method(), () => sendSoon(code.mail.sender));
      await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
    });
  }
  // The order page's "Pay by card", as `vite preview` and the Cloud Function allocateOrders answer it.
  await context.route(`**${CARD_PAYMENT_ENDPOINT}`, async (route) => {
    if (!online()) return route.abort('internetdisconnected');
    const { cards, mail } = trusted();
    const request = route.request();
    const body: unknown = request.postData() ? request.postDataJSON() : undefined;
    const answer = await cardPaymentRequest((await cards()).services, request.method(), body);
    sendSoon(mail.sender);
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
  // "Pay another way", the same.
  await context.route(`**${PAYMENT_METHOD_ENDPOINT}`, async (route) => {
    if (!online()) return route.abort('internetdisconnected');
    const { changeMethod, mail } = trusted();
    const request = route.request();
    const body: unknown = request.postData() ? request.postDataJSON() : undefined;
    const answer = await paymentMethodRequest(changeMethod, request.method(), body);
    sendSoon(mail.sender);
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
  // The order page's "Change name" on a ticket, the same.
  await context.route(`**${TICKET_HOLDER_ENDPOINT}`, async (route) => {
    if (!online()) return route.abort('internetdisconnected');
    const request = route.request();
    const body: unknown = request.postData() ? request.postDataJSON() : undefined;
    const answer = await ticketHolderRequest(trusted().changeHolder, request.method(), body);
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
  // The mail sender's endpoints, a gift card's balance and the voucher check, as `vite preview` and the Cloud
  // Function orderMail answer them.
  const E2E_CALLER = callerDirect('e2e');
  const relayed = [
    SEND_MAIL_ENDPOINT,
    FIND_ORDER_ENDPOINT,
    ORDER_LINK_ENDPOINT,
    GIFT_CARD_BALANCE_ENDPOINT,
    VOUCHER_CHECK_ENDPOINT,
    WAITING_JOIN_ENDPOINT,
    WAITING_LEAVE_ENDPOINT,
  ];
  await context.route(new RegExp(`(${relayed.join('|')})$`), async (route) => {
    if (!online()) return route.abort('internetdisconnected');
    const { mail, balanceLimits, voucherLimits, waitingList } = trusted();
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const body: unknown = request.postData() ? request.postDataJSON() : undefined;
    const answer =
      path === SEND_MAIL_ENDPOINT
        ? await sendMailRequest(mail.sender, request.method())
        : path === FIND_ORDER_ENDPOINT
          ? await findOrderRequest({ ...mail, limit: mail.findLimit }, request.method(), body, E2E_CALLER)
          : path === GIFT_CARD_BALANCE_ENDPOINT
            ? await giftCardBalanceRequest({ read: mail.db.read, ...balanceLimits }, request.method(), body, E2E_CALLER)
            : path === VOUCHER_CHECK_ENDPOINT
              ? await voucherCheckRequest({ read: mail.db.read, ...voucherLimits }, request.method(), body, E2E_CALLER)
              : path === WAITING_JOIN_ENDPOINT || path === WAITING_LEAVE_ENDPOINT
                ? await waitingListRequest(
                    waitingList,
                    path === WAITING_LEAVE_ENDPOINT,
                    request.method(),
                    body,
                    E2E_CALLER,
                  ).finally(() => void mail.sendWaiting(waitingList.db).catch(() => undefined))
                : await orderLinkRequest(mail.db, mail.linkLimit, request.method(), body, E2E_CALLER);
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body }).catch(() => undefined);
  });
}

/**
 * `db`: a real database server of this test's own (the project's rules, the seed data, durable files in a temp
 * folder) that the app in every page of the test's browser context talks to. Automatic: every test of a file
 * using this `test` has one, whether or not it touches it.
 */
export const test = base.extend<{ db: LiveDatabase; dbPort: number }>({
  /** The database's port; 0 picks a free one. A fixed one is for the server's own reads (first-visit pages). */
  dbPort: [0, { option: true }],
  db: [
    async ({ context, dbPort, baseURL }, provide) => {
      const dir = await mkdtemp(join(tmpdir(), 'storefront-e2e-'));
      const rulesText = await readFile(new URL('../../database.rules.json', import.meta.url), 'utf8');
      const rules = compileRules(rulesText);
      let port = dbPort;
      const running: { server: DatabaseServer | null } = { server: null };
      const start = async () => {
        const server = await startDatabaseServer({
          port,
          rules,
          rulesText,
          persistence: new FilePersistence({ dir }),
          log: () => undefined,
        });
        running.server = server;
        port = server.port;
        return server;
      };
      await (await start()).set(DEFAULT_NAMESPACE, '/', await readSeed());
      let online = true;
      const open = new Set<WebSocketRoute>();
      let queue: ReturnType<typeof adminQueueDatabase> | undefined;
      let trustedCode: TrustedCode | undefined;
      let cardStack: Promise<CardStack> | undefined;
      const mailbox = await startMailbox({ smtpPort: 0, webPort: 0, refuse: /@refused\.test$/ });
      const allocate = () => {
        const databaseUrl = `http://127.0.0.1:${port}?ns=${DEFAULT_NAMESPACE}`;
        if (trustedCode) return trustedCode;
        const db = (queue ??= adminQueueDatabase(databaseUrl));
        const shopUrl = new URL(baseURL ?? 'http://localhost:4173').origin;
        const mail = trustedMail({
          smtpUrl: `smtp://127.0.0.1:${mailbox.smtpPort}`,
          from: 'tickets@storefront.test',
          shopUrl,
          databaseUrl,
        });
        const cards = () => (cardStack ??= startCardStack(db, shopUrl, () => sendSoon(mail.sender)));
        trustedCode = {
          allocator: createAllocator(db),
          applyMarks: markApplier(db),
          // Card refunds through the test's own card provider, the one its card payments were made with.
          applyRefunds: refundApplier(db, {
            refund: async (refund) => (await cards()).services.provider.refund(refund),
          }),
          // Open card pages closed through the test's own card provider, started only for a card order.
          applyCancels: cancelApplier(db, {
            closeOpenPayments: async (target) => (await cards()).services.cards.closeOpenPayments(target),
          }),
          applyGiftCardRequests: giftCardDeskApplier(db),
          applyWaitingListRequests: waitingDeskApplier(db),
          applyVoucherRequests: voucherDeskApplier(db),
          changeMethod: paymentMethodChanger(db),
          changeHolder: ticketHolderChanger(db),
          mail,
          balanceLimits: giftCardBalanceLimits(),
          voucherLimits: voucherCheckLimits(),
          waitingList: { db, limit: waitingListLimits() },
          cards,
        };
        return trustedCode;
      };
      await connectPages(
        context,
        () => port,
        () => online,
        open,
        allocate,
      );

      const rest = async (path: string, init?: RequestInit) => {
        const response = await fetch(
          `http://127.0.0.1:${port}/${path.replace(/^\//, '')}.json?ns=${DEFAULT_NAMESPACE}`,
          { ...init, headers: { Authorization: 'Bearer owner' } },
        );
        if (!response.ok)
          throw new Error(`REST ${init?.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
        return response.json() as Promise<unknown>;
      };
      await provide({
        write: async (path, value) => {
          await rest(path, { method: 'PUT', body: JSON.stringify(value) });
        },
        read: (path) => rest(path),
        writeOrders: async (orders) => {
          const products = ((await rest('products')) ?? {}) as Record<string, { date?: unknown }>;
          const update: Record<string, unknown> = {};
          for (const { uid, id, order } of orders) {
            const events = Object.keys(order.items).filter((productId) => products[productId]?.date);
            update[`orders/${uid}/${id}`] = order;
            Object.assign(update, deskIndexWrites(uid, id, order, order.created, events));
          }
          await rest('', { method: 'PATCH', body: JSON.stringify(update) });
        },
        mailbox,
        runMinuteJob: async () => {
          const { mail, waitingList } = allocate();
          await runHoldsJob(queue!, Date.now());
          sendSoon(mail.sender);
          await mail.sendWaiting(waitingList.db);
        },
        cardProviderDown: async () => {
          await (await allocate().cards()).providerDown();
        },
        stop: async () => {
          await running.server?.close();
          running.server = null;
        },
        restart: async () => {
          await start();
        },
        connect: async (other) => {
          let otherOnline = true;
          const sockets = new Set<WebSocketRoute>();
          await connectPages(
            other,
            () => port,
            () => otherOnline,
            sockets,
            allocate,
          );
          return {
            setOffline: async (offline: boolean) => {
              otherOnline = !offline;
              await other.setOffline(offline);
              if (offline) await Promise.all([...sockets].map((socket) => socket.close()));
            },
          };
        },
        setOffline: async (offline) => {
          online = !offline;
          await context.setOffline(offline);
          if (offline) await Promise.all([...open].map((socket) => socket.close()));
        },
      });
      // The page may still be asking trusted code (the order page follows a payment): those calls are answered no
      // more, and one under way when its database closes is no error of the test's.
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await (await cardStack)?.close();
      await queue?.close();
      await trustedCode?.mail.close();
      await mailbox.close();
      await running.server?.close();
      await rm(dir, { recursive: true, force: true });
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
