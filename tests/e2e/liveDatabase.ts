import { billingChanger } from '../../functions/src/invoices/billingEndpoint';
import { test as base, type BrowserContext, type WebSocketRoute } from '@playwright/test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { FilePersistence } from '../../server/persistence/journal';
import { compileRules } from '../../server/rules';
import { DEFAULT_NAMESPACE, startDatabaseServer, type DatabaseServer } from '../../server/server';
import { adminQueueDatabase } from '../../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../../functions/src/orders/allocator';
import { markApplier } from '../../functions/src/payments/marks';
import { cancelApplier } from '../../functions/src/payments/cancel';
import { refundApplier } from '../../functions/src/payments/refunds';
import { giftCardDeskApplier } from '../../functions/src/giftcards/deskRequests';
import { paymentMethodChanger } from '../../functions/src/payments/methodChange';
import { ticketHolderChanger } from '../../functions/src/orders/ticketHolder';
import { sendSoon, trustedMail } from '../../functions/src/mail/trustedMail';
import { giftCardBalanceLimits } from '../../functions/src/giftcards/balance';
import { waitingDeskApplier } from '../../functions/src/waitinglist/deskRequests';
import { voucherDeskApplier } from '../../functions/src/vouchers/deskRequests';
import { waitingListLimits } from '../../functions/src/waitinglist/join';
import { runHoldsJob } from '../../functions/src/payments/holdsJob';
import { invoiceIssuer } from '../../functions/src/invoices/issue';
import { voucherCheckLimits } from '../../functions/src/vouchers/check';
import { deskIndexWrites, type IndexedOrder } from '../../src/features/orders/deskIndex';
import { startMailbox, type Mailbox } from '../../scripts/mailbox/mailbox';
import { startCardStack, type CardStack } from './cardStack';
import { TRUSTED_PORT_COOKIE } from './trustedCookie';
import { startTrustedServer, type TrustedCode, type TrustedServer } from './trustedServer';

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
 * Routes the pages' database sockets to the test's server while `online()` says so, and refuses them otherwise; names
 * the test's trusted code (the same modules `vite preview` and the Cloud Functions use, on the test's own database) to
 * the app server, which relays the pages' calls to it.
 */
async function connectPages(
  context: BrowserContext,
  port: () => number,
  online: () => boolean,
  open: Set<WebSocketRoute>,
  trusted: TrustedServer,
  appUrl: string,
) {
  await context.routeWebSocket(new RegExp(`^ws://[^/]+:${APP_DATABASE_PORT}/`), (socket) => {
    if (online()) relay(socket, port, open);
    else void socket.close();
  });
  await context.addCookies([{ name: TRUSTED_PORT_COOKIE, value: String(trusted.port), url: appUrl }]);
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
      const appUrl = new URL(baseURL ?? 'http://localhost:4173').origin;
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
        const shopUrl = appUrl;
        const mail = trustedMail({
          smtpUrl: `smtp://127.0.0.1:${mailbox.smtpPort}`,
          from: 'tickets@storefront.test',
          shopUrl,
          databaseUrl,
          issueDocuments: invoiceIssuer(db),
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
          changeBilling: billingChanger(db, invoiceIssuer(db)),
          mail,
          balanceLimits: giftCardBalanceLimits(),
          voucherLimits: voucherCheckLimits(),
          waitingList: { db, limit: waitingListLimits() },
          cards,
        };
        return trustedCode;
      };
      const trustedServer = await startTrustedServer(allocate);
      await connectPages(
        context,
        () => port,
        () => online,
        open,
        trustedServer,
        appUrl,
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
            trustedServer,
            appUrl,
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
      await trustedServer.close();
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
