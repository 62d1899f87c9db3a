import { describe, expect, it } from 'vitest';
import { parseUserOrders } from '../../src/features/orders/order';
import { enteredTime, fromLocalInput, toLocalInput } from '../../src/features/dashboardKit/dateTimeInput';
import {
  EMPTY_PRODUCT,
  newTypeFields,
  productFields,
  productRecord,
  productWrites,
  typeId,
} from '../../src/features/dashboard/shop/productForm';
import { slugify } from '../../src/lib/slug';
import { validateProduct, type ProductContext } from '../../src/features/dashboard/shop/productValidation';
import {
  propertiesFields,
  propertiesRecord,
  validateProperties,
} from '../../src/features/dashboard/shop/propertiesForm';
import { quotaFields, quotaWrites, validateQuota } from '../../src/features/dashboard/shop/quotaForm';
import { productTree, quotaUsers } from '../../src/features/dashboard/shop/staffCatalogue';
import { DEFAULT_SITE } from '../../src/state/site';
import { catalogue, product } from './products';

const order = (created: number, status = 'pending') => ({
  items: { mug: { title: 'Mug', price: 8, quantity: 2 } },
  total: 16,
  status,
  created,
  contact: { name: 'Bo', email: 'bo@example.com' },
});

describe('orders', () => {
  it('reads a user’s orders newest first and leaves out ones without a total or a known status', () => {
    const orders = parseUserOrders('u1', {
      a: order(1),
      b: order(3),
      broken: { ...order(2), status: 'lost' },
      junk: 'x',
    });
    expect(orders.map((o) => o.id)).toEqual(['b', 'a']);
    expect(orders[0]).toMatchObject({
      uid: 'u1',
      total: 16,
      lines: [{ productId: 'mug', title: 'Mug', price: 8, quantity: 2 }],
    });
  });
});

describe('the launch date-time picker', () => {
  it('round-trips an instant through the input value in any zone', () => {
    const iso = '2027-03-01T18:30:00.000Z';
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])
      expect(fromLocalInput(toLocalInput(iso, zone), zone)).toBe(iso);
  });

  it('reads and shows the wall clock of the shop’s zone, not the device’s, also across summer time', () => {
    expect(toLocalInput('2027-03-01T10:00:00Z', 'Europe/London')).toBe('2027-03-01T10:00');
    expect(toLocalInput('2027-03-01T10:00:00Z', 'America/New_York')).toBe('2027-03-01T05:00');
    expect(fromLocalInput('2031-06-01T18:30', 'Europe/London')).toBe('2031-06-01T17:30:00.000Z');
    expect(fromLocalInput('2031-01-01T18:30', 'Europe/London')).toBe('2031-01-01T18:30:00.000Z');
    expect(fromLocalInput('2031-06-01T18:30', 'Asia/Kolkata')).toBe('2031-06-01T13:00:00.000Z');
    // The hour after the clocks go back in New York (1 November 2026, 02:00 EDT becomes 01:00 EST).
    expect(fromLocalInput('2026-11-01T03:00', 'America/New_York')).toBe('2026-11-01T08:00:00.000Z');
  });

  it('treats empty and unusable values as none', () => {
    expect(toLocalInput(null, 'Europe/London')).toBe('');
    expect(toLocalInput('not a date', 'Europe/London')).toBe('');
    expect(fromLocalInput('', 'Europe/London')).toBeNull();
    expect(fromLocalInput('2027-13-45T99:99', 'Europe/London')).toBeNull();
  });
});

describe('a date as entered, said in the reader’s language', () => {
  it('reads the input on the shop’s clock and says it in the reader’s words, whatever the browser draws', () => {
    expect(enteredTime('2027-03-01T10:00', 'Europe/London', 'en-GB')).toMatch(/^Monday,? 1 March 2027 at 10:00$/);
    expect(enteredTime('2027-03-01T10:00', 'Europe/London', 'de-DE')).toBe('Montag, 1. März 2027 um 10:00');
    // 18:30 on New York's clock, said on New York's clock: the zone is the shop's, not the device's.
    expect(enteredTime('2031-06-01T18:30', 'America/New_York', 'en-GB')).toMatch(/^Sunday,? 1 June 2031 at 18:30$/);
  });

  it('says nothing for what is no date', () => {
    for (const value of ['', '2027-03-01', 'tomorrow', '1800-01-01T10:00', '2027-02-30T25:00']) {
      expect(enteredTime(value, 'Europe/London', 'en-GB'), value).toBeNull();
    }
  });
});

describe('the site properties form', () => {
  const valid = {
    ...propertiesFields({ ...DEFAULT_SITE, email: 'hello@example.com', launch: '2027-03-01T18:00:00.000Z' }, {}),
  };

  it('accepts the defaults with an email and a launch, and writes every field of properties', () => {
    expect(validateProperties(valid)).toEqual({});
    const record = propertiesRecord({ ...valid, name: '  Harbour  ', comingsoon: true });
    expect(record).toMatchObject({
      name: 'Harbour',
      comingsoon: true,
      launch: '2027-03-01T18:00:00.000Z',
      currency: 'GBP',
      locale: 'en-GB',
    });
    // No time zone set: none written (the rules take it as optional).
    expect(Object.keys(record).sort()).toEqual(
      Object.keys(DEFAULT_SITE)
        .filter((name) => name !== 'timezone')
        .sort(),
    );
  });

  it('keeps the tagline in other languages: shown, written back with the rest, and none when emptied', () => {
    const fields = propertiesFields(
      { ...DEFAULT_SITE, email: 'a@example.com', launch: '2031-06-01T17:30:00.000Z' },
      {
        'de-DE': 'Livemusik am Meer',
      },
    );
    expect(fields['tagline-de-DE']).toBe('Livemusik am Meer');
    expect(fields['tagline-en-GB']).toBe('');
    const record = propertiesRecord({ ...fields, 'tagline-de-DE': ' Livemusik am Hafen ' });
    expect(record.translations).toEqual({ 'de-DE': { tagline: 'Livemusik am Hafen' } });
    expect(record).not.toHaveProperty('tagline-de-DE');
    expect(propertiesRecord({ ...fields, 'tagline-de-DE': '  ' })).not.toHaveProperty('translations');
    expect(validateProperties({ ...fields, 'tagline-de-DE': 'x'.repeat(201) })).toHaveProperty('tagline-de-DE');
  });

  it('writes the shop’s time zone back, and reads the launch on its wall clock', () => {
    const site = {
      ...DEFAULT_SITE,
      email: 'a@example.com',
      launch: '2031-06-01T17:30:00.000Z',
      timezone: 'Europe/London',
    };
    const fields = propertiesFields(site, {});
    expect(fields.launch).toBe('2031-06-01T18:30');
    expect(propertiesRecord(fields)).toMatchObject({ timezone: 'Europe/London', launch: '2031-06-01T17:30:00.000Z' });
    expect(validateProperties({ ...fields, timezone: 'Mars/Olympus' })).toEqual({
      timezone: 'Please enter a time zone such as Europe/London.',
    });
  });

  it('names each field the database would refuse', () => {
    expect(
      validateProperties({
        ...valid,
        name: '',
        email: 'x',
        launch: '',
        currency: 'pounds',
        locale: 'English',
        website: 'example.com',
        postcode: 'x'.repeat(21),
      }),
    ).toEqual({
      name: 'Please enter the shop’s name.',
      email: 'Please enter an email address like name@example.com.',
      launch: 'Please choose the launch date and time.',
      currency: 'Please enter a three-letter currency code such as GBP.',
      locale: 'Please enter a language tag such as en-GB.',
      website: 'Please enter a full web address starting with https://',
      postcode: 'Please keep this to 20 characters or fewer.',
    });
  });
});

/** A new product's context: no other products and no quotas unless given. */
const shop = (...products: Parameters<typeof catalogue>): ProductContext => ({
  editing: null,
  products: catalogue(...products),
  quotaIds: new Set(),
  taxRateIds: new Set(),
});

describe('the product form', () => {
  const filled = { ...EMPTY_PRODUCT, id: 'poster', title: 'Poster', price: '12.50', category: 'Prints' };

  it('makes ids from titles', () => {
    expect(slugify('  Café Jazz Night: Live! ')).toBe('cafe-jazz-night-live');
  });

  it('accepts a complete product and leaves empty optional fields out of the record', () => {
    expect(validateProduct(filled, shop(), 'UTC')).toEqual({});
    expect(productRecord(filled, 'UTC')).toEqual({
      title: 'Poster',
      price: 12.5,
      description: '',
      image: '',
      category: 'Prints',
      active: true,
    });
    expect(productRecord({ ...filled, showLeft: false }, 'UTC')).toMatchObject({ showLeft: false });
    expect(productRecord({ ...filled, stock: '4', sort: '10', venue: ' Hall ' }, 'UTC')).toMatchObject({
      stock: 4,
      sort: 10,
      venue: 'Hall',
    });
    expect(productRecord({ ...filled, date: '2027-07-01T19:00' }, 'Europe/London').date).toBe(
      '2027-07-01T18:00:00.000Z',
    );
  });

  it('asks for attendee names only for an event, which has a date', () => {
    expect(productRecord({ ...filled, attendeeNames: true, date: '2027-07-01T19:00' }, 'UTC').attendeeNames).toBe(true);
    expect(productRecord({ ...filled, attendeeNames: true }, 'UTC')).not.toHaveProperty('attendeeNames');
    expect(productRecord({ ...filled, date: '2027-07-01T19:00' }, 'UTC')).not.toHaveProperty('attendeeNames');
  });

  it('makes a gift card of goods only, valid for its months or for ever, and keeps it so when saved again', () => {
    const card = { ...filled, giftCard: true };
    expect(productRecord(card, 'UTC')).toMatchObject({ giftCard: true });
    expect(productRecord(card, 'UTC')).not.toHaveProperty('giftCardMonths');
    expect(productRecord({ ...card, giftCardMonths: '12' }, 'UTC')).toMatchObject({
      giftCard: true,
      giftCardMonths: 12,
    });
    expect(productRecord({ ...card, date: '2027-07-01T19:00' }, 'UTC')).not.toHaveProperty('giftCard');
    expect(productRecord({ ...filled, giftCardMonths: '12' }, 'UTC')).not.toHaveProperty('giftCardMonths');
    for (const months of ['0', '121', '1.5', 'soon']) {
      expect(validateProduct({ ...card, giftCardMonths: months }, shop(), 'UTC').giftCardMonths).toBe(
        'Please enter a whole number of months from 1 to 120, or leave it empty: it never expires.',
      );
    }
    expect(validateProduct({ ...card, giftCardMonths: '120' }, shop(), 'UTC')).toEqual({});
    // Read back and saved again, as the editor does: a gift card stays one, with its months.
    const stored = productRecord({ ...card, giftCardMonths: '6' }, 'UTC');
    const read = product('poster', { giftCard: { months: 6, amount: null } });
    expect(productFields(read, 'UTC')).toMatchObject({ giftCard: true, giftCardMonths: '6' });
    expect(stored).toMatchObject({ giftCard: true, giftCardMonths: 6 });
  });

  it('lets the buyer choose a gift card’s amount between two bounds around its price, or not at all', () => {
    const card = { ...filled, giftCard: true, price: '25' };
    expect(productRecord(card, 'UTC')).not.toHaveProperty('giftCardAmount');
    const choosing = { ...card, giftCardMin: '5', giftCardMax: '500,50' };
    expect(validateProduct(choosing, shop(), 'UTC')).toEqual({});
    expect(productRecord(choosing, 'UTC')).toMatchObject({ giftCardAmount: { min: 5, max: 500.5 } });
    expect(productRecord({ ...choosing, giftCard: false }, 'UTC')).not.toHaveProperty('giftCardAmount');
    const problems = (min: string, max: string) =>
      validateProduct({ ...card, giftCardMin: min, giftCardMax: max }, shop(), 'UTC');
    expect(problems('30', '500').giftCardMin).toBe(
      'The lowest amount must not be above the price, which is the amount suggested.',
    );
    expect(problems('5', '20').giftCardMax).toBe(
      'The highest amount must not be below the price, which is the amount suggested.',
    );
    expect(problems('5', '').giftCardMax).toBe(
      'Please enter both amounts, or leave both empty: the card is then worth its price.',
    );
    expect(problems('0', '500').giftCardMin).toBe(
      'Please enter an amount above 0 and up to 1,000,000, with at most two decimal places.',
    );
    // Read back and saved again: the bounds stay.
    const read = product('poster', { price: 25, giftCard: { months: null, amount: { min: 5, max: 500.5 } } });
    expect(productFields(read, 'UTC')).toMatchObject({ giftCardMin: '5', giftCardMax: '500.5' });
  });

  it('refuses what the rules refuse, and an id that is taken', () => {
    expect(
      validateProduct({ ...filled, id: 'Poster!', price: '-1', stock: '1.5', title: '', category: '' }, shop(), 'UTC'),
    ).toEqual({
      id: 'Use up to 64 lower-case letters, digits and dashes.',
      title: 'Please enter a title.',
      price: 'Please enter a price from 0 to 1,000,000.',
      category: 'Please enter a category.',
      stock: 'Please enter a whole number of 0 or more, or leave it empty for no limit.',
    });
    expect(validateProduct(filled, shop(product('poster')), 'UTC').id).toBe('Another product already has this id.');
    expect(validateProduct({ ...filled, price: '1.234' }, shop(), 'UTC').price).toBe(
      'Please use at most two decimal places.',
    );
    expect(validateProduct({ ...filled, price: '0.29' }, shop(), 'UTC').price).toBeUndefined();
  });

  it('reads a price with a decimal comma, as German staff type it, and never a grouping comma as one', () => {
    expect(validateProduct({ ...filled, price: ' 12,50 ' }, shop(), 'UTC').price).toBeUndefined();
    expect(productRecord({ ...filled, price: ' 12,50 ' }, 'UTC').price).toBe(12.5);
    expect(productRecord({ ...filled, price: '0,29' }, 'UTC').price).toBe(0.29);
    expect(validateProduct({ ...filled, price: '1,234' }, shop(), 'UTC').price).toBe(
      'Please use at most two decimal places.',
    );
    expect(validateProduct({ ...filled, price: '1,2,3' }, shop(), 'UTC').price).toBe(
      'Please enter a price from 0 to 1,000,000.',
    );
    expect(productFields(product('poster', { price: 12.5 }), 'UTC').price).toBe('12.5');
  });

  describe('the on-sale window and the least per order', () => {
    // 10:00 in Berlin in winter (UTC+1) and 18:00 in summer (UTC+2): a zone other than the device's UTC.
    const opens = Date.UTC(2027, 11, 4, 9, 0);
    const closes = Date.UTC(2028, 5, 1, 16, 0);
    const windowed = product('poster', { maxPerOrder: 6, minPerOrder: 2, onSaleFrom: opens, onSaleUntil: closes });
    const fields = productFields(windowed, 'Europe/Berlin');
    const problems = (changes: Partial<typeof fields>, zone = 'Europe/Berlin') =>
      validateProduct({ ...fields, ...changes }, shop(), zone);

    it('shows the window on the shop’s wall clock and writes back the same moments and minimum', () => {
      expect(fields).toMatchObject({
        minPerOrder: '2',
        maxPerOrder: '6',
        onSaleFrom: '2027-12-04T10:00',
        onSaleUntil: '2028-06-01T18:00',
      });
      expect(validateProduct(fields, shop(), 'Europe/Berlin')).toEqual({});
      expect(productRecord(fields, 'Europe/Berlin')).toMatchObject({
        minPerOrder: 2,
        maxPerOrder: 6,
        onSaleFrom: opens,
        onSaleUntil: closes,
      });
    });

    it('leaves emptied fields out of the record, so that saving removes them', () => {
      const record = productRecord({ ...fields, minPerOrder: '', onSaleFrom: '', onSaleUntil: '' }, 'Europe/Berlin');
      expect(record).not.toHaveProperty('minPerOrder');
      expect(record).not.toHaveProperty('onSaleFrom');
      expect(record).not.toHaveProperty('onSaleUntil');
      expect(record).toMatchObject({ maxPerOrder: 6 });
    });

    it('holds the least per order to a whole number from 1 to the most per order', () => {
      expect(problems({ minPerOrder: '7' }).minPerOrder).toBe(
        'Please enter a whole number from 1 to 6 (the most per order), or leave it empty for 1.',
      );
      expect(problems({ minPerOrder: '11', maxPerOrder: '' }).minPerOrder).toBe(
        'Please enter a whole number from 1 to 10 (the most per order), or leave it empty for 1.',
      );
      for (const minPerOrder of ['0', '1.5', 'two'])
        expect(problems({ minPerOrder }).minPerOrder, minPerOrder).toMatch(/^Please enter a whole number from 1 to 6/);
      expect(problems({ minPerOrder: '6' })).toEqual({});
      expect(problems({ minPerOrder: '10', maxPerOrder: '' })).toEqual({});
      // A wrong most per order is said at that field; the least is not judged against it meanwhile.
      expect(problems({ minPerOrder: '20', maxPerOrder: 'lots' })).toEqual({
        maxPerOrder: 'Please enter a whole number from 1 to 1000, or leave it empty for 10.',
      });
    });

    it('refuses a close that is not after the opening, and unusable dates or years outside 2000–2100', () => {
      const closeFirst = 'Sales must close after they open.';
      expect(problems({ onSaleUntil: '2027-12-04T10:00' })).toEqual({ onSaleUntil: closeFirst });
      expect(problems({ onSaleUntil: '2027-12-04T09:59' })).toEqual({ onSaleUntil: closeFirst });
      expect(problems({ onSaleUntil: '2027-12-04T10:01' })).toEqual({});
      expect(problems({ onSaleFrom: '', onSaleUntil: '2027-12-04T09:59' })).toEqual({});
      const unusable = 'Please choose a date and time from 2000 to 2100, or leave it empty.';
      expect(problems({ onSaleFrom: '1999-12-31T23:00' }, 'UTC')).toEqual({ onSaleFrom: unusable });
      expect(problems({ onSaleUntil: '2101-01-01T00:00' }, 'UTC')).toEqual({ onSaleUntil: unusable });
      expect(problems({ onSaleFrom: '2000-01-01T00:00', onSaleUntil: '2100-12-31T23:59' }, 'UTC')).toEqual({});
      expect(problems({ onSaleFrom: 'soon', date: '2027-13-45T99:99' })).toEqual({
        onSaleFrom: unusable,
        date: unusable,
      });
    });
  });
});

describe('types and quotas in the product form', () => {
  const night = product('jazz', {
    title: 'Jazz Night',
    date: '2027-07-01T19:00:00.000Z',
    venue: 'Main Hall',
    description: 'Late jazz',
    image: '/jazz.svg',
    category: 'Live music',
    attendeeNames: true,
    typeName: 'Standard',
    price: 18,
  });
  const concession = product('jazz-concession', {
    ...night,
    id: 'jazz-concession',
    group: 'jazz',
    typeName: 'Concession',
    price: 12,
    attendeeNames: false,
    quotas: ['venue', 'concessions'],
  });
  const poster = product('poster', { title: 'Poster' });
  const context = (editing: string | null): ProductContext => ({
    editing,
    products: catalogue(night, concession, poster),
    quotaIds: new Set(['venue', 'concessions']),
    taxRateIds: new Set(),
  });

  it('keeps a type’s group, name and quotas when it is saved, so an edit drops none of them', () => {
    const fields = productFields(concession, 'UTC');
    expect(fields).toMatchObject({ group: 'jazz', typeName: 'Concession', quotas: ['venue', 'concessions'] });
    expect(validateProduct(fields, context('jazz-concession'), 'UTC')).toEqual({});
    expect(productRecord(fields, 'UTC')).toMatchObject({
      group: 'jazz',
      typeName: 'Concession',
      quotas: { venue: true, concessions: true },
      price: 12,
      date: '2027-07-01T19:00:00.000Z',
    });
    const plain = productRecord(productFields(poster, 'UTC'), 'UTC');
    for (const key of ['group', 'typeName', 'quotas']) expect(plain).not.toHaveProperty(key);
  });

  it('starts a new type with its group’s shared fields, attendee names and visibility, and an id from both', () => {
    expect(newTypeFields(night, 'UTC')).toMatchObject({
      id: '',
      title: 'Jazz Night',
      description: 'Late jazz',
      image: '/jazz.svg',
      category: 'Live music',
      date: '2027-07-01T19:00',
      venue: 'Main Hall',
      attendeeNames: true,
      active: true,
      group: 'jazz',
      typeName: '',
      price: '',
      quotas: [],
    });
    expect(typeId('jazz', 'VIP Seats')).toBe('jazz-vip-seats');
  });

  it('refuses a group that is a type itself, is gone or is the product, a type without a name, and a lost quota', () => {
    const vip = { ...newTypeFields(night, 'UTC'), id: 'jazz-vip', price: '40', typeName: 'VIP' };
    expect(validateProduct(vip, context(null), 'UTC')).toEqual({});
    expect(validateProduct({ ...vip, typeName: ' ' }, context(null), 'UTC')).toEqual({
      typeName: 'A type needs a name, such as Concession or VIP.',
    });
    expect(validateProduct({ ...vip, group: 'jazz-concession' }, context(null), 'UTC').group).toBe(
      'Jazz Night · Concession is itself a type: choose the first product of its group.',
    );
    expect(validateProduct({ ...vip, group: 'gone' }, context(null), 'UTC').group).toBe(
      'That product is no longer in the shop: please choose another.',
    );
    expect(validateProduct({ ...vip, id: 'jazz' }, context('jazz'), 'UTC').group).toBe(
      'A product cannot be a type of itself.',
    );
    expect(validateProduct({ ...vip, quotas: ['venue', 'gone'] }, context(null), 'UTC').quotas).toBe(
      'A chosen quota is no longer there: please untick it.',
    );
    expect(validateProduct({ ...vip, typeName: 'x'.repeat(101) }, context(null), 'UTC').typeName).toBe(
      'Please keep this to 100 characters or fewer.',
    );
  });

  it('keeps a group’s first product from becoming a type, and dated while its types are events', () => {
    const first = productFields(night, 'UTC');
    expect(validateProduct({ ...first, group: 'poster' }, context('jazz'), 'UTC').group).toBe(
      'This product has types of its own (Concession), so it cannot be a type of another.',
    );
    expect(validateProduct({ ...first, date: '' }, context('jazz'), 'UTC').date).toBe(
      'Its types are events: keep a date here, which they share.',
    );
    // A product without types may lose its date.
    expect(validateProduct({ ...productFields(poster, 'UTC'), date: '' }, context('poster'), 'UTC')).toEqual({});
  });

  it('writes a group’s shared fields to its types in the same update, and clears those it no longer has', () => {
    const moved = { ...productFields(night, 'UTC'), title: 'Jazz Late', date: '2027-08-01T20:00', venue: '' };
    const writes = productWrites(moved, 'UTC', catalogue(night, concession, poster));
    expect(writes).toEqual({
      jazz: productRecord(moved, 'UTC'),
      'jazz-concession/title': 'Jazz Late',
      'jazz-concession/description': 'Late jazz',
      'jazz-concession/image': '/jazz.svg',
      'jazz-concession/category': 'Live music',
      'jazz-concession/date': '2027-08-01T20:00:00.000Z',
      'jazz-concession/venue': null,
      // No translations: none left on the type either (a type's type name in another language is its own).
      'jazz-concession/translations/en-GB/title': null,
      'jazz-concession/translations/en-GB/description': null,
      'jazz-concession/translations/de-DE/title': null,
      'jazz-concession/translations/de-DE/description': null,
    });
    // A type, or a product without types, is written alone.
    const type = productWrites(
      { ...productFields(concession, 'UTC'), description: 'Typed over' },
      'UTC',
      catalogue(night, concession),
    );
    expect(Object.keys(type)).toEqual(['jazz-concession']);
    // Its shared fields are its group's, whatever the form held.
    expect(type['jazz-concession']).toMatchObject({ description: 'Late jazz' });
  });

  it('writes the texts in other languages: a group’s title and description to its types, a type’s name its own', () => {
    const german = {
      ...productFields(night, 'UTC'),
      'title-de-DE': ' Jazznacht ',
      'description-de-DE': 'Später Jazz',
      'typeName-de-DE': 'Normal',
    };
    expect(validateProduct(german, context('jazz'), 'UTC')).toEqual({});
    const writes = productWrites(german, 'UTC', catalogue(night, concession, poster));
    expect(writes.jazz).toMatchObject({
      translations: { 'de-DE': { title: 'Jazznacht', description: 'Später Jazz', typeName: 'Normal' } },
    });
    expect(writes).toMatchObject({
      'jazz-concession/translations/de-DE/title': 'Jazznacht',
      'jazz-concession/translations/de-DE/description': 'Später Jazz',
    });
    expect(writes).not.toHaveProperty('jazz-concession/translations/de-DE/typeName');
    // Read back, the form shows them again; a type shows its group's title and description, and its own name.
    const stored = { ...night, translations: { 'de-DE': { title: 'Jazznacht', description: 'Später Jazz' } } };
    const type = { ...concession, translations: { 'de-DE': { title: 'Old', typeName: 'Ermäßigt' } } };
    const typeForm = productWrites(
      { ...productFields(type, 'UTC'), 'typeName-de-DE': 'Ermäßigt ', 'title-de-DE': 'Typed over' },
      'UTC',
      catalogue(stored, type),
    );
    expect(typeForm['jazz-concession']).toMatchObject({
      translations: { 'de-DE': { title: 'Jazznacht', description: 'Später Jazz', typeName: 'Ermäßigt' } },
    });
    // A text emptied is no translation; a type name typed for a product that is no type is not kept.
    expect(productRecord({ ...german, 'title-de-DE': ' ', 'description-de-DE': '' }, 'UTC').translations).toEqual({
      'de-DE': { typeName: 'Normal' },
    });
    expect(productRecord({ ...productFields(poster, 'UTC'), 'typeName-de-DE': 'Groß' }, 'UTC')).not.toHaveProperty(
      'translations',
    );
    expect(validateProduct({ ...german, 'description-de-DE': 'x'.repeat(5001) }, context('jazz'), 'UTC')).toEqual({
      'description-de-DE': 'Please keep this to 5000 characters or fewer.',
    });
  });
});

describe('the quota form and list', () => {
  const venue = { id: 'venue', name: 'Venue', left: 200 };

  it('makes a new quota’s id from its name, and refuses one that is taken or has no letters', () => {
    expect(validateQuota({ name: 'Main Hall', left: '200' }, null, new Set(['venue']))).toEqual({});
    expect(quotaWrites({ name: ' Main Hall ', left: '200' }, null)).toEqual({
      'main-hall': { name: 'Main Hall', left: 200 },
    });
    expect(validateQuota({ name: 'Venue!', left: '5' }, null, new Set(['venue'])).name).toBe(
      'Another quota already has the id “venue”: please choose another name.',
    );
    expect(validateQuota({ name: '!!', left: '5' }, null, new Set()).name).toBe(
      'Please use some letters or digits: the quota’s id is made from them.',
    );
    // Renamed, a quota keeps its id, whatever the name would make.
    expect(validateQuota({ name: 'Venue', left: '5' }, 'venue', new Set(['venue']))).toEqual({});
  });

  it('takes places left as a whole number from 0 to 1,000,000 and refuses fewer than 0', () => {
    const left = (value: string) => validateQuota({ name: 'Venue', left: value }, 'venue', new Set()).left;
    expect(left('-1')).toBe('A quota cannot have fewer than 0 places left.');
    expect(left('')).toBe('Please enter how many places are left.');
    for (const bad of ['1.5', 'ten', '1000001'])
      expect(left(bad), bad).toBe('Please enter a whole number of places from 0 to 1,000,000.');
    for (const good of ['0', ' 50 ', '1000000']) expect(left(good), good).toBeUndefined();
  });

  it('writes places left only when staff changed them, so a rename keeps what orders took meanwhile', () => {
    expect(quotaWrites({ ...quotaFields(venue), name: 'Main hall' }, venue)).toEqual({ 'venue/name': 'Main hall' });
    expect(quotaWrites({ name: 'Venue', left: '180' }, venue)).toEqual({ 'venue/name': 'Venue', 'venue/left': 180 });
  });

  it('names the products that draw on a quota, and lists types under their group', () => {
    const night = product('jazz', { title: 'Jazz Night', typeName: 'Standard', quotas: ['venue'], sort: 1 });
    const vip = product('jazz-vip', { title: 'Jazz Night', group: 'jazz', typeName: 'VIP', price: 40 });
    const concession = product('jazz-c', {
      title: 'Jazz Night',
      group: 'jazz',
      typeName: 'Concession',
      price: 12,
      quotas: ['venue'],
    });
    const orphan = product('lost', { title: 'Lost', group: 'gone', typeName: 'Small' });
    const products = catalogue(vip, orphan, concession, night);
    expect(quotaUsers('venue', products.values())).toEqual(['Jazz Night · Concession', 'Jazz Night · Standard']);
    expect(quotaUsers('concessions', products.values())).toEqual([]);
    expect(productTree(products).map(({ product: p, types }) => [p.id, types.map((t) => t.id)])).toEqual([
      ['jazz', ['jazz-c', 'jazz-vip']],
      ['lost', []],
    ]);
  });
});
