/**
 * Emails as trusted code composes them, for tests: one order of two tickets to a dated event, and every kind and
 * variant of email about it (tests/unit/mail.test.ts reads their words, tests/e2e/narrow-phone.spec.ts their layout).
 */
import type { MailContext } from '../../functions/src/mail/compose';
import { parseOrder } from '../../src/features/orders/order';
import { DEFAULT_SITE } from '../../src/state/site';
import { parsePaymentSettings } from '../../src/features/payments/model/paymentSettings';
import type { Ticket } from '../../src/features/tickets/ticket';

export const ticket = (n: number, status: 'valid' | 'void' = 'valid'): Ticket => ({
  eventId: 'gig',
  id: `o1-${n}`,
  uid: 'u1',
  order: 'o1',
  n,
  code: `ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-${String(n).padStart(4, '0')}`,
  holder: 'Ann',
  status,
  due: null,
  created: 1,
  checkin: null,
  line: 'gig',
  type: null,
});

/** An order's payment summary as the allocator writes it: `method`, pending, its hold ending on 4 Dec 2026 at noon. */
export const pay = (method: string, extra: Record<string, unknown> = {}) => ({
  method,
  currency: 'GBP',
  due: 2500,
  paid: 0,
  refunded: 0,
  state: 'pending',
  until: Date.UTC(2026, 11, 4, 12),
  v: 1,
  ...extra,
});

export const SHOP = { ...DEFAULT_SITE, name: 'Hall & Co', email: 'hello@hall.test', telephone: '020 7946 0000' };

export function context(
  overrides: Partial<MailContext> = {},
  quantity = 2,
  name = 'Ann Buyer',
  payment?: Record<string, unknown>,
): MailContext {
  const order = parseOrder('u1', 'o1', {
    items: { gig: { title: 'Gig <b>night</b>', price: 12.5, quantity } },
    total: 12.5 * quantity,
    status: 'pending',
    created: 1_800_000_000_000,
    contact: { name, email: 'ann@example.com' },
    ref: 'K7M4QXPR',
    link: 'x'.repeat(32),
    ...(payment ? { pay: payment } : {}),
  })!;
  return {
    messageId: 'o1-confirmation',
    kind: 'confirmation',
    order,
    tickets: Array.from({ length: quantity }, (_, n) => ticket(n)),
    events: new Map([['gig', { title: 'Gig <b>night</b>', date: '2027-06-01T19:00:00Z', venue: 'Main Hall' }]]),
    shop: SHOP,
    payments: parsePaymentSettings({
      transfer: { on: true, days: 7, payee: 'Hall & Co Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
    }),
    orderUrl: 'https://shop.test/order#' + 'x'.repeat(32),
    giftCards: [],
    balanceUrl: 'https://shop.test/giftcard',
    from: 'tickets@shop.test',
    domain: 'shop.test',
    ...overrides,
  };
}

const paid = pay('card', { state: 'paid', paid: 2500 });

/** Two gift cards an order issued: one that never expires, one valid until 1 June 2027 at noon (UTC). */
export const GIFT_CARDS = [
  { code: 'W3BT9FD2RPXQ4M7K', currency: 'GBP', value: 2500, balance: 2500, expires: null },
  { code: 'ZZZZ0000AAAA1111', currency: 'GBP', value: 5000, balance: 1200, expires: Date.UTC(2027, 5, 1, 12) },
];

/** Every kind of email about an order, in each of its variants: a name, what differs, the payment it is about. */
export const MAIL_VARIANTS: [string, Partial<MailContext>, object?][] = [
  ['reserved', {}],
  ['held by card', {}, pay('card')],
  ['held, no deadline', {}, pay('transfer', { until: null })],
  ['confirmed', {}, paid],
  ['tickets', { kind: 'tickets' }, paid],
  ['link', { kind: 'link' }],
  ['paid', { kind: 'paid' }, paid],
  ['gift cards', { kind: 'paid', giftCards: GIFT_CARDS }, paid],
  ['reminder', { kind: 'reminder' }, pay('transfer')],
  ['expired', { kind: 'expired' }, pay('transfer', { state: 'expired' })],
  ['refund', { kind: 'refund' }, paid],
  ['card refund', { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'card' } }, paid],
  ['refund by hand', { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'by-hand' } }, paid],
  [
    'refund to a new gift card',
    { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'new-giftcard', card: 'W3BT9FD2RPXQ4M7K' } },
    paid,
  ],
  [
    'refund to the gift card',
    { kind: 'refund', refund: { amount: 1000, currency: 'GBP', way: 'giftcard', card: 'W3BT9FD2RPXQ4M7K' } },
    paid,
  ],
  ['failed refund', { kind: 'refund', refund: { amount: 1, currency: 'GBP', way: 'card', failed: true } }, paid],
  ['part received', { kind: 'received', received: { amount: 1000, due: 1500, case: 'part' } }, pay('transfer')],
  ['received, cancelled', { kind: 'received', received: { amount: 2500, due: 0, case: 'cancelled' } }, pay('transfer')],
  ['received too late', { kind: 'received', received: { amount: 2500, due: 0, case: 'late' } }, pay('transfer')],
  ...(['confirmed', 'fulfilled', 'cancelled'] as const).map((status): [string, Partial<MailContext>, object] => [
    status,
    { kind: 'status', status },
    paid,
  ]),
];

/** The same order, recorded in `language` at checkout (or, with null, from before languages). */
export function inLanguage(
  language: 'en-GB' | 'de-DE' | null,
  overrides: Partial<MailContext> = {},
  payment?: object,
): MailContext {
  const ctx = context(overrides, 2, 'Ann Buyer', payment as Record<string, unknown> | undefined);
  return { ...ctx, order: { ...ctx.order, language } };
}
