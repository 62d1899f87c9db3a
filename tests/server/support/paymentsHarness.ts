/**
 * What the payment server tests share (tests/server/payments-hold.test.ts, payment-marks.test.ts): the real local
 * database with the shop's rules, started once per file and seeded before each test; connections as admin, as any
 * uid (judged by the rules) and as trusted code; and a buyer's order placed as the app places one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, ServerValue, type Database } from 'firebase-admin/database';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { adminQueueDatabase } from '../../../functions/src/orders/adminQueueDatabase';
import { createAllocator } from '../../../functions/src/orders/allocator';
import { orderIdFor } from '../../../functions/src/orders/orderId';
import { cancelApplier } from '../../../functions/src/payments/cancel';
import type { CardPayments } from '../../../functions/src/payments/card';
import { cancelPaths, cancelRequestRecord } from '../../../src/features/orders/orderCancels';
import { requestRecord, type RequestChoices } from '../../../src/features/orders/orderRequest';
import type { PaymentMethod } from '../../../src/features/payments/model/paymentSettings';
import type { ShopLanguage } from '../../../src/i18n/languages';
import { compileRules } from '../../../server/rules/index';
import type { DatabaseServer } from '../../../server/server';
import { NAMESPACE, startTestServer } from './protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../../database.rules.json', import.meta.url)), 'utf8');

/** A shop in pounds offering every way to pay, with one staff account: what most payment tests start from. */
export const SHOP_TAKING_EVERY_METHOD = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: { currency: 'GBP' },
  paymentSettings: {
    door: { on: true },
    transfer: { on: true, days: 3, payee: 'Harbour Jazz Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: '' },
    card: { on: true, minutes: 30 },
  },
};

/** SHOP_TAKING_EVERY_METHOD's users and a customer profile for each of `uids` (uid@example.com). */
export const usersWithBuyers = (uids: readonly string[]): Record<string, unknown> => ({
  ...SHOP_TAKING_EVERY_METHOD.users,
  ...Object.fromEntries(
    uids.map((uid) => [
      uid,
      { firstname: uid, lastname: 'B', email: `${uid}@example.com`, role: 'customer', created: 1 },
    ]),
  ),
});

/** Registers the file's hooks; `seed` is the whole database each test starts from. */
export function paymentsDatabase(seed: () => Record<string, unknown>) {
  let server: DatabaseServer;
  let url = '';
  const apps: App[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
    url = `http://127.0.0.1:${server.port}?ns=${NAMESPACE}`;
  });
  beforeEach(() => server.set(NAMESPACE, '/', seed()));
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await server.close();
  });

  /** The database as `uid` (judged by the rules), or as admin without one. */
  function connect(name: string, uid?: string): Database {
    const app = initializeApp(
      { databaseURL: url, ...(uid ? { databaseAuthVariableOverride: { uid } } : {}) },
      `${name}-${apps.length}`,
    );
    apps.push(app);
    return getDatabase(app);
  }
  const admin = () => connect('admin');

  /** Trusted code's own connection (the allocator's identity), closed after the test. */
  function trusted() {
    const db = adminQueueDatabase(url);
    closers.push(db.close);
    return db;
  }

  /** Buyer `uid` orders `lines` paying by `method`, as the app does; the allocator settles it. Returns the order id. */
  async function order(
    uid: string,
    lines: Record<string, number>,
    method: PaymentMethod = 'door',
    language?: ShopLanguage,
    giftCard?: string,
  ): Promise<string> {
    const id = await queueOrder(uid, lines, method, { language, giftCard });
    await createAllocator(trusted()).settle();
    return id;
  }

  /** Buyer `uid`'s request for `lines`, queued as the app queues one and not settled yet. Returns its order's id. */
  async function queueOrder(
    uid: string,
    lines: Record<string, number>,
    method: PaymentMethod,
    choices: Pick<RequestChoices, 'language' | 'giftCard' | 'gift' | 'voucher' | 'amounts' | 'billing'> = {},
  ): Promise<string> {
    const id = `request-${uid}`;
    const wanted = Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity }));
    const contact = { name: `Buyer ${uid}`, email: `${uid}@example.com` };
    await connect(uid, uid)
      .ref()
      .update({
        [`orderQueue/${uid}`]: requestRecord(id, wanted, contact, ServerValue.TIMESTAMP, { method, ...choices }),
        [`orderRate/${uid}`]: ServerValue.TIMESTAMP,
      });
    return orderIdFor(uid, id);
  }

  /**
   * Order `id` of buyer `uid` cancelled as the desk cancels one: a request queued by staff member `staff` (judged by
   * the rules) and applied by trusted code, with `cards` to close open card pages. Returns trusted code's answer.
   */
  let cancels = 0;
  async function cancelOnDesk(
    uid: string,
    id: string,
    cards?: Pick<CardPayments, 'closeOpenPayments'>,
    staff = 'staff',
  ): Promise<unknown> {
    const requestId = `cancel-${++cancels}-${id}`.slice(0, 64);
    await connect(staff, staff)
      .ref(cancelPaths.request(requestId))
      .set(cancelRequestRecord({ uid, order: id, by: staff }, ServerValue.TIMESTAMP));
    await cancelApplier(trusted(), cards)();
    return (await admin().ref(cancelPaths.answer(requestId)).get()).val();
  }

  return {
    url: () => url,
    cancelOnDesk,
    connect,
    admin,
    read: async (path: string): Promise<unknown> => (await admin().ref(path).get()).val(),
    trusted,
    order,
    queueOrder,
    /** Trusted code settles what is queued, as after checkout. */
    settle: () => createAllocator(trusted()).settle(),
    /** Closes `close` after the test, with trusted code's connections. */
    closeAfter: (close: () => Promise<void>) => closers.push(close),
  };
}
