import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  buyerCatalogueAtom,
  catalogueAtom,
  productsByIdAtom,
  quotasAtom,
} from '../../src/features/catalogue/catalogueState';
import { featuredGroups, filterGroups, groupOffer } from '../../src/features/catalogue/groupOffer';
import type { Product } from '../../src/features/catalogue/product';
import { groupProducts } from '../../src/features/catalogue/productTypes';
import { reviewWishlist } from '../../src/features/wishlist/review';
import { catalogue, product } from './products';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

/** Harbour Jazz Night's three types, as the e2e test seeds them. */
const jazz = (extra: Partial<Record<'standard' | 'concession' | 'vip', Partial<Product>>> = {}) => [
  product('jazz', { title: 'Jazz', typeName: 'Standard', price: 18, ...extra.standard }),
  product('jazz-concession', {
    title: 'Jazz',
    group: 'jazz',
    typeName: 'Concession',
    price: 12,
    quotas: ['concessions', 'venue'],
    ...extra.concession,
  }),
  product('jazz-vip', { title: 'Jazz', group: 'jazz', typeName: 'VIP', price: 40, ...extra.vip }),
];
const offer = (types: Product[]) => groupOffer(groupProducts(types)[0]!, NOW);

describe('a group of types on its card', () => {
  it('a product without types says what it always did', () => {
    expect(offer([product('mug', { price: 9, stock: 3 })])).toEqual({
      price: 9,
      from: false,
      stock: 3,
      showLeft: true,
      window: { state: 'open' },
    });
    // The organiser keeps the count to themselves: the card does too.
    expect(offer([product('mug', { stock: 3, showLeft: false })])).toMatchObject({ stock: 3, showLeft: false });
    const closed = product('mug', { onSaleUntil: NOW - 1, stock: 0 });
    expect(offer([closed])).toMatchObject({ stock: 0, window: { state: 'ended' } });
  });

  it('priced from the cheapest type that can still be had, saying only whether any is left', () => {
    expect(offer(jazz())).toEqual({ price: 12, from: true, stock: null, showLeft: true, window: { state: 'open' } });
    // The concession sold out, the standard closed: the VIP is what is left.
    const left = jazz({ concession: { stock: 0 }, standard: { onSaleUntil: NOW - HOUR } });
    expect(offer(left)).toEqual({ price: 40, from: true, stock: null, showLeft: true, window: { state: 'open' } });
    const same = jazz({ concession: { price: 18 }, vip: { price: 18 } });
    expect(offer(same)).toMatchObject({ price: 18, from: false });
  });

  it('sold out only when every type is sold out or closed; waiting for the first to open when none is open', () => {
    const gone = jazz({
      standard: { onSaleUntil: NOW - HOUR },
      concession: { stock: 0 },
      vip: { stock: 0 },
    });
    expect(offer(gone)).toMatchObject({ price: 12, stock: 0, window: { state: 'open' } });
    const closed = jazz(
      Object.fromEntries(['standard', 'concession', 'vip'].map((type) => [type, { onSaleUntil: NOW - HOUR }])),
    );
    expect(offer(closed).window).toEqual({ state: 'ended' });
    const later = jazz({
      standard: { onSaleFrom: NOW + 2 * HOUR },
      concession: { onSaleFrom: NOW + HOUR },
      vip: { stock: 0 },
    });
    expect(offer(later)).toMatchObject({ stock: null, window: { state: 'upcoming', opens: NOW + HOUR } });
  });

  it('search, category and sort take each card once, by its lead, prices by the lowest', () => {
    const groups = groupProducts([...jazz(), product('mug', { title: 'Mug', price: 15, category: 'Goods' })]);
    const ids = (sort: 'price-asc' | 'price-desc' | 'title', search = '', category = '') =>
      filterGroups(groups, { search, category, sort }, NOW).map((group) => group.id);
    expect(ids('price-asc')).toEqual(['jazz', 'mug']);
    expect(ids('price-desc')).toEqual(['mug', 'jazz']);
    expect(ids('title', 'jazz')).toEqual(['jazz']);
    expect(ids('title', '', 'Goods')).toEqual(['mug']);
    expect(featuredGroups(groups, NOW).map((group) => group.id)).toEqual(['jazz', 'mug']);
  });
});

describe('what buyers can have', () => {
  it('counts the quotas a product draws on, once they are known; staff keep the own stock', () => {
    const store = createStore();
    const products = jazz({ concession: { stock: 50 } });
    store.set(catalogueAtom, { products, source: 'live', updatedAt: NOW });
    store.set(quotasAtom, null);
    expect(store.get(buyerCatalogueAtom).products).toBe(products);

    store.set(
      quotasAtom,
      new Map([
        ['concessions', { id: 'concessions', name: 'Concessions', left: 1 }],
        ['venue', { id: 'venue', name: 'Venue', left: 200 }],
      ]),
    );
    const byId = store.get(productsByIdAtom);
    expect(byId.get('jazz-concession')?.stock).toBe(1);
    // Products drawing on no quota are the same objects: nothing re-renders for them.
    expect(byId.get('jazz')).toBe(products[0]);
    expect(store.get(catalogueAtom).products[1]?.stock).toBe(50);

    // A quota that is gone leaves none.
    store.set(quotasAtom, new Map());
    expect(store.get(productsByIdAtom).get('jazz-concession')?.stock).toBe(0);
  });

  it('the wishlist names an item’s type even when it was kept under its product’s plain title', () => {
    const [standard, concession] = jazz();
    const items = [
      { id: 'jazz', title: 'Jazz', price: 18, quantity: 1 },
      { id: 'jazz-concession', title: 'Jazz · Concession', price: 12, quantity: 1 },
      { id: 'gone', title: 'Gone', price: 5, quantity: 1 },
    ];
    const review = reviewWishlist(items, { source: 'live' }, catalogue(standard!, concession!), NOW);
    expect(review.items.map((entry) => entry.title)).toEqual(['Jazz · Standard', 'Jazz · Concession', 'Gone']);
    expect(review.items[2]?.issues).toEqual([{ kind: 'unavailable' }]);
  });
});
