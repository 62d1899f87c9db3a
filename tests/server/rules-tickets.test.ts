/**
 * The rules of tickets/ and checkins/ (docs/tickets-and-check-in.md) on the rules engine: the allocator creates
 * tickets only with a brand-new order of a dated product and never more than its quantity; only holder and staff read
 * them; only staff void them or check them in, the first check-in once; scan records are staff-only and unique.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { compileRules, JsonRulesData } from '../../server/rules';
import { check, orderDelivery } from './rules-helpers';
import { gigEvent } from './support/gigEvent';

const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
const compiled = compileRules(RULES);
const NOW = 1_760_000_000_000;
const who = (uid: string): RulesAuth => ({ uid, provider: 'password', token: {} });
const buyer = who('buyer');
const other = who('other');
const staff = who('staff');
const allocator = who('storefront-order-allocator');
const CODE = 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345';
const CODE2 = '6789-ABCD-EFGH-JKMN-PQRS-TVWX-YZ01';

const product = (extra: Record<string, unknown> = {}) => gigEvent({ date: null, ...extra });
const order = (quantity: number, productId = 'gig') => ({
  // The catalogue's title, as the order rules require (docs/security.md).
  items: {
    [productId]: { title: productId === 'mug' ? 'Mug' : 'Gig', price: 10, quantity, event: productId, first: 0 },
  },
  total: 10 * quantity,
  status: 'pending',
  created: NOW,
  contact: { name: 'Bo', email: 'bo@example.com' },
});
const ticket = (orderId: string, n: number, extra: Record<string, unknown> = {}) => ({
  uid: 'buyer',
  order: orderId,
  n,
  code: CODE,
  holder: 'Bo',
  status: 'valid',
  created: NOW,
  line: 'gig',
  ...extra,
});
const scan = (ticketId: string, extra: Record<string, unknown> = {}) => ({
  ticket: ticketId,
  device: 'door-1',
  result: 'admitted',
  scanned: NOW - 1000,
  received: NOW,
  by: 'staff',
  ...extra,
});

const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  products: { gig: product({ date: '2027-01-15T19:00:00Z' }), mug: product({ title: 'Mug' }) },
  orders: { buyer: { o1: order(2) } },
  tickets: { gig: { 'o1-0': ticket('o1', 0), 'o1-1': ticket('o1', 1, { code: CODE2 }) } },
  checkins: { gig: { scanAAAA1111: scan('o1-0', { result: 'void' }) } },
};

/** The data with ticket o1-1 checked in at the door. */
const checkedIn = {
  ...data,
  tickets: {
    gig: {
      ...data.tickets.gig,
      'o1-1': ticket('o1', 1, { checkin: { scan: 'scanCCCC3333', device: 'door-2', at: NOW } }),
    },
  },
};

const path = (text: string) => text.split('/').filter(Boolean);
const set = (target: string, value: unknown): JsonWrite => ({ path: path(target), value });
const allowed = (writes: JsonWrite[], auth: RulesAuth | null, base: unknown = data) =>
  check(RULES, base, writes, auth, NOW).allowed;
const canRead = (target: string, auth: RulesAuth | null) =>
  compiled.canRead(path(target), auth, new JsonRulesData(data), NOW);

/** The checkout update of a new order o2 (taking a free open-order slot) with `quantity` units and the tickets. */
const checkout = (quantity: number, tickets: Record<string, unknown>, productId = 'gig'): JsonWrite[] => [
  set(`orders/buyer/o2`, { ...order(quantity, productId), ...orderDelivery('buyer', 'o2').fields }),
  ...Object.entries(orderDelivery('buyer', 'o2').writes).map(([target, value]) => set(target, value)),
  set('openOrders/buyer/a', 'o2'),
  ...Object.entries(tickets).map(([id, value]) => set(`tickets/${productId}/${id}`, value)),
];

describe('tickets: issued with the order', () => {
  it('the allocator issues one ticket per unit in the update that creates the order; nobody else does', () => {
    const issue = checkout(2, { 'o2-0': ticket('o2', 0), 'o2-1': ticket('o2', 1) });
    expect(allowed(issue, allocator)).toBe(true);
    for (const someone of [buyer, other, staff, null]) expect(allowed(issue, someone)).toBe(false);
  });

  it("a ticket's created time is the server's time of the write, nothing else", () => {
    for (const created of [0, NOW - 1, NOW + 1, '2027-01-01']) {
      expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { created }) }), allocator), String(created)).toBe(false);
    }
  });

  it('never more tickets than units: n must be below the quantity', () => {
    expect(allowed(checkout(2, { 'o2-2': ticket('o2', 2) }), allocator)).toBe(false);
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0), 'o2-1': ticket('o2', 1) }), allocator)).toBe(false);
  });

  it('the ticket id is fixed by order and number, so no second ticket for the same unit', () => {
    expect(allowed(checkout(2, { 'o2-0b': ticket('o2', 0) }), allocator)).toBe(false);
    expect(allowed(checkout(2, { extra: ticket('o2', 0) }), allocator)).toBe(false);
    expect(allowed(checkout(2, { 'o2-0.5': ticket('o2', 0.5) }), allocator)).toBe(false);
    expect(allowed(checkout(2, { 'o2--1': ticket('o2', -1) }), allocator)).toBe(false);
  });

  it('no ticket without a brand-new order in the same update', () => {
    expect(allowed([set('tickets/gig/o2-0', ticket('o2', 0))], allocator)).toBe(false);
    // o1 already exists: it cannot be used to mint tickets afterwards.
    expect(allowed([set('tickets/gig/o1-2', ticket('o1', 2))], allocator)).toBe(false);
    const withoutTickets = { ...data, tickets: {} };
    expect(allowed([set('tickets/gig/o1-0', ticket('o1', 0))], buyer, withoutTickets)).toBe(false);
  });

  it('no ticket for a product without a date, or for a product the order does not hold', () => {
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0) }, 'mug'), allocator)).toBe(false);
    expect(allowed([set('orders/buyer/o2', order(1)), set('tickets/mug/o2-0', ticket('o2', 0))], allocator)).toBe(
      false,
    );
  });

  it("no ticket in someone else's name, nor for someone else's order", () => {
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { uid: 'other' }) }), allocator)).toBe(false);
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { uid: 'other' }) }), allocator)).toBe(false);
  });

  it('a new ticket is valid, not checked in, and has a well-formed code', () => {
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { status: 'void' }) }), allocator)).toBe(false);
    expect(
      allowed(
        checkout(1, { 'o2-0': ticket('o2', 0, { checkin: { scan: 'scanAAAA1111', device: 'me', at: NOW } }) }),
        buyer,
      ),
    ).toBe(false);
    for (const code of [
      '',
      'AAAA',
      CODE.toLowerCase(),
      `${CODE}-AAAA`,
      'ILOU-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
      '<b>x</b>',
    ]) {
      expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { code }) }), allocator), code).toBe(false);
    }
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { seat: 'A1' }) }), allocator)).toBe(false);
    expect(allowed(checkout(1, { 'o2-0': ticket('o2', 0, { holder: '' }) }), allocator)).toBe(false);
  });
});

describe('tickets: who reads', () => {
  it('the holder and staff read a ticket; others, signed out included, do not', () => {
    expect(canRead('tickets/gig/o1-0', buyer)).toBe(true);
    expect(canRead('tickets/gig/o1-0', staff)).toBe(true);
    expect(canRead('tickets/gig/o1-0', other)).toBe(false);
    expect(canRead('tickets/gig/o1-0', null)).toBe(false);
  });

  it("only staff read an event's list or the scans", () => {
    for (const target of ['tickets', 'tickets/gig', 'checkins', 'checkins/gig', 'checkins/gig/scanAAAA1111']) {
      expect(canRead(target, buyer), target).toBe(false);
      expect(canRead(target, staff), target).toBe(true);
    }
  });
});

describe('tickets: changes', () => {
  it('the holder cannot change, void, check in or delete their ticket', () => {
    expect(allowed([set('tickets/gig/o1-0/holder', 'Someone')], buyer)).toBe(false);
    expect(allowed([set('tickets/gig/o1-0/status', 'void')], buyer)).toBe(false);
    expect(allowed([set('tickets/gig/o1-0', null)], buyer)).toBe(false);
    expect(
      allowed(
        [
          set('checkins/gig/scanBBBB2222', scan('o1-1', { by: 'buyer' })),
          set('tickets/gig/o1-1/checkin', { scan: 'scanBBBB2222', device: 'x', at: NOW }),
        ],
        buyer,
      ),
    ).toBe(false);
  });

  it('staff void a ticket and make it valid again, but change nothing else and delete nothing', () => {
    expect(allowed([set('tickets/gig/o1-0/status', 'void')], staff)).toBe(true);
    const voided = { ...data, tickets: { gig: { ...data.tickets.gig, 'o1-0': ticket('o1', 0, { status: 'void' }) } } };
    expect(allowed([set('tickets/gig/o1-0/status', 'valid')], staff, voided)).toBe(true);
    expect(allowed([set('tickets/gig/o1-0/code', CODE2)], staff)).toBe(false);
    expect(allowed([set('tickets/gig/o1-0/uid', 'other')], staff)).toBe(false);
    expect(allowed([set('tickets/gig/o1-0', null)], staff)).toBe(false);
    expect(allowed([set('tickets/gig/o1-0/status', 'used')], staff)).toBe(false);
  });

  it('only trusted code corrects the name on a ticket (for its link holder), and not once it is checked in', () => {
    const rename = [set('tickets/gig/o1-1/holder', 'Sam Lee')];
    expect(allowed(rename, buyer)).toBe(false);
    expect(allowed(rename, staff)).toBe(false);
    expect(allowed([set('tickets/gig/o1-1', ticket('o1', 1, { code: CODE2, holder: 'Sam Lee' }))], staff)).toBe(false);
    expect(allowed(rename, allocator)).toBe(true);
    // Still a name, as at issue.
    expect(allowed([set('tickets/gig/o1-1/holder', '')], allocator)).toBe(false);
    expect(allowed([set('tickets/gig/o1-1/holder', 'x'.repeat(201))], allocator)).toBe(false);
    expect(allowed(rename, allocator, checkedIn)).toBe(false);
  });
});

describe('check-ins', () => {
  const admit = (scanId: string, ticketId: string, extra: Record<string, unknown> = {}): JsonWrite[] => [
    set(`checkins/gig/${scanId}`, scan(ticketId, extra)),
    set(`tickets/gig/${ticketId}/checkin`, { scan: scanId, device: 'door-1', at: NOW - 1000 }),
  ];

  it('staff record a first check-in together with its scan', () => {
    expect(allowed(admit('scanBBBB2222', 'o1-1'), staff)).toBe(true);
  });

  it('the first check-in is recorded once: a second is refused, and it cannot be removed or replaced', () => {
    expect(allowed(admit('scanBBBB2222', 'o1-1'), staff, checkedIn)).toBe(false);
    expect(allowed([set('tickets/gig/o1-1/checkin', null)], staff, checkedIn)).toBe(false);
    expect(allowed([set('tickets/gig/o1-1/checkin/device', 'door-9')], staff, checkedIn)).toBe(false);
    expect(allowed([set('tickets/gig/o1-1', ticket('o1', 1))], staff, checkedIn)).toBe(false);
  });

  it('a scan that lost the race is still kept on its own (the conflict record)', () => {
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1'))], staff, checkedIn)).toBe(true);
  });

  it('a resend under the same scan id is refused, so it never counts twice', () => {
    expect(allowed([set('checkins/gig/scanAAAA1111', scan('o1-0'))], staff)).toBe(false);
  });

  it('a check-in needs an admitting scan of that very ticket, and a valid ticket', () => {
    expect(allowed([set('tickets/gig/o1-1/checkin', { scan: 'scanBBBB2222', device: 'door-1', at: NOW })], staff)).toBe(
      false,
    );
    expect(allowed(admit('scanBBBB2222', 'o1-1', { ticket: 'o1-0' }), staff)).toBe(false);
    expect(allowed(admit('scanBBBB2222', 'o1-1', { result: 'already' }), staff)).toBe(false);
    const voided = { ...data, tickets: { gig: { ...data.tickets.gig, 'o1-1': ticket('o1', 1, { status: 'void' }) } } };
    expect(allowed(admit('scanBBBB2222', 'o1-1'), staff, voided)).toBe(false);
  });

  it('only staff write scans, in their own name, of tickets that exist, with well-formed fields', () => {
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1', { by: 'buyer' }))], buyer)).toBe(false);
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1', { by: 'other' }))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('nope-0'))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1', { result: 'maybe' }))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1', { note: '<script>' }))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1', { received: NOW + 60_000 }))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/short', scan('o1-1'))], staff)).toBe(false);
    expect(allowed([set('checkins/gig/scanAAAA1111', null)], staff)).toBe(false);
  });
});

describe('a cancelled order admits nobody (issue 22)', () => {
  const admit = (scanId: string, ticketId: string): JsonWrite[] => [
    set(`checkins/gig/${scanId}`, scan(ticketId)),
    set(`tickets/gig/${ticketId}/checkin`, { scan: scanId, device: 'door-1', at: NOW - 1000 }),
  ];
  /** Order o1 cancelled; its tickets `status` (still valid: cancelled by a client that did not void them). */
  const cancelled = (status: string) => ({
    ...data,
    orders: { buyer: { o1: { ...order(2), status: 'cancelled' } } },
    tickets: { gig: { 'o1-0': ticket('o1', 0, { status }), 'o1-1': ticket('o1', 1, { code: CODE2, status }) } },
  });

  it('a ticket of a cancelled order is not checked in, even while it still reads valid', () => {
    expect(allowed(admit('scanBBBB2222', 'o1-1'), staff, cancelled('valid'))).toBe(false);
    // What the door did is still recorded; only the admission is refused.
    expect(allowed([set('checkins/gig/scanBBBB2222', scan('o1-1'))], staff, cancelled('valid'))).toBe(true);
  });

  it('nor in the update that cancels the order', () => {
    expect(allowed([set('orders/buyer/o1/status', 'cancelled'), ...admit('scanBBBB2222', 'o1-1')], staff)).toBe(false);
  });

  it('a ticket is not made valid again while its order is cancelled, and staff do not reinstate the order', () => {
    expect(allowed([set('tickets/gig/o1-0/status', 'valid')], staff, cancelled('void'))).toBe(false);
    const reinstate = [
      set('orders/buyer/o1/status', 'confirmed'),
      set('tickets/gig/o1-0/status', 'valid'),
      set('tickets/gig/o1-1/status', 'valid'),
    ];
    expect(allowed(reinstate, staff, cancelled('void'))).toBe(false);
  });

  it('trusted code cancelling voids the tickets in the same update; staff no longer cancel by hand', () => {
    const cancel = [
      set('orders/buyer/o1/status', 'cancelled'),
      set('tickets/gig/o1-0/status', 'void'),
      set('tickets/gig/o1-1/status', 'void'),
    ];
    expect(allowed(cancel, staff)).toBe(false);
    const byTrustedCode = [...cancel, set('orders/buyer/o1/cancelled', { by: 'staff', at: NOW })];
    expect(allowed(byTrustedCode, allocator)).toBe(true);
  });
});
