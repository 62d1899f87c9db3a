import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compileRules,
  JsonRulesData,
  type Json,
  type JsonWrite,
  type RulesAuth,
  type RulesQuery,
} from '../../server/rules';
import { orderDelivery } from './rules-helpers';

/** The project's own rules file, as the server loads it. */
const rules = compileRules(readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8'));

const NOW = 1_760_000_000_000;
const signedIn = (uid: string): RulesAuth => ({ uid, provider: 'password', token: { email: `${uid}@example.com` } });
const WHO = {
  anonymous: null,
  customer: signedIn('cust1'),
  other: signedIn('cust2'),
  staff: signedIn('staff1'),
} as const;
type Who = keyof typeof WHO;
/** Trusted code (functions/src/orders/), the only writer of new orders; not in WHO, since it reads everything. */
const ALLOCATOR = signedIn('storefront-order-allocator');

const profile = (role: string) => ({
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  role,
  created: NOW - 1000,
});
const product = (active: boolean, price: number) => ({
  title: 'Tasting evening',
  price,
  description: 'Six wines',
  image: '/img/p.jpg',
  category: 'events',
  active,
});
const order = (extra: Record<string, Json> = {}) => ({
  items: { p1: { title: 'Tasting evening', price: 25, quantity: 2 } },
  total: 50,
  status: 'pending',
  created: NOW,
  contact: { name: 'Ann Lee', email: 'ann@example.com', telephone: '0123' },
  ...extra,
});
const message = (extra: Record<string, Json> = {}) => ({
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'Hello',
  body: 'Is there parking?',
  created: NOW,
  ...extra,
});

const seed = {
  properties: {
    name: 'Shop',
    tagline: 'Fine things',
    address: '1 High St',
    postcode: 'AB1 2CD',
    telephone: '0123',
    email: 'shop@example.com',
    website: 'https://shop.example.com',
    calendar: '',
    comingsoon: false,
    launch: '2026-12-01T10:00:00Z',
  },
  products: {
    p1: product(true, 25),
    p2: product(false, 10),
    // A gift card whose buyer chooses its worth, from £5 to £500.
    p4: { ...product(true, 25), giftCard: true, giftCardAmount: { min: 5, max: 500 } },
  },
  users: { cust1: profile('customer'), cust2: profile('customer'), staff1: profile('staff') },
  orders: { cust1: { o1: order() }, cust2: { o9: order() } },
  messages: { m1: message() },
};
const data = new JsonRulesData(seed);

const path = (text: string) => text.split('/').filter(Boolean);
const activeQuery: RulesQuery = {
  orderByKey: false,
  orderByPriority: false,
  orderByValue: false,
  orderByChild: 'active',
  equalTo: true,
};

/** Each row: what is read, and who may read it (everyone else may not). */
const READS: [string, Who[], RulesQuery?][] = [
  ['/properties', ['anonymous', 'customer', 'other', 'staff']],
  ['/properties/name', ['anonymous', 'customer', 'other', 'staff']],
  ['/products', ['staff']],
  ['/products', ['anonymous', 'customer', 'other', 'staff'], activeQuery],
  [
    '/products',
    ['anonymous', 'customer', 'other', 'staff'],
    { ...activeQuery, equalTo: undefined, startAt: true, endAt: true },
  ],
  ['/products', ['staff'], { ...activeQuery, equalTo: false }],
  ['/products', ['staff'], { ...activeQuery, orderByChild: 'price' }],
  ['/products/p1', ['anonymous', 'customer', 'other', 'staff']],
  ['/products/p2', ['staff']],
  ['/users', ['staff']],
  ['/users/cust1', ['customer', 'staff']],
  ['/users/cust1/role', ['customer', 'staff']],
  ['/orders', ['staff']],
  ['/orders/cust1', ['customer', 'staff']],
  ['/orders/cust1/o1', ['customer', 'staff']],
  ['/orders/cust2', ['other', 'staff']],
  ['/openOrders/cust1', ['customer', 'staff']],
  ['/openOrders', ['staff']],
  ['/messages', ['staff']],
  ['/messages/m1', ['staff']],
  ['/', ['staff']],
];

describe('database.rules.json: reads', () => {
  for (const [target, allowed, query] of READS) {
    for (const who of Object.keys(WHO) as Who[]) {
      const expected = allowed.includes(who);
      it(`${who} ${expected ? 'may' : 'may not'} read ${target}${query ? ` with ${JSON.stringify(query)}` : ''}`, () => {
        expect(rules.canRead(path(target), WHO[who], data, NOW, query)).toBe(expected);
      });
    }
  }
});

const set = (target: string, value: unknown): JsonWrite[] => [{ path: path(target), value }];
/** A new order of cust1 as checkout writes it: the order and the open-order slot it takes. */
const place = (value: unknown): JsonWrite[] => [...set('/orders/cust1/o2', value), ...set('/openOrders/cust1/a', 'o2')];
/** The same as the allocator writes it: with the order's reference and page link (docs/data-model.md#orders). */
const allocate = (value: unknown): JsonWrite[] => [
  ...place({ ...(value as object), ...orderDelivery('cust1', 'o2').fields }),
  ...Object.entries(orderDelivery('cust1', 'o2').writes).flatMap(([target, value]) => set(`/${target}`, value)),
];
function attempt(who: Who | 'allocator', writes: JsonWrite[]) {
  return rules.checkWrite(
    writes.map((w) => w.path),
    who === 'allocator' ? ALLOCATOR : WHO[who],
    data,
    data.withWrites(writes),
    NOW,
  );
}

/** Each row: a description, the operation, and who may do it (everyone else may not). */
const WRITES: [string, JsonWrite[], Who[]][] = [
  ['change the tagline', set('/properties/tagline', 'New'), ['staff']],
  [
    'replace the properties',
    set('/properties', { ...seed.properties, comingsoon: true, currency: 'EUR', locale: 'en-GB' }),
    ['staff'],
  ],
  [
    'add a product',
    set('/products/p3', { ...product(true, 5), stock: 3, sort: 1, venue: 'Hall', date: '2026-12-24' }),
    ['staff'],
  ],
  ['change a price', set('/products/p1/price', 30), ['staff']],
  ['delete a product', set('/products/p2', null), ['staff']],
  ['edit the first name of cust1', set('/users/cust1/firstname', 'Anna'), ['customer', 'staff']],
  ['make cust1 staff', set('/users/cust1/role', 'staff'), ['staff']],
  ['rewrite cust1 with role staff', set('/users/cust1', profile('staff')), ['staff']],
  ['rewrite cust1 unchanged', set('/users/cust1', profile('customer')), ['customer', 'staff']],
  ['delete the profile of cust1', set('/users/cust1', null), ['staff']],
  ['create cust1 order o2 (only the allocator places orders)', place(order()), ['staff']],
  ['create cust1 order o2 with status confirmed', place(order({ status: 'confirmed' })), ['staff']],
  ['confirm cust1 order o1', set('/orders/cust1/o1/status', 'confirmed'), ['staff']],
  ['rewrite cust1 order o1', set('/orders/cust1/o1', order({ notes: 'ring twice' })), ['staff']],
  ['delete cust1 order o1', set('/orders/cust1/o1', null), ['staff']],
  ['send a message', set('/messages/m2', message()), ['anonymous', 'customer', 'other', 'staff']],
  ['overwrite a message', set('/messages/m1', message({ body: 'changed' })), ['staff']],
  ['delete a message', set('/messages/m1', null), ['staff']],
  ['replace all messages', set('/messages', { m3: message() }), []],
  ['write an unknown top-level node', set('/other', 1), []],
  [
    'update two paths at once (a message and a tagline)',
    [...set('/messages/m5', message()), ...set('/properties/tagline', 'x')],
    ['staff'],
  ],
];

describe('database.rules.json: writes', () => {
  for (const [what, writes, allowed] of WRITES) {
    for (const who of Object.keys(WHO) as Who[]) {
      const expected = allowed.includes(who);
      it(`${who} ${expected ? 'may' : 'may not'} ${what}`, () => {
        expect(attempt(who, writes).allowed).toBe(expected);
      });
    }
  }

  it('a new user creates their own profile as customer, never as staff', () => {
    const newcomer = signedIn('new1');
    const create = (role: string) => {
      const writes = set('/users/new1', profile(role));
      return rules.checkWrite([path('/users/new1')], newcomer, data, data.withWrites(writes), NOW).allowed;
    };
    expect(create('customer')).toBe(true);
    expect(create('staff')).toBe(false);
  });

  it('staff cannot change their own role either', () => {
    expect(attempt('staff', set('/users/staff1/role', 'customer')).allowed).toBe(false);
  });
});

/** Each row: bad data written by someone otherwise allowed to write there; all must be refused. */
const BAD_DATA: [string, Who | 'allocator', JsonWrite[]][] = [
  ['a product with a negative price', 'staff', set('/products/p3', product(true, -1))],
  ['a product with a price as a string', 'staff', set('/products/p3', { ...product(true, 1), price: '1' })],
  ['a product without a title', 'staff', set('/products/p3', { ...product(true, 1), title: null })],
  ['a product with an empty title', 'staff', set('/products/p3', { ...product(true, 1), title: '' })],
  ['a product with an unknown field', 'staff', set('/products/p3', { ...product(true, 1), colour: 'red' })],
  ['a product with a fractional stock', 'staff', set('/products/p3', { ...product(true, 1), stock: 1.5 })],
  ['a product with a negative stock', 'staff', set('/products/p3', { ...product(true, 1), stock: -2 })],
  ['a product with active as a string', 'staff', set('/products/p3', { ...product(true, 1), active: 'yes' })],
  ['a product with showLeft as a string', 'staff', set('/products/p3', { ...product(true, 1), showLeft: 'no' })],
  ['a product with a malformed date', 'staff', set('/products/p3', { ...product(true, 1), date: 'next friday' })],
  ['a product field deleted that is required', 'staff', set('/products/p1/category', null)],
  ['properties with a bad e-mail', 'staff', set('/properties/email', 'not-an-email')],
  ['properties with comingsoon as a string', 'staff', set('/properties/comingsoon', 'yes')],
  ['properties with a malformed launch', 'staff', set('/properties/launch', '1st of May')],
  ['properties with a negative launch', 'staff', set('/properties/launch', -5)],
  ['properties with a launch of 1e300', 'staff', set('/properties/launch', 1e300)],
  ['properties with a launch in nanoseconds', 'staff', set('/properties/launch', NOW * 1e6)],
  ['properties with a launch in the year 1970', 'staff', set('/properties/launch', 5)],
  ['properties with a launch in the year 9999', 'staff', set('/properties/launch', '9999-01-01T00:00:00Z')],
  ['properties with a launch in month 13', 'staff', set('/properties/launch', '2027-13-01')],
  ['a product dated 1e17', 'staff', set('/products/p1/date', 1e17)],
  ['a product dated in the year 0001', 'staff', set('/products/p1/date', '0001-01-01')],
  ['a product with maxPerOrder 0', 'staff', set('/products/p1/maxPerOrder', 0)],
  ['a product with a fractional maxPerOrder', 'staff', set('/products/p1/maxPerOrder', 2.5)],
  ['properties with an unknown field', 'staff', set('/properties/colour', 'red')],
  ['properties with a lowercase currency', 'staff', set('/properties/currency', 'eur')],
  ['properties with an over-long name', 'staff', set('/properties/name', 'x'.repeat(101))],
  ['properties without a required field', 'staff', set('/properties', { ...seed.properties, postcode: null })],
  ['a profile with an unknown field', 'customer', set('/users/cust1/admin', true)],
  ['a profile with a bad e-mail', 'customer', set('/users/cust1/email', 'ann@')],
  ['a profile with a role that does not exist', 'staff', set('/users/cust1/role', 'owner')],
  ['a profile without a last name', 'customer', set('/users/cust1', { ...profile('customer'), lastname: null })],
  [
    'an order with a price below the catalogue',
    'allocator',
    allocate(order({ items: { p1: { title: 'Tasting evening', price: 1, quantity: 1 } } })),
  ],
  [
    'an order of a gift card above the most its buyer may choose',
    'allocator',
    allocate(order({ items: { p4: { title: 'Tasting evening', price: 600, quantity: 1, giftCard: true } } })),
  ],
  [
    'an order of a gift card below the least its buyer may choose',
    'allocator',
    allocate(order({ items: { p4: { title: 'Tasting evening', price: 4, quantity: 1, giftCard: true } } })),
  ],
  [
    'an order of a fixed-price product at another price within a gift card’s bounds',
    'allocator',
    allocate(order({ items: { p1: { title: 'Tasting evening', price: 30, quantity: 1 } } })),
  ],
  ['a gift card whose bounds leave out its price', 'staff', set('/products/p4/giftCardAmount', { min: 30, max: 500 })],
  ['a gift card whose least amount is nothing', 'staff', set('/products/p4/giftCardAmount', { min: 0, max: 500 })],
  [
    'bounds of an amount on a product that is no gift card',
    'staff',
    set('/products/p1/giftCardAmount', { min: 5, max: 50 }),
  ],
  [
    'an order of a product that is not on sale',
    'allocator',
    allocate(order({ items: { p2: { title: 'Tasting evening', price: 10, quantity: 1 } } })),
  ],
  [
    'an order of a product that does not exist',
    'allocator',
    allocate(order({ items: { nope: { title: 'Tasting evening', price: 0, quantity: 1 } } })),
  ],
  [
    'an order with quantity 0',
    'allocator',
    allocate(order({ items: { p1: { title: 'Tasting evening', price: 25, quantity: 0 } } })),
  ],
  [
    'an order with a fractional quantity',
    'allocator',
    allocate(order({ items: { p1: { title: 'Tasting evening', price: 25, quantity: 1.5 } } })),
  ],
  ['an order without items', 'allocator', allocate(order({ items: null }))],
  ['an order with a negative total', 'allocator', allocate(order({ total: -1 }))],
  ['an order without contact', 'allocator', allocate(order({ contact: null }))],
  ['an order with a bad contact e-mail', 'allocator', allocate(order({ contact: { name: 'A', email: 'a@b' } }))],
  ['an order with an unknown field', 'allocator', allocate(order({ discount: 50 }))],
  [
    'an order item with an unknown field',
    'allocator',
    allocate(order({ items: { p1: { title: 'Tasting evening', price: 25, quantity: 1, free: true } } })),
  ],
  ['an order dated far in the future', 'allocator', allocate(order({ created: NOW + 86_400_000 }))],
  ['an order status that does not exist', 'staff', set('/orders/cust1/o1/status', 'lost')],
  ['a message with a bad e-mail', 'anonymous', set('/messages/m2', message({ email: 'nobody' }))],
  ['a message with a body of 5001 characters', 'anonymous', set('/messages/m2', message({ body: 'x'.repeat(5001) }))],
  ['a message with an empty body', 'anonymous', set('/messages/m2', message({ body: '' }))],
  ['a message without a subject', 'anonymous', set('/messages/m2', message({ subject: null }))],
  ['a message with an unknown field', 'anonymous', set('/messages/m2', message({ html: '<b>' }))],
  ['a message with created as a string', 'anonymous', set('/messages/m2', message({ created: 'now' }))],
  ['a message that is a plain string', 'anonymous', set('/messages/m2', 'hello')],
];

describe('database.rules.json: bad data is refused', () => {
  it.each(BAD_DATA)('%s (by %s)', (_what, who, writes) => {
    const result = attempt(who, writes);
    expect(result.allowed).toBe(false);
    // Refused by validation, not for lack of a grant: the writer may write there.
    expect(result.reason).toMatch(/^validation failed at /);
  });

  it('the same writers may write the same places with good data (the table above is not refused for other reasons)', () => {
    expect(attempt('staff', set('/products/p3', product(true, 0))).allowed).toBe(true);
    expect(attempt('customer', set('/users/cust1/email', 'ann@example.co.uk')).allowed).toBe(true);
    expect(
      attempt('allocator', allocate(order({ items: { p1: { title: 'Tasting evening', price: 25, quantity: 1 } } })))
        .allowed,
    ).toBe(true);
    expect(
      attempt(
        'allocator',
        allocate(order({ items: { p4: { title: 'Tasting evening', price: 42.5, quantity: 1, giftCard: true } } })),
      ).allowed,
    ).toBe(true);
    expect(attempt('staff', set('/products/p4/giftCardAmount', { min: 10, max: 25 })).allowed).toBe(true);
    expect(attempt('anonymous', set('/messages/m2', message({ body: 'x'.repeat(5000) }))).allowed).toBe(true);
    expect(attempt('staff', set('/properties/launch', NOW)).allowed).toBe(true);
    expect(attempt('staff', set('/properties/launch', '2100-12-31T23:59:59.999+01:00')).allowed).toBe(true);
    expect(attempt('staff', set('/products/p1/date', '2000-01-01')).allowed).toBe(true);
    expect(attempt('staff', set('/products/p1/maxPerOrder', 1000)).allowed).toBe(true);
    expect(attempt('staff', set('/products/p1/showLeft', false)).allowed).toBe(true);
  });
});

describe('database.rules.json accepts the demo data in seed/', () => {
  const demo = JSON.parse(readFileSync(new URL('../../seed/database.json', import.meta.url), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
  const demoUsers = JSON.parse(readFileSync(new URL('../../seed/users.json', import.meta.url), 'utf8')) as {
    uid: string;
    email: string;
    firstname: string;
    lastname: string;
    role: string;
  }[];
  // The profiles the stack's start script writes for the demo sign-ins.
  const users = Object.fromEntries(
    demoUsers.map(({ uid, firstname, lastname, email, role }) => [
      uid,
      { firstname, lastname, email, role, created: NOW },
    ]),
  );
  const seeded = new JsonRulesData({ ...demo, users });
  const demoStaff = signedIn(demoUsers.find((u) => u.role === 'staff')!.uid);

  const nodes: [string, unknown][] = [
    ['/properties', demo.properties],
    ...Object.entries(demo.products ?? {}).map(([id, item]): [string, unknown] => [`/products/${id}`, item]),
    ...Object.entries(users).map(([uid, profile]): [string, unknown] => [`/users/${uid}`, profile]),
    ...Object.entries(demo.openOrders ?? {}).map(([uid, slots]): [string, unknown] => [`/openOrders/${uid}`, slots]),
    ...Object.entries(demo.orders ?? {}).flatMap(([uid, orders]) =>
      Object.entries(orders as Record<string, unknown>).map(([id, order]): [string, unknown] => [
        `/orders/${uid}/${id}`,
        order,
      ]),
    ),
    ...Object.entries(demo.tickets ?? {}).flatMap(([eventId, tickets]) =>
      Object.entries(tickets as Record<string, unknown>).map(([id, ticket]): [string, unknown] => [
        `/tickets/${eventId}/${id}`,
        ticket,
      ]),
    ),
  ];

  it.each(nodes)('staff may write back %s unchanged', (target, value) => {
    const writes = set(target, value);
    expect(rules.checkWrite([path(target)], demoStaff, seeded, seeded.withWrites(writes), NOW)).toEqual({
      allowed: true,
      reason: '',
    });
  });

  it('each demo user may write back their own profile', () => {
    for (const [uid, profile] of Object.entries(users)) {
      const writes = set(`/users/${uid}`, profile);
      expect(rules.checkWrite([['users', uid]], signedIn(uid), seeded, seeded.withWrites(writes), NOW).allowed).toBe(
        true,
      );
    }
  });

  it('the demo customer has tickets for an upcoming event, and reads them', () => {
    const customer = demoUsers.find((u) => u.email === 'customer@example.com')!;
    const held = Object.entries(demo.tickets ?? {}).flatMap(([eventId, tickets]) =>
      Object.entries(tickets as Record<string, { uid: string }>)
        .filter(([, t]) => t.uid === customer.uid)
        .map(([id]) => `${eventId}/${id}`),
    );
    expect(held.length).toBeGreaterThan(0);
    for (const id of held) {
      expect(
        Date.parse(
          String(demo.products?.[id.split('/')[0]!] && (demo.products[id.split('/')[0]!] as { date: string }).date),
        ),
      ).toBeGreaterThan(NOW);
      expect(rules.canRead(['tickets', ...id.split('/')], signedIn(customer.uid), seeded, NOW)).toBe(true);
    }
  });

  it('every demo product is readable by the public through the active query or by its path exactly when it is active', () => {
    expect(rules.canRead(['products'], null, seeded, NOW, activeQuery)).toBe(true);
    for (const [id, item] of Object.entries(demo.products ?? {})) {
      expect(rules.canRead(['products', id], null, seeded, NOW)).toBe((item as { active: boolean }).active);
    }
  });
});
