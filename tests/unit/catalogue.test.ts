import { stockLabel } from '../../src/features/catalogue/StockLabel';
import { describe, expect, it } from 'vitest';
import { product } from './products';
import {
  categoriesOf,
  featuredProducts,
  filterProducts,
  limitedPerOrder,
  maxQuantity,
  parseCatalogue,
  parseProduct,
  productIn,
  nextSaleChange,
  saleWindow,
  sortProducts,
  stockState,
  type Product,
} from '../../src/features/catalogue/product';

const raw = {
  jazz: {
    title: 'Harbour Jazz Night',
    price: 18,
    description: 'Late-night jazz',
    image: '/j.svg',
    category: 'Live music',
    date: '2027-01-15T19:00:00Z',
    venue: 'Main Hall',
    stock: 42,
    active: true,
    sort: 10,
  },
  folk: {
    title: 'Folk in the Round',
    price: 12.5,
    description: 'Songwriters',
    image: '/f.svg',
    category: 'Live music',
    date: '2027-01-29T19:30:00Z',
    stock: 3,
    active: true,
    sort: 20,
  },
  mug: {
    title: 'Enamel Mug',
    price: 9,
    description: 'Café mug',
    image: '/m.svg',
    category: 'Merchandise',
    active: true,
  },
  hidden: { title: 'Old poster', price: 5, description: '', image: '', category: 'Merchandise', active: false },
  noTitle: { price: 5, active: true },
  negative: { title: 'Broken', price: -1, active: true },
  textPrice: { title: 'Text price', price: '12', active: true },
  soldOut: {
    title: 'Letterpress Workshop',
    price: 65,
    description: '',
    image: '',
    category: 'Workshops',
    stock: 0,
    active: true,
    sort: 5,
  },
};

const products = (): Product[] => parseCatalogue(raw).products;

describe('catalogue validation', () => {
  it('keeps active products with a title and a usable price, and names the others', () => {
    const { products: kept, problems } = parseCatalogue(raw);
    expect(kept.map((product) => product.id).sort()).toEqual(['folk', 'jazz', 'mug', 'soldOut']);
    expect(problems).toEqual([
      'product noTitle has no title',
      'product negative ("Broken") has an unusable price: -1',
      'product textPrice ("Text price") has an unusable price: "12"',
    ]);
  });

  it('reads a gift card with its months, or for ever when they are unusable; an event is never one', () => {
    const terms = (raw: Record<string, unknown>) => {
      const parsed = parseProduct('g', { title: 'Gift Card', price: 25, ...raw });
      return 'product' in parsed ? parsed.product.giftCard : 'refused';
    };
    expect(terms({ giftCard: true })).toEqual({ months: null, amount: null });
    expect(terms({ giftCard: true, giftCardMonths: 12 })).toEqual({ months: 12, amount: null });
    for (const months of [0, 121, 1.5, '12'])
      expect(terms({ giftCard: true, giftCardMonths: months })).toEqual({ months: null, amount: null });
    expect(terms({ giftCard: 'yes' })).toBeNull();
    expect(terms({ giftCardMonths: 12 })).toBeNull();
    expect(terms({ giftCard: true, date: '2027-06-01T19:00:00Z' })).toBeNull();
  });

  it('fills lesser fields with safe values', () => {
    const parsed = parseProduct('x', { title: 'Plain', price: 0, stock: 2.7, date: 'soon', category: 7 });
    expect(parsed).toEqual({
      product: {
        id: 'x',
        title: 'Plain',
        price: 0,
        description: '',
        image: '',
        category: 'Other',
        date: null,
        venue: null,
        stock: 2,
        maxPerOrder: 10,
        minPerOrder: 1,
        onSaleFrom: null,
        onSaleUntil: null,
        attendeeNames: false,
        showLeft: true,
        group: null,
        typeName: null,
        quotas: [],
        giftCard: null,
        active: false,
        sort: null,
        translations: {},
        textLanguage: {},
      },
    });
  });

  it('reads translations of the languages the shop speaks, and nothing else as one', () => {
    const parsed = parseProduct('x', {
      title: 'Harbour Jazz Night',
      price: 18,
      description: 'Live jazz.',
      typeName: 'Standard',
      translations: {
        'de-DE': { title: ' Hafen-Jazznacht ', description: '', typeName: 7, venue: 'Hafen' },
        'fr-FR': { title: 'Nuit du jazz' },
        'en-XA': { title: 'Ĥåŕƀöûŕ' },
        'en-GB': 'Harbour',
      },
    });
    expect('product' in parsed && parsed.product.translations).toEqual({ 'de-DE': { title: 'Hafen-Jazznacht' } });
    expect(parseProduct('y', { title: 'T', price: 1, translations: 'de' })).toMatchObject({
      product: { translations: {} },
    });
  });

  it('shows a reader the translated texts, and marks those left in the main language', () => {
    const stored = product('jazz', {
      title: 'Harbour Jazz Night',
      description: 'Live jazz.',
      typeName: 'Standard',
      translations: { 'de-DE': { title: 'Hafen-Jazznacht', typeName: 'Normal' } },
    });
    expect(productIn(stored, 'de-DE', 'en-GB')).toMatchObject({
      title: 'Hafen-Jazznacht',
      typeName: 'Normal',
      description: 'Live jazz.',
      textLanguage: { description: 'en-GB' },
    });
    // The main language's reader reads the stored texts, and so does a German shop's English reader without one.
    expect(productIn(stored, 'en-GB', 'en-GB')).toBe(stored);
    const german = product('g', { title: 'Hafenfest', description: '', translations: {} });
    expect(productIn(german, 'en-GB', 'de-DE')).toMatchObject({ title: 'Hafenfest', textLanguage: { title: 'de-DE' } });
  });

  it('refuses a product that is not an object, and a products node that is not one', () => {
    expect(parseProduct('x', 'text')).toEqual({ problem: 'product x is not an object' });
    expect(parseCatalogue([1, 2]).problems).toEqual(['the products node is not an object']);
    expect(parseCatalogue(null)).toEqual({ products: [], problems: [] });
  });
});

describe('stock', () => {
  it('tells buyers how many are left when few are, unless the organiser keeps it to themselves', () => {
    expect(stockLabel({ stock: 3, showLeft: true })).toEqual({ state: 'low', text: 'Only 3 left' });
    expect(stockLabel({ stock: 3, showLeft: false })).toEqual({ state: 'available', text: 'Available' });
    expect(stockLabel({ stock: 0, showLeft: false })).toEqual({ state: 'sold-out', text: 'Sold out' });
    expect(stockLabel({ stock: 40, showLeft: true })).toEqual({ state: 'available', text: 'Available' });
    const parsed = (showLeft: unknown) => parseProduct('p', { title: 'P', price: 1, showLeft });
    expect(parsed(false)).toMatchObject({ product: { showLeft: false } });
    for (const kept of [undefined, true, 'no', 0]) expect(parsed(kept)).toMatchObject({ product: { showLeft: true } });
  });

  it('tells available, low and sold out', () => {
    expect(stockState({ stock: null })).toBe('available');
    expect(stockState({ stock: 6 })).toBe('available');
    expect(stockState({ stock: 5 })).toBe('low');
    expect(stockState({ stock: 0 })).toBe('sold-out');
    expect(maxQuantity({ stock: 3, maxPerOrder: 10 })).toBe(3);
    expect(maxQuantity({ stock: 500, maxPerOrder: 10 })).toBe(10);
    expect(maxQuantity({ stock: null, maxPerOrder: 4 })).toBe(4);
    expect(maxQuantity({ stock: 0, maxPerOrder: 4 })).toBe(0);
    expect(maxQuantity(undefined)).toBe(99);
    expect(limitedPerOrder({ stock: 500, maxPerOrder: 10 })).toBe(true);
    expect(limitedPerOrder({ stock: null, maxPerOrder: 10 })).toBe(true);
    expect(limitedPerOrder({ stock: 3, maxPerOrder: 10 })).toBe(false);
  });

  it('reads the per-order limit staff set, and the default of 10 for anything else', () => {
    const limit = (maxPerOrder: unknown) => {
      const parsed = parseProduct('p', { title: 'T', price: 1, active: true, maxPerOrder });
      return 'product' in parsed ? parsed.product.maxPerOrder : null;
    };
    expect(limit(4)).toBe(4);
    expect(limit(1000)).toBe(1000);
    for (const bad of [undefined, 0, -1, 2.5, 1001, 1e308, '4', null]) expect(limit(bad), String(bad)).toBe(10);
  });

  it('reads the per-order minimum, and 1 for anything unusable or above the maximum', () => {
    const minimum = (raw: Record<string, unknown>) => {
      const parsed = parseProduct('p', { title: 'T', price: 1, active: true, ...raw });
      return 'product' in parsed ? parsed.product.minPerOrder : null;
    };
    expect(minimum({ minPerOrder: 2 })).toBe(2);
    expect(minimum({ minPerOrder: 10 })).toBe(10);
    expect(minimum({ minPerOrder: 4, maxPerOrder: 4 })).toBe(4);
    expect(minimum({ minPerOrder: 5, maxPerOrder: 4 })).toBe(1);
    expect(minimum({ minPerOrder: 11 })).toBe(1);
    for (const bad of [undefined, 0, -1, 2.5, '2', null]) expect(minimum({ minPerOrder: bad }), String(bad)).toBe(1);
  });
});

describe('on-sale windows', () => {
  const opens = Date.UTC(2026, 11, 4, 10);
  const closes = Date.UTC(2026, 11, 5, 10);
  const windowOf = (raw: Record<string, unknown>) => {
    const parsed = parseProduct('p', { title: 'T', price: 1, active: true, ...raw });
    return 'product' in parsed ? { from: parsed.product.onSaleFrom, until: parsed.product.onSaleUntil } : null;
  };

  it('reads the moments staff set, and no bound for anything unusable', () => {
    expect(windowOf({ onSaleFrom: opens, onSaleUntil: closes })).toEqual({ from: opens, until: closes });
    expect(windowOf({})).toEqual({ from: null, until: null });
    for (const bad of ['2026-12-04T10:00', 1.5, -1, 1e300, true, { at: opens }]) {
      expect(windowOf({ onSaleFrom: bad, onSaleUntil: bad }), String(bad)).toEqual({ from: null, until: null });
    }
    // A close not after the opening is no close: the product is still on sale from its opening.
    expect(windowOf({ onSaleFrom: closes, onSaleUntil: opens })).toEqual({ from: closes, until: null });
    expect(windowOf({ onSaleFrom: opens, onSaleUntil: opens })).toEqual({ from: opens, until: null });
  });

  it('tells upcoming, open and ended, each bound on its own', () => {
    const both = { onSaleFrom: opens, onSaleUntil: closes };
    expect(saleWindow(both, opens - 1)).toEqual({ state: 'upcoming', opens });
    expect(saleWindow(both, opens)).toEqual({ state: 'open' });
    expect(saleWindow(both, closes - 1)).toEqual({ state: 'open' });
    expect(saleWindow(both, closes)).toEqual({ state: 'ended' });
    expect(saleWindow({ onSaleFrom: null, onSaleUntil: closes }, 0)).toEqual({ state: 'open' });
    expect(saleWindow({ onSaleFrom: opens, onSaleUntil: null }, closes * 2)).toEqual({ state: 'open' });
  });

  it('finds the next opening or closing among products', () => {
    const products = [
      { onSaleFrom: opens, onSaleUntil: closes },
      { onSaleFrom: null, onSaleUntil: opens + 5 },
      { onSaleFrom: null, onSaleUntil: null },
    ];
    expect(nextSaleChange(products, 0)).toBe(opens);
    expect(nextSaleChange(products, opens)).toBe(opens + 5);
    expect(nextSaleChange(products, opens + 5)).toBe(closes);
    expect(nextSaleChange(products, closes)).toBeNull();
  });
});

describe('search, filter and sort', () => {
  it('featured order follows sort, then title, with unsorted last', () => {
    expect(sortProducts(products(), 'featured').map((product) => product.id)).toEqual([
      'soldOut',
      'jazz',
      'folk',
      'mug',
    ]);
  });

  it('sorts by price both ways, by date (undated last) and by title', () => {
    expect(sortProducts(products(), 'price-asc').map((product) => product.price)).toEqual([9, 12.5, 18, 65]);
    expect(sortProducts(products(), 'price-desc').map((product) => product.price)).toEqual([65, 18, 12.5, 9]);
    expect(sortProducts(products(), 'date').map((product) => product.id)).toEqual(['jazz', 'folk', 'mug', 'soldOut']);
    expect(sortProducts(products(), 'title').map((product) => product.title)).toEqual([
      'Enamel Mug',
      'Folk in the Round',
      'Harbour Jazz Night',
      'Letterpress Workshop',
    ]);
  });

  it('searches every word, ignoring case and accents, over title, description, category and venue', () => {
    const search = (text: string) =>
      filterProducts(products(), { search: text, category: '', sort: 'title' }).map((product) => product.id);
    expect(search('jazz')).toEqual(['jazz']);
    expect(search('CAFE')).toEqual(['mug']);
    expect(search('live music')).toEqual(['folk', 'jazz']);
    expect(search('main hall')).toEqual(['jazz']);
    expect(search('jazz mug')).toEqual([]);
  });

  it('filters by category and lists the categories', () => {
    expect(
      filterProducts(products(), { search: '', category: 'Live music', sort: 'price-asc' }).map(
        (product) => product.id,
      ),
    ).toEqual(['folk', 'jazz']);
    expect(categoriesOf(products())).toEqual(['Live music', 'Merchandise', 'Workshops']);
  });
});

describe('featured on the home page', () => {
  it('shows the next events first, soonest first, then the featured order, four at most', () => {
    const now = Date.parse('2027-01-20T00:00:00Z');
    // jazz (15 Jan) has passed by then; folk (29 Jan) is the next event.
    expect(featuredProducts(products(), now).map((product) => product.id)).toEqual(['folk', 'soldOut', 'jazz', 'mug']);
  });
});
