/**
 * The allocator with types and shared quotas (docs/data-model.md#types-and-quotas): an order takes from its products'
 * own stock and from every quota they draw on, in the batch's one update; the types of one event share its tickets,
 * numbered line after line; no quota is ever taken below zero, first come first served.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, product } from './products';
import type { Product } from '../../src/features/catalogue/product';
import { settleBatch, type QueuedRequest, type ShopTerms } from '../../functions/src/orders/settle';
import { orderIdFor } from '../../functions/src/orders/orderId';
import { DEFAULT_PAYMENT_SETTINGS } from '../../src/features/payments/model/paymentSettings';
import { parseTaxSettings } from '../../src/features/taxes/model';
import { deskIndexWrites } from '../../src/features/orders/deskIndex';

const TERMS: ShopTerms = {
  payments: DEFAULT_PAYMENT_SETTINGS,
  currency: 'GBP',
  tax: parseTaxSettings(undefined),
  now: Date.UTC(2026, 10, 26),
};
const INCREMENT = (by: number) => ({ '.sv': { increment: by } });
const request = (uid: string, at: number, lines: Record<string, number>): QueuedRequest => ({
  uid,
  raw: { id: `request-${uid}-${at}`, at, lines, contact: { name: `Buyer ${uid}`, email: `${uid}@example.com` } },
});
const DATE = '2027-01-15T19:00:00Z';
/** Harbour Jazz Night: Standard £18, Concession £12 (capped by a concessions quota), VIP £40; a venue over all. */
const jazz = catalogue(
  product('jazz', { title: 'Jazz', price: 18, date: DATE, typeName: 'Standard', quotas: ['venue'] }),
  product('jazz-c', { title: 'Jazz', price: 12, date: DATE, typeName: 'Concession', group: 'jazz' }),
  product('jazz-v', { title: 'Jazz', price: 40, date: DATE, typeName: 'VIP', group: 'jazz', quotas: ['venue'] }),
);
jazz.set('jazz-c', { ...jazz.get('jazz-c')!, quotas: ['venue', 'concessions'] });
const kinds = (batch: ReturnType<typeof settleBatch>) => batch.decisions.map((d) => `${d.uid}:${d.answer?.kind}`);

describe('types and shared quotas in the allocator', () => {
  it('an order of two types takes from each quota once per unit, and numbers their tickets under the event', () => {
    const quotas = new Map([
      ['venue', 10],
      ['concessions', 3],
    ]);
    const batch = settleBatch([request('a', 1, { jazz: 2, 'jazz-c': 1 })], jazz, new Map(), TERMS, quotas);
    expect(kinds(batch)).toEqual(['a:ordered']);
    const id = orderIdFor('a', 'request-a-1');
    const order = batch.update[`orders/a/${id}`] as { items: unknown };
    expect(order.items).toEqual({
      jazz: {
        title: 'Jazz',
        price: 18,
        quantity: 2,
        type: 'Standard',
        event: 'jazz',
        first: 0,
        quotas: { venue: true },
      },
      'jazz-c': {
        ...{ title: 'Jazz', price: 12, quantity: 1, type: 'Concession', event: 'jazz', first: 2 },
        quotas: { venue: true, concessions: true },
      },
    });
    expect(batch.update['quotas/venue/left']).toEqual(INCREMENT(-3));
    expect(batch.update['quotas/concessions/left']).toEqual(INCREMENT(-1));
    const tickets = Object.keys(batch.update).filter((path) => path.startsWith('tickets/'));
    expect(tickets.sort()).toEqual([0, 1, 2].map((n) => `tickets/jazz/${id}-${n}`));
    expect(batch.update[`tickets/jazz/${id}-2`]).toMatchObject({ n: 2, line: 'jazz-c', type: 'Concession' });
    expect(batch.update[`tickets/jazz/${id}-0`]).toMatchObject({ n: 0, line: 'jazz', type: 'Standard' });
    // The desk counts the event once, with its units by type.
    expect(batch.update[`deskEventOrders/jazz/a~${id}`]).toMatchObject({
      quantity: 3,
      amount: 48,
      types: { jazz: 2, 'jazz-c': 1 },
    });
    expect(Object.keys(batch.update).some((path) => path.startsWith('deskEventOrders/jazz-c'))).toBe(false);
  });

  it('a shared quota is never oversold: first come first served, whatever type each buyer asks for', () => {
    const quotas = new Map([
      ['venue', 5],
      ['concessions', 50],
    ]);
    const queued = [
      request('a', 1, { jazz: 2 }),
      request('b', 2, { 'jazz-v': 2 }),
      // Wants 2; one place is left: refused whole, told 1 is left.
      request('c', 3, { 'jazz-c': 2 }),
      // Asks for no more than is left: served, even though c came first (no inversion: c asked for more).
      request('d', 4, { 'jazz-c': 1 }),
      request('e', 5, { jazz: 1 }),
    ];
    const batch = settleBatch(queued, jazz, new Map(), TERMS, quotas);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:ordered', 'c:short', 'd:ordered', 'e:short']);
    expect(batch.decisions[2]!.answer).toEqual({ kind: 'short', left: { 'jazz-c': 1 } });
    expect(batch.decisions[4]!.answer).toEqual({ kind: 'short', left: { jazz: 0 } });
    expect(batch.update['quotas/venue/left']).toEqual(INCREMENT(-5));
  });

  it("a type's own cap inside the shared one: concessions run out while the venue has room", () => {
    const quotas = new Map([
      ['venue', 200],
      ['concessions', 1],
    ]);
    const queued = [request('a', 1, { 'jazz-c': 1 }), request('b', 2, { 'jazz-c': 1 }), request('c', 3, { jazz: 4 })];
    const batch = settleBatch(queued, jazz, new Map(), TERMS, quotas);
    expect(kinds(batch)).toEqual(['a:ordered', 'b:short', 'c:ordered']);
    expect(batch.decisions[1]!.answer).toEqual({ kind: 'short', left: { 'jazz-c': 0 } });
    expect(batch.update['quotas/concessions/left']).toEqual(INCREMENT(-1));
    expect(batch.update['quotas/venue/left']).toEqual(INCREMENT(-5));
  });

  it('two lines of one request drawing on one quota are counted together', () => {
    const quotas = new Map([
      ['venue', 3],
      ['concessions', 50],
    ]);
    const batch = settleBatch([request('a', 1, { jazz: 2, 'jazz-v': 2 })], jazz, new Map(), TERMS, quotas);
    expect(batch.decisions[0]!.answer).toEqual({ kind: 'short', left: { jazz: 3, 'jazz-v': 3 } });
    expect(Object.keys(batch.update).some((path) => path.startsWith('quotas/'))).toBe(false);
  });

  it('a quota that is gone sells nothing (it never lifts the limit); a type whose event is gone is unavailable', () => {
    const noVenue = settleBatch([request('a', 1, { jazz: 1 })], jazz, new Map(), TERMS, new Map());
    expect(noVenue.decisions[0]!.answer).toEqual({ kind: 'short', left: { jazz: 0 } });
    const orphan = new Map<string, Product | null>([
      ['jazz-v', jazz.get('jazz-v')!],
      ['jazz', null],
    ]);
    const gone = settleBatch([request('a', 1, { 'jazz-v': 1 })], orphan, new Map(), TERMS, new Map([['venue', 9]]));
    expect(gone.decisions[0]!.answer).toEqual({ kind: 'unavailable', products: ['jazz-v'] });
  });

  it('the desk index of an order from before types keeps one entry per dated product', () => {
    const writes = deskIndexWrites(
      'u',
      'o',
      {
        items: { gig: { title: 'Gig', price: 10, quantity: 2 } },
        total: 20,
        status: 'pending',
        created: 1,
        contact: { name: 'Ann', email: 'a@example.com' },
      },
      1,
      ['gig'],
    );
    expect(writes['deskEventOrders/gig/u~o']).toMatchObject({ quantity: 2, amount: 20 });
    expect(writes['deskEventOrders/gig/u~o']).not.toHaveProperty('types');
  });
});
