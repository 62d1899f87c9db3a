/**
 * The categories' names in other languages (docs/languages.md#categories): kept by the category's main-language
 * name, read with the checks every database value gets, shown in the reader's language or marked as the main
 * one's, found by search in either, and written by staff without losing them to the site details' save.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { categoryNameAtom } from '../../src/features/catalogue/categoryName';
import { filterProducts } from '../../src/features/catalogue/product';
import {
  categoryField,
  categoryNameFields,
  categoryNamesRecord,
  namedCategories,
  validateCategoryNames,
} from '../../src/features/dashboard/shop/categoryNamesForm';
import { propertiesFields, propertiesRecord } from '../../src/features/dashboard/shop/propertiesForm';
import {
  categoryFromKey,
  categoryKey,
  categoryNamesAtom,
  readCategoryNames,
} from '../../src/features/site/siteTranslations';
import { languageAtom, siteAtom } from '../../src/state/atoms';
import { DEFAULT_SITE } from '../../src/state/site';
import { product } from './products';

const withNames = (categories: unknown) => ({ translations: { 'de-DE': { categories } } });

describe('a category’s key', () => {
  it('holds any name a product may have, and gives it back exactly', () => {
    for (const name of [
      'Live music',
      'A/V & lights',
      'Food.Drink',
      '#1 $ales [new]',
      '100% cotton',
      'Tab\there',
      'é',
    ]) {
      const key = categoryKey(name);
      // eslint-disable-next-line no-control-regex -- control characters are among those a key refuses
      expect(key, name).not.toMatch(/[.#$[\]/\u0000-\u001f\u007f]/);
      expect(categoryFromKey(key)).toBe(name);
    }
    // `%` is escaped too, so a name that looks like an escape is not read as one.
    expect(categoryFromKey(categoryKey('%2F'))).toBe('%2F');
    expect(categoryKey('Live music')).toBe('Live music');
  });
});

describe('reading the categories’ names', () => {
  it('keeps names in the shop’s languages, by the main-language name, trimmed', () => {
    const names = readCategoryNames(withNames({ 'Live music': ' Livemusik ', [categoryKey('A/V')]: 'Ton & Licht' }));
    expect(names).toEqual({ 'de-DE': { 'Live music': 'Livemusik', 'A/V': 'Ton & Licht' } });
  });

  it('leaves out what is no name, whatever the database or a stored copy holds', () => {
    for (const categories of [
      null,
      'Livemusik',
      ['Livemusik'],
      { a: '' },
      { a: '  ' },
      { a: 7 },
      { a: 'x'.repeat(101) },
    ]) {
      expect(readCategoryNames(withNames(categories)), JSON.stringify(categories)).toEqual({});
    }
    expect(
      readCategoryNames({ translations: { fr: { categories: { a: 'b' } }, 'en-XA': { categories: { a: 'b' } } } }),
    ).toEqual({});
    expect(readCategoryNames(null)).toEqual({});
    expect(readCategoryNames({ translations: 'x' })).toEqual({});
    // A category may be called anything, "__proto__" and "constructor" too: they are names, not an object's insides.
    const odd = readCategoryNames(withNames(JSON.parse('{"__proto__":"Proto","constructor":"Bauart"}')));
    expect(Object.getPrototypeOf(odd['de-DE'])).toBe(Object.prototype);
    expect(odd['de-DE']).toEqual(JSON.parse('{"__proto__":"Proto","constructor":"Bauart"}'));
  });
});

describe('a category as the reader reads it', () => {
  const storeIn = (language: 'en-GB' | 'de-DE') => {
    const store = createStore();
    store.set(siteAtom, { ...DEFAULT_SITE, locale: 'en-GB' });
    store.set(languageAtom, language);
    store.set(categoryNamesAtom, { 'de-DE': { 'Live music': 'Livemusik' } });
    return store;
  };

  it('is the organiser’s name in the reader’s language, else the main one’s, marked as such', () => {
    const name = storeIn('de-DE').get(categoryNameAtom);
    expect(name('Live music')).toEqual({ text: 'Livemusik' });
    expect(name('Spoken word')).toEqual({ text: 'Spoken word', lang: 'en-GB' });
    expect(name('constructor')).toEqual({ text: 'constructor', lang: 'en-GB' });
  });

  it('is the main name, unmarked, to a reader of the main language, and "Other" in theirs for none', () => {
    const name = storeIn('en-GB').get(categoryNameAtom);
    expect(name('Live music')).toEqual({ text: 'Live music' });
    expect(name('Other')).toEqual({ text: 'Other' });
  });

  it('follows the organiser’s changes and the reader’s choice', () => {
    const store = storeIn('de-DE');
    store.set(categoryNamesAtom, { 'de-DE': { 'Live music': 'Konzerte' } });
    expect(store.get(categoryNameAtom)('Live music')).toEqual({ text: 'Konzerte' });
    store.set(languageAtom, 'en-GB');
    expect(store.get(categoryNameAtom)('Live music')).toEqual({ text: 'Live music' });
  });
});

describe('searching by category', () => {
  const gig = product('gig', { title: 'Harbour Jazz', category: 'Live music' });
  const mug = product('mug', { title: 'Mug', category: 'Homeware' });
  const query = { category: '', sort: 'title' as const };
  const german = (category: string) => (category === 'Live music' ? 'Livemusik' : category);

  it('finds a category by the reader’s name and by the main one', () => {
    expect(filterProducts([gig, mug], { ...query, search: 'livemusik' }, german)).toEqual([gig]);
    expect(filterProducts([gig, mug], { ...query, search: 'live music' }, german)).toEqual([gig]);
    expect(filterProducts([gig, mug], { ...query, search: 'livemusik' })).toEqual([]);
  });

  it('filters by the category as the URL names it, whatever the reader’s name', () => {
    expect(filterProducts([gig, mug], { ...query, search: '', category: 'Live music' }, german)).toEqual([gig]);
    expect(filterProducts([gig, mug], { ...query, search: '', category: 'Livemusik' }, german)).toEqual([]);
  });
});

describe('staff naming the categories', () => {
  const products = [
    product('gig', { category: 'Live music' }),
    product('gig-vip', { category: 'Types do not count', group: 'gig' }),
    product('zine', { category: 'Zines', active: false }),
    product('odd', { category: 'Other' }),
    product('av', { category: 'A/V' }),
  ];

  it('lists every category staff have given a product, hidden ones too, not the types’ or "Other"', () => {
    expect(namedCategories(products, 'en-GB')).toEqual(['A/V', 'Live music', 'Zines']);
  });

  it('writes the names given by key, drops empty ones and those of categories gone, and none as null', () => {
    const categories = namedCategories(products, 'en-GB');
    const fields = categoryNameFields(categories, { 'Live music': 'Livemusik', Gone: 'Weg' });
    expect(fields).toEqual({ [categoryField(0)]: '', [categoryField(1)]: 'Livemusik', [categoryField(2)]: '' });
    const record = categoryNamesRecord(categories, { ...fields, [categoryField(0)]: ' Ton ' });
    expect(record).toEqual({ [categoryKey('A/V')]: 'Ton', 'Live music': 'Livemusik' });
    expect(categoryNamesRecord(categories, categoryNameFields(categories, {}))).toBeNull();
  });

  it('refuses a name longer than a category may be', () => {
    expect(validateCategoryNames({ [categoryField(0)]: 'x'.repeat(101), [categoryField(1)]: 'ok' })).toEqual({
      [categoryField(0)]: 'Please keep this to 100 characters or fewer.',
    });
  });

  it('keeps the names when the site details are saved, whole', () => {
    const fields = propertiesFields(
      { ...DEFAULT_SITE, email: 'a@example.com', launch: '2031-06-01T17:30:00.000Z' },
      {},
    );
    const record = propertiesRecord(fields, { 'de-DE': { 'A/V': 'Ton', 'Live music': 'Livemusik' } });
    expect(record.translations).toEqual({
      'de-DE': { categories: { [categoryKey('A/V')]: 'Ton', 'Live music': 'Livemusik' } },
    });
    const both = propertiesRecord(
      { ...fields, 'tagline-de-DE': 'Am Hafen' },
      { 'de-DE': { 'Live music': 'Livemusik' } },
    );
    expect(both.translations).toEqual({ 'de-DE': { tagline: 'Am Hafen', categories: { 'Live music': 'Livemusik' } } });
  });
});
