import { describe, expect, it } from 'vitest';
import { catalogue, product } from './products';
import { freeSlot, slotOf } from '../../src/features/orders/openOrders';
import { isSameOrder } from '../../src/features/checkout/order';
import { orderTotal } from '../../src/features/orders';
import { parseOrder } from '../../src/features/orders/order';
import { reviewWishlist } from '../../src/features/wishlist/review';
import { checkingWishlist, checkoutBlock } from '../../src/features/checkout/checkoutBlock';
import { parseAttendeeNames, requestRecord } from '../../src/features/orders/orderRequest';

const contact = { name: ' Bo ', email: 'bo@example.com', telephone: '', notes: '' };

describe('order totals', () => {
  it('adds the total up from the items, whatever is stored', () => {
    expect(
      orderTotal({ items: { a: { title: 'A', price: 0.1, quantity: 1 }, b: { title: 'B', price: 0.2, quantity: 1 } } }),
    ).toBe(0.3);
  });
});

describe('checkout: reading an order back', () => {
  const stored = {
    items: { ticket: { title: 'TICKET', price: 10, quantity: 2 } },
    total: 20,
    status: 'pending',
    created: 1,
    contact: { name: 'Bo', email: 'bo@example.com' },
  };

  it('recognises the order the buyer asked for, and nothing else', () => {
    expect(isSameOrder(stored, [{ productId: 'ticket', quantity: 2 }], contact)).toBe(true);
    expect(isSameOrder(stored, [{ productId: 'ticket', quantity: 1 }], contact)).toBe(false);
    expect(
      isSameOrder(
        stored,
        [
          { productId: 'ticket', quantity: 2 },
          { productId: 'mug', quantity: 1 },
        ],
        contact,
      ),
    ).toBe(false);
    expect(isSameOrder(stored, [{ productId: 'ticket', quantity: 2 }], { ...contact, email: 'al@example.com' })).toBe(
      false,
    );
    expect(isSameOrder(null, [{ productId: 'ticket', quantity: 2 }], contact)).toBe(false);
    expect(isSameOrder({ ...stored, items: 'x' }, [{ productId: 'ticket', quantity: 2 }], contact)).toBe(false);
  });
});

describe('open-order slots', () => {
  it('finds a free slot, and none when all three are taken', () => {
    expect(freeSlot(null)).toBe('a');
    expect(freeSlot({ a: 'o1' })).toBe('b');
    expect(freeSlot({ a: 'o1', c: 'o3' })).toBe('b');
    expect(freeSlot({ a: 'o1', b: 'o2', c: 'o3' })).toBeNull();
    expect(freeSlot('junk')).toBe('a');
  });

  it('finds the slot an order holds', () => {
    expect(slotOf({ a: 'o1', b: 'o2' }, 'o2')).toBe('b');
    expect(slotOf({ a: 'o1' }, 'o9')).toBeNull();
    expect(slotOf(undefined, 'o1')).toBeNull();
  });
});

describe('orders on the dashboard', () => {
  const raw = (total: unknown) => ({
    items: { t: { title: 'T', price: 25, quantity: 1000 } },
    total,
    status: 'pending',
    created: 1,
    contact: { name: 'A', email: 'a@b.co' },
  });

  it('shows the total added up from the items and flags a stored total that differs', () => {
    expect(parseOrder('u', 'o', raw(25_000))).toMatchObject({ total: 25_000, storedTotalMismatch: null });
    expect(parseOrder('u', 'o', raw(0.01))).toMatchObject({ total: 25_000, storedTotalMismatch: 0.01 });
    expect(parseOrder('u', 'o', raw('free'))).toMatchObject({ total: 25_000 });
  });
});

describe('wishlist review: limits', () => {
  it('tells the per-order limit apart from the stock left', () => {
    const byId = catalogue(product('fair', { stock: 180, maxPerOrder: 6 }), product('folk', { stock: 3 }));
    const items = [
      { id: 'fair', title: 'Fair', price: 10, quantity: 8 },
      { id: 'folk', title: 'Folk', price: 10, quantity: 4 },
    ];
    const review = reviewWishlist(items, { source: 'live' }, byId, 0);
    expect(review.items[0]?.issues).toEqual([{ kind: 'over-limit', limit: 6 }]);
    expect(review.items[1]?.issues).toEqual([{ kind: 'too-many', available: 3 }]);
    expect(review.blocked).toBe(true);
  });

  it('asks for at least the per-order minimum, and calls it sold out when fewer than that are left', () => {
    const byId = catalogue(
      product('workshop', { stock: 10, minPerOrder: 2 }),
      product('pairs', { stock: 1, minPerOrder: 2 }),
    );
    const wanted = (id: string, quantity: number) => ({ id, title: id, price: 10, quantity });
    const review = reviewWishlist([wanted('workshop', 1), wanted('pairs', 2)], { source: 'live' }, byId, 0);
    expect(review.items[0]?.issues).toEqual([{ kind: 'under-minimum', minimum: 2 }]);
    expect(review.items[1]?.issues).toEqual([{ kind: 'sold-out' }]);
    expect(review.blocked).toBe(true);
    expect(reviewWishlist([wanted('workshop', 2)], { source: 'live' }, byId, 0).blocked).toBe(false);
  });
});

describe('wishlist review: on-sale windows', () => {
  const opens = Date.UTC(2026, 11, 4, 10);
  const byId = catalogue(
    product('talk', { onSaleFrom: opens }),
    product('late', { onSaleFrom: opens + 60_000 }),
    product('gone', { onSaleUntil: opens }),
  );
  const wanted = (...ids: string[]) => ids.map((id) => ({ id, title: id, price: 10, quantity: 1 }));

  it('keeps an item whose sales open later, waiting for the last opening without asking for a change', () => {
    const review = reviewWishlist(wanted('talk', 'late'), { source: 'live' }, byId, opens - 1);
    expect(review.items.map((item) => item.issues)).toEqual([
      [{ kind: 'not-on-sale-yet', opens }],
      [{ kind: 'not-on-sale-yet', opens: opens + 60_000 }],
    ]);
    expect(review.blocked).toBe(false);
    expect(review.opens).toBe(opens + 60_000);
    const open = reviewWishlist(wanted('talk', 'late'), { source: 'live' }, byId, opens + 60_000);
    expect(open.opens).toBeNull();
    expect(open.items.flatMap((item) => item.issues)).toEqual([]);
  });

  it('asks for an item whose sales have closed to be removed', () => {
    expect(reviewWishlist(wanted('gone'), { source: 'live' }, byId, opens - 1).blocked).toBe(false);
    const closed = reviewWishlist(wanted('gone'), { source: 'live' }, byId, opens);
    expect(closed.items[0]?.issues).toEqual([{ kind: 'sales-closed' }]);
    expect(closed.blocked).toBe(true);
  });
});

describe('checkout: what stops a buyer from reserving', () => {
  const live = {
    connected: true,
    online: true,
    blocked: false,
    catalogue: 'live',
    payments: true,
    taxes: true,
    opens: null,
  } as const;

  it('lets a connected buyer with a checked wishlist reserve', () => {
    expect(checkoutBlock(live)).toBeNull();
  });

  it('waits for the connection, or says the device is offline', () => {
    expect(checkoutBlock({ ...live, connected: false })).toBe('Connecting to the shop…');
    expect(checkoutBlock({ ...live, connected: false, online: false })).toMatch(/^You are offline/);
  });

  it('waits until the live catalogue has checked the wishlist, whatever the copy kept on the device says', () => {
    // Connected before the catalogue arrived, the button used to turn on and then off again (a wishlist of
    // products no longer on sale), and a buyer could press it meanwhile.
    expect(checkoutBlock({ ...live, catalogue: 'cached' })).toBe(checkingWishlist());
    expect(checkoutBlock({ ...live, catalogue: 'none' })).toBe(checkingWishlist());
  });

  it('waits until the shop has said how buyers may pay', () => {
    expect(checkoutBlock({ ...live, payments: false })).toBe('Checking how the shop takes payment…');
  });

  it('waits until the shop has said how it taxes, which can change what the order comes to', () => {
    expect(checkoutBlock({ ...live, taxes: false })).toBe('Checking what your order comes to…');
  });

  it('asks for the wishlist to be put right', () => {
    expect(checkoutBlock({ ...live, blocked: true })).toMatch(/need attention/);
    expect(checkoutBlock({ ...live, blocked: true, opens: 'Fri 4 Dec 2026, 10:00 GMT' })).toMatch(/need attention/);
  });

  it('waits for sales to open, saying when', () => {
    expect(checkoutBlock({ ...live, opens: 'Fri 4 Dec 2026, 10:00 GMT' })).toBe(
      'Sales open Fri 4 Dec 2026, 10:00 GMT. You can reserve from then on; this page updates by itself.',
    );
  });
});

describe('attendee names in a request', () => {
  it('stores only the names given, trimmed, by ticket number, and reads them back as the database returns them', () => {
    const lines = [{ productId: 'gig', quantity: 3 }];
    const contact = { name: 'Bo', email: 'bo@example.com' };
    const record = requestRecord('request-1', lines, contact, 0, {
      method: 'door',
      names: { gig: [' Ann ', '', 'Cy'], mug: [''] },
    });
    expect(record.names).toEqual({ gig: { '0': 'Ann', '2': 'Cy' } });
    expect(
      requestRecord('request-1', lines, contact, 0, { method: 'door', names: { gig: ['', ' '] } }),
    ).not.toHaveProperty('names');
    expect(requestRecord('request-1', lines, contact, 0, { method: 'door', language: 'de-DE' })).toHaveProperty(
      'language',
      'de-DE',
    );
    expect(requestRecord('request-1', lines, contact, 0, { method: 'door' })).not.toHaveProperty('language');
    expect(parseAttendeeNames({ gig: ['Ann', null, 'Cy'] })).toEqual({ gig: ['Ann', '', 'Cy'] });
    expect(parseAttendeeNames({ gig: { '0': 'Ann', '2': 'Cy' } })).toEqual({ gig: ['Ann', '', 'Cy'] });
    expect(parseAttendeeNames({ gig: { x: 'Ann', '1': 7 }, mug: 'text' })).toEqual({ gig: [] });
    expect(parseAttendeeNames('text')).toEqual({});
  });
});
