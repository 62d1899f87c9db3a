/**
 * What trusted code reads for an order's emails and page names its products in the order's language, where the
 * organiser translated them (docs/languages.md#organiser-content): its lines, its events and its tickets' types. The
 * database here is the data alone, read path by path, as the sender reads it.
 */
import { describe, expect, it } from 'vitest';
import { readOrderData } from '../../functions/src/mail/orderData';
import { mailDatabase } from './mailDatabase';

const JAZZ = {
  ...{ title: 'Harbour Jazz Night', price: 18, description: '', image: '', category: 'Events', active: true },
  ...{ date: '2027-06-01T19:00:00Z', typeName: 'Standard' },
  translations: { 'de-DE': { title: 'Hafen-Jazznacht', typeName: 'Normal' } },
};
const CONCESSION = {
  ...JAZZ,
  price: 12,
  typeName: 'Concession',
  group: 'jazz',
  translations: { 'de-DE': { title: 'Hafen-Jazznacht', typeName: 'Ermäßigt' } },
};
const MUG = { title: 'Mug', price: 8, description: '', image: '', category: 'Goods', active: true };

const ticket = (n: number, line: string, type: string) => ({
  ...{ uid: 'buyer', order: 'o1', n, code: `CODE-${n}`, holder: 'Ann', status: 'valid', created: 1 },
  ...{ line, type },
});

function shop(language: string | undefined, locale = 'en-GB') {
  return {
    properties: { name: 'Shop', tagline: '', email: 'shop@example.com', locale },
    products: { jazz: JAZZ, 'jazz-c': CONCESSION, mug: MUG },
    orders: {
      buyer: {
        o1: {
          items: {
            jazz: { title: 'Harbour Jazz Night', type: 'Standard', price: 18, quantity: 1, event: 'jazz', first: 0 },
            'jazz-c': {
              title: 'Harbour Jazz Night',
              type: 'Concession',
              price: 12,
              quantity: 1,
              event: 'jazz',
              first: 1,
            },
            mug: { title: 'Mug', price: 8, quantity: 1 },
          },
          ...{ total: 38, status: 'pending', created: 1, contact: { name: 'Ann', email: 'ann@example.com' } },
          ...(language ? { language } : {}),
        },
      },
    },
    tickets: { jazz: { 'o1-0': ticket(0, 'jazz', 'Standard'), 'o1-1': ticket(1, 'jazz-c', 'Concession') } },
  };
}

const read = async (data: unknown) => (await readOrderData(mailDatabase(data), 'buyer', 'o1'))!;

describe("an order's products in its language", () => {
  it('a German order names translated lines, events and ticket types in German, and the rest as stored', async () => {
    const data = await read(shop('de-DE'));
    expect(data.order.lines.map((line) => line.title)).toEqual([
      'Hafen-Jazznacht · Normal',
      'Hafen-Jazznacht · Ermäßigt',
      'Mug',
    ]);
    expect(data.order.lines.map((line) => line.type)).toEqual(['Normal', 'Ermäßigt', null]);
    expect(data.events.get('jazz')?.title).toBe('Hafen-Jazznacht');
    expect(data.tickets.map((t) => t.type)).toEqual(['Normal', 'Ermäßigt']);
  });

  it('an English order, and one from before languages, read as stored', async () => {
    for (const language of ['en-GB', undefined]) {
      const data = await read(shop(language));
      expect(data.order.lines.map((line) => line.title)).toEqual([
        'Harbour Jazz Night · Standard',
        'Harbour Jazz Night · Concession',
        'Mug',
      ]);
      expect(data.events.get('jazz')?.title).toBe('Harbour Jazz Night');
      expect(data.tickets.map((t) => t.type)).toEqual(['Standard', 'Concession']);
    }
  });

  it('in a shop whose main language is German, a German order reads the stored texts', async () => {
    const data = await read(shop('de-DE', 'de-DE'));
    expect(data.order.lines[0]!.title).toBe('Harbour Jazz Night · Standard');
  });

  it('a product gone since the order keeps the title stored with it', async () => {
    const gone = shop('de-DE');
    delete (gone.products as Record<string, unknown>)['jazz-c'];
    const data = await read(gone);
    expect(data.order.lines.map((line) => line.title)).toEqual([
      'Hafen-Jazznacht · Normal',
      'Harbour Jazz Night · Concession',
      'Mug',
    ]);
  });
});
