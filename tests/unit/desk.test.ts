import { describe, expect, it } from 'vitest';
import { attendeeCsv, attendeeFileName } from '../../src/features/dashboard/events/attendeeExport';
import { csvField, toCsv } from '../../src/lib/csv';
import {
  attendeesOf,
  eventMoney,
  eventNumbers,
  eventPlacesLeft,
  figuresByType,
  salesByDay,
  withOwnUnits,
} from '../../src/features/dashboard/events/eventNumbers';
import { product } from './products';
import { NO_FILTERS, matchesFilters, pageQuery, searchQueries } from '../../src/features/dashboard/orders/orderQueries';
import {
  deskIndexWrites,
  deskStatusWrites,
  parseDeskEntry,
  parseDeskEventEntry,
  searchKey,
  timeKey,
} from '../../src/features/orders/deskIndex';
import type { OrderPayment } from '../../src/features/payments/model';
import type { OrderStatus } from '../../src/features/orders';
import type { Ticket } from '../../src/features/tickets';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180), CRLF between records, a BOM in front', () => {
    expect(
      toCsv(
        ['Name', 'Email'],
        [
          ['Ann, "Nan" Lee', 'ann@example.com'],
          ['Bo\nLine', 'b@example.com'],
        ],
      ),
    ).toBe('\uFEFFName,Email\r\n"Ann, ""Nan"" Lee",ann@example.com\r\n"Bo\nLine",b@example.com\r\n');
  });

  it('keeps accents and other scripts as they are (UTF-8 with the BOM)', () => {
    expect(csvField('Zoë Ångström 山田')).toBe('Zoë Ångström 山田');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['  =1+1', "'  =1+1"],
  ])('escapes %j against formula injection', (hostile, safe) => {
    expect(csvField(hostile)).toBe(safe);
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(csvField('Casey Customer')).toBe('Casey Customer');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-1e3')).toBe("'-1e3");
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('')).toBe('');
  });
});

const order = {
  items: {
    gig: { title: 'Gig', price: 12.5, quantity: 2 },
    mug: { title: 'Mug', price: 8, quantity: 1 },
  },
  total: 0,
  status: 'pending' as const,
  created: 1_759_000_000_000,
  contact: { name: '  Zoë   Ångström ', email: 'Zoe@Example.COM', telephone: '+44 1' },
  ref: 'K7M4QXPR',
};

describe('the desk index entries', () => {
  it('gives a double-barrelled surname a second search key, from its second part', () => {
    const named = (name: string) =>
      deskIndexWrites('u1', 'o1', { ...order, contact: { ...order.contact, name } }, 1, [])['deskOrders/u1~o1'];
    expect(named('Ann Parks-Smith')).toMatchObject({ surnameKey: 'parks-smith ann', partKey: 'smith ann' });
    expect(named('Ann Ruiz-Parks-Smith')).toMatchObject({ partKey: 'parks-smith ann' });
    expect(named('Parks-Smith')).toMatchObject({ partKey: 'smith' });
    expect(named('Jean-Luc Picard')).not.toHaveProperty('partKey');
    expect(named('Zoë Ångström')).not.toHaveProperty('partKey');
    expect(named('Ann Parks-')).not.toHaveProperty('partKey');
  });

  it('copies an order into its entry and per-event entries, with search keys and a trusted total', () => {
    const writes = deskIndexWrites('u1', 'o1', order, 1_759_000_000_000, ['gig']);
    expect(writes['deskOrders/u1~o1']).toMatchObject({
      ref: 'K7M4QXPR',
      t: '1759000000000',
      sk: 'pending~1759000000000',
      nameKey: 'zoe angstrom',
      surnameKey: 'angstrom zoe',
      emailKey: 'zoe@example.com',
      phone: '+44 1',
      total: 33,
      summary: '2 × Gig, 1 × Mug',
      events: { gig: true },
    });
    expect(writes['deskEventOrders/gig/u1~o1']).toEqual({
      t: '1759000000000',
      sk: 'pending~1759000000000',
      status: 'pending',
      quantity: 2,
      amount: 25,
      name: order.contact.name,
      email: order.contact.email,
    });
    expect(Object.keys(writes)).toHaveLength(2);
  });

  it('moves an entry and its event entries to a status together', () => {
    const entry = parseDeskEntry(deskIndexWrites('u1', 'o1', order, 1, ['gig'])['deskOrders/u1~o1'])!;
    expect(deskStatusWrites('u1~o1', entry, 'cancelled')).toEqual({
      'deskOrders/u1~o1/status': 'cancelled',
      'deskOrders/u1~o1/sk': 'cancelled~0000000000001',
      'deskEventOrders/gig/u1~o1/status': 'cancelled',
      'deskEventOrders/gig/u1~o1/sk': 'cancelled~0000000000001',
    });
  });

  it('refuses malformed entries instead of showing them', () => {
    const good = deskIndexWrites('u1', 'o1', order, 1, ['gig']);
    const entry = good['deskOrders/u1~o1'] as Record<string, unknown>;
    for (const bad of [null, 'x', [], { ...entry, status: 'lost' }, { ...entry, t: '12' }, { ...entry, total: 'NaN' }])
      expect(parseDeskEntry(bad)).toBeNull();
    expect(parseDeskEntry({ ...entry, ref: '-P7IZ' })).not.toHaveProperty('ref');
    expect(parseDeskEventEntry({ ...(good['deskEventOrders/gig/u1~o1'] as object), quantity: 'many' })).toBeNull();
  });

  it('sorts times as 13 digits and reads names for searching', () => {
    expect(timeKey(5)).toBe('0000000000005');
    expect(timeKey(1e20)).toBe('9999999999999');
    expect(searchKey(' ÉMILE\tZola ')).toBe('emile zola');
  });
});

describe("the desk's queries", () => {
  it('pages by arrival, by status and time, and by event', () => {
    expect(pageQuery(NO_FILTERS, null)).toEqual({ path: 'deskOrders', spec: { child: 't', last: 26 } });
    expect(pageQuery({ ...NO_FILTERS, status: 'confirmed', from: 1000, to: 2000 }, null)).toEqual({
      path: 'deskOrders',
      spec: {
        child: 'sk',
        start: { value: 'confirmed~0000000001000' },
        end: { value: 'confirmed~0000000001999' },
        last: 26,
      },
    });
    expect(pageQuery({ ...NO_FILTERS, eventId: 'gig' }, { value: '0000000000009', key: 'u~o' })).toEqual({
      path: 'deskEventOrders/gig',
      spec: { child: 't', before: { value: '0000000000009', key: 'u~o' }, last: 26 },
    });
  });

  it('searches by reference, name, surname and email; hostile text is only ever a value', () => {
    expect(searchQueries('k7m4 qxpr').map((q) => q.spec.child)).toEqual([
      'ref',
      'nameKey',
      'surnameKey',
      'partKey',
      'emailKey',
    ]);
    expect(searchQueries('   ')).toEqual([]);
    const hostile = searchQueries('../orders/$uid[0]');
    expect(hostile.every((q) => q.path === 'deskOrders')).toBe(true);
    expect(matchesFilters({ ...NO_FILTERS, eventId: 'gig' }, { t: '1', status: 'pending' })).toBe(false);
  });

  it('filters by payment state what was read; an order from before payments is in no state', () => {
    const awaiting = { ...NO_FILTERS, pay: 'pending' as const };
    expect(matchesFilters(awaiting, { t: '1', status: 'pending', pay: 'pending' })).toBe(true);
    expect(matchesFilters(awaiting, { t: '1', status: 'pending', pay: 'paid' })).toBe(false);
    expect(matchesFilters(awaiting, { t: '1', status: 'pending' })).toBe(false);
    expect(matchesFilters(NO_FILTERS, { t: '1', status: 'pending' })).toBe(true);
    // The database is asked for the same page as without it.
    expect(pageQuery(awaiting, null)).toEqual(pageQuery(NO_FILTERS, null));
  });
});

const ticket = (n: number, extra: Partial<Ticket> = {}): Ticket => ({
  eventId: 'gig',
  id: `o${n}-0`,
  uid: `u${n}`,
  order: `o${n}`,
  n: 0,
  code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
  holder: `Holder ${n}`,
  status: 'valid',
  due: null,
  created: 0,
  checkin: null,
  line: 'gig',
  type: null,
  ...extra,
});
const entry = (t: number, status: OrderStatus = 'confirmed', quantity = 1) => ({
  t: timeKey(t),
  sk: `${status}~${timeKey(t)}`,
  status,
  quantity,
  amount: quantity * 10,
  name: 'N',
  email: 'n@example.com',
});

describe("an event's numbers", () => {
  it('counts sold, held, capacity, remaining and checked in', () => {
    const tickets = [
      ticket(1, { checkin: { scan: 's', device: 'door-1', at: 5 } }),
      ticket(2),
      ticket(3, { status: 'void' }),
      ticket(4, { status: 'unpaid' }),
    ];
    expect(eventNumbers(tickets, 8)).toEqual({ sold: 2, held: 1, capacity: 11, remaining: 8, checkedIn: 1 });
    expect(eventNumbers([], null)).toMatchObject({ capacity: null, remaining: null });
  });

  it('keeps the capacity as places are held, lapse or are cancelled: they only move between sold, held and left', () => {
    // 10 places: 3 held for an unpaid order, then it lapses (its tickets void, its places back), then one is sold.
    const held = [ticket(1, { status: 'unpaid' }), ticket(2, { status: 'unpaid' }), ticket(3, { status: 'unpaid' })];
    expect(eventNumbers(held, 7).capacity).toBe(10);
    const lapsed = held.map((t) => ({ ...t, status: 'void' as const }));
    expect(eventNumbers(lapsed, 10).capacity).toBe(10);
    expect(eventNumbers([...lapsed, ticket(4)], 9)).toMatchObject({ sold: 1, held: 0, capacity: 10 });
  });

  it('counts as revenue what was paid less refunds, and beside it what pending orders still owe', () => {
    const pay = (extra: Partial<OrderPayment>): OrderPayment => ({
      method: 'transfer',
      currency: 'GBP',
      due: 2000,
      paid: 0,
      refunded: 0,
      state: 'pending',
      until: null,
      v: 1,
      ...extra,
    });
    const keyed = [
      // Paid £20, £5 of it refunded: £15 kept.
      { key: 'a~1', entry: entry(1, 'confirmed', 2) },
      // Part paid £5 of £20: £5 kept, £15 outstanding.
      { key: 'b~2', entry: entry(2, 'pending', 2) },
      // Cancelled and refunded in full: nothing.
      { key: 'c~3', entry: entry(3, 'cancelled', 2) },
      // Half of a £40 order is this event's: half of what was paid.
      { key: 'd~4', entry: entry(4, 'confirmed', 2) },
      // From before payments: its amount, as before.
      { key: 'e~5', entry: entry(5) },
    ];
    const pays = new Map<string, OrderPayment | null>([
      ['a~1', pay({ paid: 2000, refunded: 500, state: 'paid' })],
      ['b~2', pay({ paid: 500 })],
      ['c~3', pay({ paid: 2000, refunded: 2000, state: 'paid' })],
      ['d~4', pay({ due: 4000, paid: 4000, state: 'paid' })],
      ['e~5', null],
    ]);
    expect(eventMoney(keyed, pays, 'GBP')).toEqual({
      takings: 1500 + 500 + 0 + 2000 + 1000,
      outstanding: 1500,
      unread: 0,
    });
    expect(eventMoney(keyed, new Map(), 'GBP')).toMatchObject({ unread: 5 });
  });

  it('adds up sales per day with a running total', () => {
    const day = new Date(2026, 10, 1, 12).getTime();
    const days = salesByDay([
      entry(day, 'confirmed', 2),
      entry(day + 3_600_000),
      entry(day + 86_400_000, 'pending', 4),
    ]);
    expect(days.map(({ sold, total }) => [sold, total])).toEqual([
      [3, 3],
      [4, 7],
    ]);
  });

  it('counts sales per day of the shop’s time zone, and carries the total on to today', () => {
    // 23:30 in London on 1 Nov is 1 Nov there, 2 Nov in Tokyo.
    const late = Date.UTC(2026, 10, 1, 23, 30);
    const today = Date.UTC(2026, 10, 20, 12);
    expect(salesByDay([entry(late)], 'Europe/London', today)).toEqual([
      { day: Date.UTC(2026, 10, 1), sold: 1, total: 1 },
      { day: Date.UTC(2026, 10, 20), sold: 0, total: 1 },
    ]);
    expect(salesByDay([entry(late)], 'Asia/Tokyo', today)[0]!.day).toBe(Date.UTC(2026, 10, 2));
    // A sale today ends the steps today: nothing added.
    expect(salesByDay([entry(today)], 'Europe/London', today)).toHaveLength(1);
  });

  it('lists attendees by name with their order’s email, reference and phone, and the start of the code', () => {
    const list = attendeesOf(
      [ticket(2), ticket(1), ticket(3)],
      new Map([['u1~o1', 'one@example.com']]),
      new Map([
        ['u1~o1', { ref: 'K7M4QXPR', phone: '+44 7700 900001' }],
        ['u2~o2', {}],
      ]),
    );
    expect(list.map((a) => [a.name, a.email, a.phone, a.order, a.codeStart])).toEqual([
      ['Holder 1', 'one@example.com', '+44 7700 900001', 'K7M4-QXPR', 'ABCD-EFGH'],
      // An order placed before references is named by its id, as the Orders tab and the buyer's tickets name it.
      ['Holder 2', '', '', 'o2', 'ABCD-EFGH'],
      ['Holder 3', '', '', 'o3', 'ABCD-EFGH'],
    ]);
  });
});

describe("an event's figures by type", () => {
  // Standard (the event's own product) and Concession draw on the venue; Concession on concessions too.
  const standard = product('gig', { title: 'Gig', typeName: 'Standard', stock: 150, quotas: ['venue'] });
  const concession = product('gig-c', { title: 'Gig', group: 'gig', typeName: 'Concession', quotas: ['venue', 'c'] });
  const vip = product('gig-vip', { title: 'Gig', group: 'gig', typeName: 'VIP', stock: 10 });
  const quotas = new Map([
    ['venue', 200],
    ['c', 50],
  ]);

  it('counts a quota several types share once in what is left of the event', () => {
    // 150 + 50 + 10 could be sold one type at a time, but the venue holds 200 over Standard and Concession: 210.
    expect(eventPlacesLeft([standard, concession, vip], quotas)).toBe(210);
    expect(eventPlacesLeft([standard, concession, { ...vip, quotas: ['venue'] }], quotas)).toBe(200);
    expect(eventPlacesLeft([standard, concession, { ...vip, stock: null }], quotas)).toBeNull();
    // A quota that is gone has no places left; an event without types is its stock, as before.
    expect(eventPlacesLeft([{ ...vip, quotas: ['gone'] }], quotas)).toBe(0);
    expect(eventPlacesLeft([product('fair', { stock: 8 })], new Map())).toBe(8);
  });

  it('counts valid tickets by type with what each can still sell, in the order of the lines', () => {
    const tickets = [
      ticket(1, { type: 'Standard' }),
      ticket(2, { line: 'gig-vip', type: 'VIP' }),
      ticket(3, { line: 'gig-vip', type: 'VIP', status: 'void' }),
      ticket(4, { line: 'gig-gone', type: 'Balcony' }),
    ];
    expect(figuresByType(tickets, [standard, concession, vip], quotas)).toEqual([
      { id: 'gig', name: 'Standard', sold: 1, left: 150 },
      { id: 'gig-c', name: 'Concession', sold: 0, left: 50 },
      { id: 'gig-vip', name: 'VIP', sold: 1, left: 10 },
      // A type that is gone still counts its tickets, under their type's name.
      { id: 'gig-gone', name: 'Balcony', sold: 1, left: null },
    ]);
    // An event without types has no breakdown.
    expect(figuresByType([ticket(1)], [product('gig', { title: 'Gig' })], new Map())).toEqual([]);
  });

  it('draws sales per type, the units an entry does not list by type as the event’s own product’s', () => {
    const day = new Date(2026, 10, 1, 12).getTime();
    const typed = { ...entry(day, 'confirmed', 3), types: { 'gig-vip': 1 } };
    expect(withOwnUnits(typed, 'gig').types).toEqual({ 'gig-vip': 1, gig: 2 });
    expect(withOwnUnits(entry(day), 'gig').types).toEqual({ gig: 1 });
    const days = salesByDay(
      [typed, { ...entry(day + 86_400_000, 'confirmed', 2), types: { 'gig-c': 2 } }].map((e) => withOwnUnits(e, 'gig')),
      null,
      day + 3 * 86_400_000,
    );
    expect(days.map(({ total, byType }) => [total, byType])).toEqual([
      [3, { 'gig-vip': 1, gig: 2 }],
      [5, { 'gig-vip': 1, gig: 2, 'gig-c': 2 }],
      [5, { 'gig-vip': 1, gig: 2, 'gig-c': 2 }],
    ]);
    // Without types, days carry no breakdown.
    expect(salesByDay([entry(day)])[0]).not.toHaveProperty('byType');
  });
});

describe('the attendee CSV', () => {
  const attendees = attendeesOf(
    [
      ticket(1, { holder: '=HYPERLINK("http://evil.example","x")' }),
      ticket(2, {
        checkin: { scan: 's', device: 'door-1', at: Date.UTC(2027, 0, 15, 19, 5) },
        status: 'valid',
        line: 'gig-vip',
        type: 'VIP',
      }),
    ],
    new Map([['u1~o1', 'one@example.com']]),
    new Map([['u1~o1', { ref: 'K7M4QXPR', phone: '+44 7700 900001' }]]),
  );
  const shop = { locale: 'en-GB', timezone: 'Europe/London' };

  it('has the order reference, phone, the start of the code and the event’s time in the shop’s zone, named', () => {
    const csv = attendeeCsv(attendees, { title: 'Gig', date: '2027-01-15T19:00:00Z' }, shop);
    const [header, first, second] = csv.slice(1).split('\r\n');
    expect(header).toBe('Name,Email,Phone,Order,Code (first part),Status,Checked in,Device,Type,Event,Event date');
    // The name and the phone cannot be formulas (docs/security.md#exports); the code has no "…" to read as cut off.
    expect(first).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")",one@example.com,'+44 7700 900001,K7M4-QXPR,ABCD-EFGH,Valid,,,,` +
        'Gig,"Fri, 15 Jan 2027, 19:00 GMT"',
    );
    expect(second).toBe(
      'Holder 2,,,o2,ABCD-EFGH,Valid,"15 Jan 2027, 19:05:00",door-1,VIP,Gig,"Fri, 15 Jan 2027, 19:00 GMT"',
    );
    expect(csv).not.toContain('…');
  });

  it('writes a summer event in summer time, another shop’s zone in its own, and an undated one without a date', () => {
    const summer = attendeeCsv(attendees, { title: 'Gig', date: '2027-06-26T13:00:00Z' }, shop);
    expect(summer).toContain('"Sat, 26 Jun 2027, 14:00 BST"');
    const tokyo = attendeeCsv(
      attendees,
      { title: 'Gig', date: '2027-06-26T13:00:00Z' },
      { ...shop, timezone: 'Asia/Tokyo' },
    );
    expect(tokyo).toContain('"Sat, 26 Jun 2027, 22:00 GMT+9"');
    expect(attendeeCsv(attendees, { title: 'Gig', date: null }, shop)).toContain(',Gig,\r\n');
  });

  it('is named after the event', () => {
    expect(attendeeFileName('Harbour Jazz Night!')).toBe('attendees-harbour-jazz-night.csv');
    expect(attendeeFileName('…')).toBe('attendees-event.csv');
  });
});
