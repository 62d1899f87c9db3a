import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueAtom } from '../../src/features/catalogue/catalogueState';
import {
  applyFirstVisitData,
  readFirstVisitData,
  serializeFirstVisitData,
  type FirstVisitData,
} from '../../src/app/firstVisit';
import { siteAtom } from '../../src/state/atoms';
import { serverNowAtom } from '../../src/state/liveAtoms';

const product = (title: string, active = true) => ({
  title,
  price: 12.5,
  description: 'An evening',
  image: '/images/products/a.svg',
  category: 'Music',
  active,
});

const DATA: FirstVisitData = {
  properties: { name: 'Harbour Lights', tagline: 'Music </script><script>alert(1)</script>', comingsoon: false },
  products: { jazz: product('Jazz </script> night'), old: product('Last year', false) },
  now: 1_800_000_000_000,
  language: 'de-DE',
};

afterEach(() => vi.restoreAllMocks());

describe('first-visit data', () => {
  it('survives the trip through the page, with nothing in it able to close its script element', () => {
    const text = serializeFirstVisitData(DATA);
    expect(text).not.toMatch(/<\//);
    expect(readFirstVisitData({ textContent: text })).toEqual(DATA);
  });

  it('is absent from the app shell, and unreadable data is reported and ignored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readFirstVisitData(null)).toBeNull();
    expect(readFirstVisitData({ textContent: '' })).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(readFirstVisitData({ textContent: '{"properties": {' })).toBeNull();
    expect(readFirstVisitData({ textContent: JSON.stringify({ properties: {}, products: {} }) })).toBeNull();
    expect(readFirstVisitData({ textContent: JSON.stringify({ ...DATA, now: 'yesterday' }) })).toBeNull();
    // The language the page was rendered in decides the first render's: without one the shop speaks, none.
    expect(readFirstVisitData({ textContent: JSON.stringify({ ...DATA, language: 'xx-YY' }) })).toBeNull();
    expect(readFirstVisitData({ textContent: JSON.stringify({ ...DATA, language: undefined }) })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('goes into the store as the live subscriptions would put it, checked field by field', () => {
    const store = createStore();
    applyFirstVisitData(store, { ...DATA, properties: { name: 'Harbour Lights', comingsoon: 'yes' } });
    expect(store.get(siteAtom).name).toBe('Harbour Lights');
    expect(store.get(siteAtom).comingsoon).toBe(false);
    expect(store.get(catalogueAtom)).toMatchObject({ source: 'live', updatedAt: DATA.now });
    expect(store.get(catalogueAtom).products.map((item) => item.title)).toEqual(['Jazz </script> night']);
    expect(store.get(serverNowAtom)).toBe(DATA.now);
  });
});
