import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { parseCachedCatalogue, catalogueAtom } from '../../src/features/catalogue/catalogueState';
import { parseCatalogue, type Product } from '../../src/features/catalogue/product';
import type { ContactFields } from '../../src/features/contact/contactMessage';
import {
  MAX_QUEUED_MESSAGES,
  createOutbox,
  isMessageId,
  outboxAtom,
  outboxRetryingAtom,
  parseStoredOutbox,
  type QueuedMessage,
} from '../../src/features/contact/outbox';
import { fromLocalInput } from '../../src/features/dashboardKit/dateTimeInput';
import type { ToastMessage } from '../../src/lib/toast/types';
import { isComingSoonActive } from '../../src/features/site/comingSoon';
import { capWishlistToStock } from '../../src/features/catalogue/stockCap';
import { rootAtom } from '../../src/state/atoms';
import { connectedAtom } from '../../src/state/liveAtoms';
import { StorageSlot } from '../../src/state/storage';
import { MAX_WISHLIST_ITEMS, addItem, capQuantities } from '../../src/state/cart';
import { normaliseDate, plausibleTime } from '../../src/state/dates';
import { DEFAULT_STATE, decodeState } from '../../src/state/persistence';
import { readSiteFields } from '../../src/state/site';
import type { CartItem } from '../../src/state/types';
import { TransitionError } from '../../src/state/validation';
import { MemoryStorage } from './memoryStorage';

const NOW = Date.UTC(2026, 10, 23);

describe('plausible dates', () => {
  it.each([
    [Date.UTC(2027, 2, 1, 10), Date.UTC(2027, 2, 1, 10)],
    ['2027-03-01T10:00:00Z', Date.UTC(2027, 2, 1, 10)],
    ['2027-03-01', Date.UTC(2027, 2, 1)],
    [Date.UTC(2000, 0, 1), Date.UTC(2000, 0, 1)],
  ])('reads %j as a date', (value, expected) => {
    expect(plausibleTime(value)).toBe(expected);
  });

  it.each([
    ['1e300', 1e300],
    ['nanoseconds', NOW * 1e6],
    ['microseconds', NOW * 1e3],
    ['seconds', NOW / 1000],
    ['zero', 0],
    ['negative', -5],
    ['the year 2101', Date.UTC(2101, 0, 1)],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a year far away', '99999-01-01T00:00:00Z'],
    ['1970', '1970-01-01'],
    ['words', 'next spring'],
    ['a date that does not exist', '2027-02-30T25:99:00Z'],
    ['a long text starting like a date', `2027-03-01${' '.repeat(100_000)}`],
    ['an object', { seconds: 1 }],
    ['true', true],
  ])('reads %s as no date', (_, value) => {
    expect(plausibleTime(value)).toBeNull();
    expect(normaliseDate(value)).toBeUndefined();
  });

  it('an empty or absent date is no date, not an unusable one', () => {
    for (const value of [null, undefined, '']) expect(normaliseDate(value)).toBeNull();
  });

  it('the staff date-time picker refuses years every client would read as no date', () => {
    expect(fromLocalInput('3000-01-01T10:00', 'UTC')).toBeNull();
    expect(fromLocalInput('1999-12-01T10:00', 'UTC')).toBeNull();
    expect(fromLocalInput('2027-03-01T10:00', 'UTC')).not.toBeNull();
  });
});

describe('site fields from storage or the database', () => {
  it('a launch of 1e300 costs only the launch', () => {
    const raw = { name: 'Harbour', tagline: 'By the sea', comingsoon: true, launch: 1e300 };
    const { site, invalid } = readSiteFields(raw);
    expect(site).toMatchObject({ name: 'Harbour', tagline: 'By the sea', comingsoon: true, launch: null });
    expect(invalid).toEqual(['launch']);
  });

  it('a launch in nanoseconds with coming soon on keeps the gate shut', () => {
    const { site } = readSiteFields({ comingsoon: true, launch: (NOW - 86_400_000) * 1e6 });
    expect(site.launch).toBeNull();
    expect(isComingSoonActive(site, NOW)).toBe(true);
  });

  it('links must be web addresses: a javascript: or data: address is dropped', () => {
    const raw = { website: 'javascript:alert(1)', calendar: 'data:text/html,x', email: 'a@b.c' };
    const { site, invalid } = readSiteFields(raw);
    expect(site).toMatchObject({ website: '', calendar: '', email: 'a@b.c' });
    expect(invalid).toEqual(['website', 'calendar']);
    expect(readSiteFields({ website: 'https://example.com/a' }).site.website).toBe('https://example.com/a');
  });
});

describe('products from storage or the database', () => {
  const base = { description: '', image: '', category: 'Music', active: true };
  const raw = {
    jazz: { ...base, title: 'Jazz', price: 18, date: '2027-01-15T19:00:00Z' },
    late: { ...base, title: 'Late', price: 5, date: 1e17 },
    gold: { ...base, title: 'Gold', price: 1e308 },
    top: { ...base, title: 'Top price', price: 1_000_000 },
  };

  it('one impossible date costs only that date; an impossible price only that product', () => {
    const { products, problems, ignored } = parseCatalogue(raw);
    expect(products.map((product) => [product.id, product.date])).toEqual([
      ['jazz', '2027-01-15T19:00:00.000Z'],
      ['late', null],
      ['top', null],
    ]);
    expect(problems).toEqual(['product gold ("Gold") has an unusable price: 1e+308']);
    expect(ignored).toEqual(['product late ("Late") shows without its date 100000000000000000']);
  });

  it('a cached catalogue keeps every usable product and repairs what it can', () => {
    const cached = [
      { id: 'jazz', ...raw.jazz },
      { id: 'late', ...raw.late },
      { id: 'gold', ...raw.gold },
      { title: 'No id' },
      'text',
    ];
    const { state, problems } = parseCachedCatalogue(JSON.stringify({ updatedAt: 1e300, products: cached }));
    expect(state.products.map((product: Product) => product.id)).toEqual(['jazz', 'late']);
    expect(state).toMatchObject({ source: 'cached', updatedAt: null });
    expect(problems).toHaveLength(4);
  });

  it.each([
    ['not json', '{'],
    ['no list', '{"products": 3}'],
    ['a list', '[]'],
  ])('a cached catalogue that is %s is nothing cached', (_, text) => {
    expect(parseCachedCatalogue(text).state).toEqual({ products: [], source: 'none', updatedAt: null });
  });

  it('nothing stored is nothing cached, without a problem', () => {
    const nothing = { products: [], source: 'none', updatedAt: null };
    expect(parseCachedCatalogue(null)).toEqual({ state: nothing, problems: [] });
  });
});

const item = (index: number, extra: Partial<CartItem> = {}): CartItem => ({
  id: `p${index}`,
  title: `Item ${index}`,
  price: 1,
  ...extra,
});

describe('the stored wishlist', () => {
  it('a launch of 1e300 beside it costs nothing but the launch', () => {
    const stored = { site: { name: 'Harbour', launch: 1e300 }, cart: { products: [item(1)], total: 1 } };
    const decoded = decodeState(JSON.stringify(stored));
    expect(decoded.status).toBe('repaired');
    expect(decoded.state.site).toMatchObject({ name: 'Harbour', launch: null });
    expect(decoded.state.cart.products).toEqual([item(1)]);
  });

  it('far beyond the bound: the first usable items are kept, and how many were stored is told', () => {
    const products = [{ id: 'bad' }, ...Array.from({ length: 118_234 }, (_, index) => item(index))];
    const decoded = decodeState(JSON.stringify({ cart: { products, total: 0 } }));
    expect(decoded.state.cart.products).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(decoded.state.cart.products.at(-1)?.id).toBe(`p${MAX_WISHLIST_ITEMS - 1}`);
    expect(decoded.state.cart.total).toBe(MAX_WISHLIST_ITEMS);
    expect(decoded.wishlistOverflow).toBe(118_235);
  });

  it('a long list of duplicates is read in one pass and keeps one of each', () => {
    const products = Array.from({ length: 100_000 }, () => item(1));
    const decoded = decodeState(JSON.stringify({ cart: { products, total: 0 } }));
    expect(decoded.state.cart.products).toEqual([item(1)]);
    expect(decoded.wishlistOverflow).toBeUndefined();
  });

  it('a quantity beyond 99 is lowered to 99, however large', () => {
    const quantities = [Number.MAX_SAFE_INTEGER, 2 ** 53, 150, 99];
    const products = quantities.map((quantity, index) => item(index, { quantity }));
    // JSON reads 1e999 as Infinity.
    const text = JSON.stringify({ cart: { products, total: 0 } }).replace('"quantity":150', '"quantity":1e999');
    const decoded = decodeState(text);
    expect(decoded.state.cart.products.map((kept) => kept.quantity)).toEqual([99, 99, 99, 99]);
    expect(decoded.state.cart.total).toBe(396);
  });

  it('an absurd price makes the item unusable; the highest real price is kept', () => {
    const products = [item(1, { price: 1e308 }), item(2, { price: 1_000_000.01 }), item(3, { price: 1_000_000 })];
    const decoded = decodeState(JSON.stringify({ cart: { products, total: 0 } }));
    expect(decoded.state.cart.products.map((kept) => kept.id)).toEqual(['p3']);
  });

  it('a wishlist at the bound refuses one more item with a clear reason', () => {
    const products = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, index) => item(index));
    const full = { products, total: MAX_WISHLIST_ITEMS };
    expect(() => addItem(full, item(MAX_WISHLIST_ITEMS))).toThrow(TransitionError);
    expect(() => addItem(full, item(MAX_WISHLIST_ITEMS))).toThrow(/at most 500 items/);
  });

  it('capping quantities returns the same cart when nothing is over its limit', () => {
    const cart = { products: [item(1, { quantity: 3 })], total: 3 };
    expect(capQuantities(cart, () => 5)).toBe(cart);
    expect(capQuantities(cart, () => 0)).toEqual({ products: [item(1, { quantity: 1 })], total: 1 });
  });

  it('at start-up, quantities are capped at the stock the cached catalogue knows', () => {
    const store = createStore();
    const product = (id: string, stock: number | null): Product => ({
      ...{ id, title: id, price: 1, description: '', image: '', category: 'Music' },
      ...{ date: null, venue: null, stock, active: true, sort: null },
      // Above every stored quantity here, so what caps them is the stock alone.
      ...{
        maxPerOrder: 100,
        minPerOrder: 1,
        onSaleFrom: null,
        onSaleUntil: null,
        attendeeNames: false,
        showLeft: true,
      },
      ...{ group: null, typeName: null, quotas: [], giftCard: null, translations: {}, textLanguage: {} },
    });
    const catalogue = [product('p1', 3), product('p2', null), product('p3', 0)];
    store.set(catalogueAtom, { products: catalogue, source: 'cached', updatedAt: null });
    const withQuantities = (quantities: number[]) => quantities.map((quantity, index) => item(index + 1, { quantity }));
    store.set(rootAtom, { ...DEFAULT_STATE, cart: { products: withQuantities([7, 50, 4, 60]), total: 121 } });
    capWishlistToStock(store);
    expect(store.get(rootAtom).cart).toEqual({ products: withQuantities([3, 50, 1, 60]), total: 114 });
  });
});

describe('the stored contact outbox', () => {
  const message = { name: 'Robin', email: 'robin@example.com', subject: 'Hello', body: 'A question' };
  let counter = 0;
  const newId = () => `new-${++counter}`;

  it('replaces ids that are not database keys, keeps good ones with their attempts', () => {
    const ids = ['bad.id', 'a/b', '$x', '#', '[x]', '', 'x'.repeat(65), 'tab\there', 42, 'fine-id'];
    const stored = ids.map((id) => ({ id, message, attempts: 2 }));
    const { queue, unsendable, problems } = parseStoredOutbox(JSON.stringify(stored), newId);
    expect(queue).toHaveLength(10);
    expect(queue.at(-1)).toEqual({ id: 'fine-id', message, attempts: 2 });
    const repaired = queue.slice(0, -1);
    const renewed = (entry: QueuedMessage) =>
      isMessageId(entry.id) && entry.id.startsWith('new-') && entry.attempts === 0;
    expect(repaired.every(renewed)).toBe(true);
    expect(unsendable).toEqual([]);
    expect(problems).toHaveLength(9);
    expect(problems[0]).toBe('message id "bad.id" is not a valid database key: sent under a new id');
  });

  it('sets aside content the database would refuse, drops what is not a message, bounds the queue', () => {
    const bad = { ...message, email: 'robin at example' };
    const many = Array.from({ length: 300 }, (_, index) => ({ id: `m${index}`, message, attempts: -1 }));
    const stored = [{ id: 'a', message: bad }, { id: 'b' }, 'junk', ...many];
    const { queue, unsendable, problems } = parseStoredOutbox(JSON.stringify(stored), newId);
    expect(unsendable).toEqual([bad]);
    expect(queue).toHaveLength(MAX_QUEUED_MESSAGES - 3);
    expect(queue.every((entry) => entry.attempts === 0)).toBe(true);
    expect(problems[0]).toBe(`103 entries beyond the first ${MAX_QUEUED_MESSAGES} dropped`);
  });

  it.each([
    ['not json', '{'],
    ['not a list', '{"id": "a"}'],
  ])('an outbox that is %s is empty', (_, text) => {
    expect(parseStoredOutbox(text, newId)).toMatchObject({ queue: [], unsendable: [] });
  });

  function harness(write: (id: string) => Promise<void>, stored: unknown[]) {
    const store = createStore();
    const storage = new MemoryStorage();
    storage.values.set('contact-outbox', JSON.stringify(stored));
    const toasts: ToastMessage[] = [];
    const givenBack: ContactFields[] = [];
    const outbox = createOutbox({
      store,
      slot: new StorageSlot(
        () => storage,
        'contact-outbox',
        () => undefined,
      ),
      write,
      isPermissionDenied: (error) => (error as { code?: string }).code === 'PERMISSION_DENIED',
      notify: (toast) => toasts.push(toast),
      newId,
      giveBack: (messages) => givenBack.push(...messages),
      timeoutMs: 50,
      retryMs: 20,
    });
    return { store, storage, toasts, givenBack, outbox };
  }

  it('a queue of 150 goes out with one toast', async () => {
    const written: string[] = [];
    const stored = Array.from({ length: 150 }, (_, index) => ({ id: `m${index}`, message, attempts: 0 }));
    const h = harness(async (id) => void written.push(id), stored);
    h.store.set(connectedAtom, true);
    await h.outbox.flush();
    expect(written).toHaveLength(150);
    const detail = 'Thank you, we will get back to you soon.';
    expect(h.toasts).toEqual([{ severity: 'success', summary: '150 messages sent', detail }]);
    expect(h.storage.values.has('contact-outbox')).toBe(false);
  });

  it('a flush asked for while offline does not stand in the way of the one when the connection comes', async () => {
    const written: string[] = [];
    const h = harness(async (id) => void written.push(id), [{ id: 'a', message, attempts: 0 }]);
    await h.outbox.flush();
    expect(written).toEqual([]);
    h.store.set(connectedAtom, true);
    await h.outbox.flush();
    expect(written).toEqual(['a']);
    expect(h.toasts.map((toast) => toast.summary)).toEqual(['Message sent']);
  });

  it('content the database would refuse is handed back at once, never sent', async () => {
    const written: string[] = [];
    const bad = { ...message, body: 'x'.repeat(6000) };
    const h = harness(async (id) => void written.push(id), [{ id: 'a', message: bad, attempts: 0 }]);
    expect(h.givenBack).toEqual([bad]);
    expect(h.store.get(outboxAtom)).toEqual([]);
    h.store.set(connectedAtom, true);
    await h.outbox.flush();
    expect(written).toEqual([]);
  });

  it('a first refusal while flushing hands the message back instead of dropping it', async () => {
    const denied = Object.assign(new Error('denied'), { code: 'PERMISSION_DENIED' });
    const h = harness(() => Promise.reject(denied), [{ id: 'a', message, attempts: 0 }]);
    h.store.set(connectedAtom, true);
    await h.outbox.flush();
    expect(h.givenBack).toEqual([message]);
    expect(h.store.get(outboxAtom)).toEqual([]);
  });

  it('after a failed attempt it does not claim to be sending, and tries again by itself', async () => {
    let calls = 0;
    const h = harness(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
    }, [{ id: 'a', message, attempts: 0 }]);
    // The connection coming up starts a flush; the one asked for at the same moment joins it.
    h.store.set(connectedAtom, true);
    await h.outbox.flush();
    expect(calls).toBe(1);
    expect(h.store.get(outboxRetryingAtom)).toBe(true);
    expect(h.store.get(outboxAtom)).toEqual([{ id: 'a', message, attempts: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toBe(2);
    expect(h.store.get(outboxAtom)).toEqual([]);
    expect(h.store.get(outboxRetryingAtom)).toBe(false);
  });
});
