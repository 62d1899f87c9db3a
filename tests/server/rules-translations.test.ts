/**
 * The rules of the organiser's translated texts (docs/languages.md#organiser-content): staff write a product's
 * title, description and type name, and the site's tagline, in the languages the shop speaks, within the bounds of
 * the main language's texts; nobody else writes them, and nothing else is stored as a translation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonWrite, RulesAuth } from '../../server/rules';
import { LANGUAGES } from '../../src/i18n/languages';
import { check } from './rules-helpers';
import { gigEvent } from './support/gigEvent';

const RULES = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');

const who = (uid: string): RulesAuth => ({ uid, provider: 'password', token: {} });
const buyer = who('buyer');
const staff = who('staff');

const PROPERTIES = {
  ...{ name: 'Shop', tagline: 'Live music by the sea', address: '', postcode: '', telephone: '' },
  ...{ email: 'shop@example.com', website: '', calendar: '', comingsoon: false, launch: '2026-01-01' },
};
const data = {
  users: { staff: { firstname: 'S', lastname: 'S', email: 's@example.com', role: 'staff', created: 1 } },
  properties: PROPERTIES,
  products: { gig: gigEvent({ typeName: 'Standard' }) },
};

const set = (target: string, value: unknown): JsonWrite => ({ path: target.split('/'), value });
const allowed = (writes: JsonWrite[], auth: RulesAuth | null) => check(RULES, data, writes, auth).allowed;

describe('a product in another language', () => {
  const german = { title: 'Konzert', description: 'Live-Musik.', typeName: 'Normal' };

  it('staff write its texts in each language the shop speaks, alone or with the product', () => {
    for (const language of LANGUAGES) {
      expect(allowed([set(`products/gig/translations/${language}`, german)], staff)).toBe(true);
    }
    expect(allowed([set('products/gig', gigEvent({ translations: { 'de-DE': { title: 'Konzert' } } }))], staff)).toBe(
      true,
    );
    expect(allowed([set('products/gig/translations/de-DE/title', 'Konzert')], staff)).toBe(true);
  });

  it('nobody else writes them, signed in or not', () => {
    expect(allowed([set('products/gig/translations/de-DE', german)], buyer)).toBe(false);
    expect(allowed([set('products/gig/translations/de-DE', german)], null)).toBe(false);
  });

  it('refuses a language the shop does not speak, the pseudo-language, other fields and texts out of bounds', () => {
    for (const [target, value] of [
      ['products/gig/translations/fr-FR', { title: 'Concert' }],
      ['products/gig/translations/en-XA', { title: 'Ĝîĝ' }],
      ['products/gig/translations/de-DE', { title: 'Konzert', price: 5 }],
      ['products/gig/translations/de-DE/venue', 'Hafen'],
      ['products/gig/translations/de-DE/title', ''],
      ['products/gig/translations/de-DE/title', 'x'.repeat(201)],
      ['products/gig/translations/de-DE/title', 7],
      ['products/gig/translations/de-DE/description', 'x'.repeat(5001)],
      ['products/gig/translations/de-DE/typeName', 'x'.repeat(101)],
      ['products/gig/translations/de-DE', 'Konzert'],
    ] as const) {
      expect(allowed([set(target, value)], staff), `${target} = ${JSON.stringify(value).slice(0, 40)}`).toBe(false);
    }
  });
});

describe('the tagline in another language', () => {
  it('staff write it, alone or with the properties; nobody else does', () => {
    expect(allowed([set('properties/translations/de-DE/tagline', 'Livemusik am Meer')], staff)).toBe(true);
    const whole = { ...PROPERTIES, translations: { 'de-DE': { tagline: 'Livemusik am Meer' } } };
    expect(allowed([set('properties', whole)], staff)).toBe(true);
    expect(allowed([set('properties/translations/de-DE/tagline', 'Livemusik am Meer')], buyer)).toBe(false);
    expect(allowed([set('properties/translations/de-DE/tagline', 'Livemusik am Meer')], null)).toBe(false);
  });

  it('refuses a language the shop does not speak, other texts and a tagline out of bounds', () => {
    for (const [target, value] of [
      ['properties/translations/fr-FR/tagline', 'Musique'],
      ['properties/translations/de-DE/name', 'Laden'],
      ['properties/translations/de-DE/tagline', ''],
      ['properties/translations/de-DE/tagline', 'x'.repeat(201)],
      ['properties/translations/de-DE', 'Livemusik'],
    ] as const) {
      expect(allowed([set(target, value)], staff), target).toBe(false);
    }
  });
});

describe('the categories’ names in another language', () => {
  const names = { 'Live music': 'Livemusik', 'A%2FV': 'Ton & Licht' };

  it('staff write them, alone, one by one or with the properties; nobody else does', () => {
    expect(allowed([set('properties/translations/de-DE/categories', names)], staff)).toBe(true);
    expect(allowed([set('properties/translations/de-DE/categories/Live music', 'Livemusik')], staff)).toBe(true);
    const whole = { ...PROPERTIES, translations: { 'de-DE': { tagline: 'Am Meer', categories: names } } };
    expect(allowed([set('properties', whole)], staff)).toBe(true);
    for (const auth of [buyer, null]) {
      expect(allowed([set('properties/translations/de-DE/categories', names)], auth)).toBe(false);
      expect(allowed([set('properties/translations/de-DE/categories/Live music', 'Livemusik')], auth)).toBe(false);
    }
  });

  it('refuses a language the shop does not speak, what is no name, and names or keys out of bounds', () => {
    for (const [target, value] of [
      ['properties/translations/fr-FR/categories', names],
      ['properties/translations/en-XA/categories', names],
      ['properties/translations/de-DE/categories', 'Livemusik'],
      ['properties/translations/de-DE/categories', { 'Live music': { name: 'Livemusik' } }],
      ['properties/translations/de-DE/categories/Live music', ''],
      ['properties/translations/de-DE/categories/Live music', 7],
      ['properties/translations/de-DE/categories/Live music', 'x'.repeat(101)],
      [`properties/translations/de-DE/categories/${'x'.repeat(301)}`, 'Livemusik'],
    ] as const) {
      expect(allowed([set(target, value)], staff), `${target.slice(0, 60)} = ${JSON.stringify(value)}`).toBe(false);
    }
    expect(allowed([set(`properties/translations/de-DE/categories/${'x'.repeat(300)}`, 'Livemusik')], staff)).toBe(
      true,
    );
  });
});
