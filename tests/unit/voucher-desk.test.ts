/**
 * The desk's vouchers tab (src/features/vouchers/desk/): the list with its uses summed, finding and filtering, the
 * totals per tag, the words for what a voucher does, the CSV, and the form: its checks, the terms and codes it
 * makes, and the updates that write them.
 */
import { describe, expect, it } from 'vitest';
import type { Voucher } from '../../src/features/vouchers/model';
import {
  voucherAppliesTo,
  voucherDoes,
  voucherStateWords,
  voucherTargets,
  voucherWindow,
  type VoucherTargets,
} from '../../src/features/vouchers/desk/deskWords';
import {
  amountMinor,
  codesToCreate,
  NEW_VOUCHER,
  newVoucherWrites,
  validateVoucher,
  voucherFields,
  voucherTerms,
  voucherTermWrites,
  type VoucherFields,
  type VoucherFormContext,
} from '../../src/features/vouchers/desk/voucherForm';
import {
  appliesToKey,
  matchesVoucher,
  tagFilterOf,
  tagFilterValue,
  tagTotals,
  voucherList,
  vouchersCsv,
  vouchersFileName,
  voucherState,
  voucherTags,
  type VoucherRow,
} from '../../src/features/vouchers/desk/voucherList';

const DAY = 86_400_000;
const NOW = Date.UTC(2027, 2, 1, 12);

const voucher = (code: string, extra: Partial<Voucher> = {}): Voucher => ({
  code,
  kind: 'percent',
  value: 20,
  currency: 'GBP',
  scope: 'shop',
  target: null,
  uses: 10,
  used: 0,
  held: null,
  from: null,
  until: null,
  disabled: false,
  tag: null,
  comment: null,
  created: NOW,
  ...extra,
});

const row = (v: Voucher, revenue = 0, discount = 0): VoucherRow => ({ voucher: v, revenue, discount });

/** A voucher as stored at vouchers/{code}. */
const stored = (v: Partial<Voucher> = {}) => {
  const { code: _code, ...rest } = voucher('X', v);
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== false));
};

const targets: VoucherTargets = {
  product: [
    { id: 'gala-standard', name: 'Gala · Standard' },
    { id: 'mug', name: 'Mug' },
  ],
  event: [{ id: 'gala-standard', name: 'Gala' }],
  quota: [{ id: 'hall', name: 'Main hall' }],
};

const context = (extra: Partial<VoucherFormContext> = {}): VoucherFormContext => ({
  editing: null,
  currency: 'GBP',
  zone: 'Europe/London',
  locale: 'en-GB',
  targets,
  known: new Set(['TAKEN']),
  ...extra,
});

const fields = (extra: Partial<VoucherFields> = {}): VoucherFields => ({ ...NEW_VOUCHER, value: '20', ...extra });

describe('the vouchers listed', () => {
  it('reads every voucher newest first, with what its orders came to and were taken off', () => {
    const { rows, damaged } = voucherList(
      {
        OLD: stored({ created: NOW - DAY }),
        NEW: stored({ created: NOW, used: 2 }),
        BROKEN: { kind: 'percent', value: 500 },
        'bad code': stored(),
      },
      {
        NEW: { 'u1~o1': { total: 4000, off: 1000, at: NOW }, 'u2~o2': { total: 2000, off: 500, at: NOW } },
        OLD: { 'u3~o3': { total: -5, off: 1, at: NOW }, 'u4~o4': 'nonsense' },
      },
    );
    expect(rows.map((r) => [r.voucher.code, r.revenue, r.discount])).toEqual([
      ['NEW', 6000, 1500],
      ['OLD', 0, 0],
    ]);
    expect(damaged.sort()).toEqual(['BROKEN', 'bad code']);
    expect(voucherList(null, null)).toEqual({ rows: [], damaged: [] });
  });

  it('finds a voucher by part of its code or tag, any case, and by the tag chosen', () => {
    const summer = row(voucher('SUMMER-7KQ2', { tag: 'Summer fair' }));
    const plain = row(voucher('FRIENDS'));
    expect(matchesVoucher(summer, ' 7kq ', 'all')).toBe(true);
    expect(matchesVoucher(summer, 'fair', 'all')).toBe(true);
    expect(matchesVoucher(plain, 'fair', 'all')).toBe(false);
    expect(matchesVoucher(plain, '', 'all')).toBe(true);
    expect(matchesVoucher(plain, '', { tag: null })).toBe(true);
    expect(matchesVoucher(summer, '', { tag: null })).toBe(false);
    expect(matchesVoucher(summer, '', { tag: 'Summer fair' })).toBe(true);
    expect(matchesVoucher(summer, '', { tag: 'summer fair' })).toBe(false);
  });

  it('chooses the tag filter through the values of its select', () => {
    for (const filter of ['all', { tag: null }, { tag: 'Summer' }, { tag: 'tag:odd' }] as const) {
      expect(tagFilterOf(tagFilterValue(filter))).toEqual(filter);
    }
    expect(tagFilterOf('something else')).toBe('all');
    expect(voucherTags([row(voucher('B', { tag: 'b' })), row(voucher('A', { tag: 'a' })), row(voucher('C'))])).toEqual([
      'a',
      'b',
    ]);
  });

  it('sums the vouchers per tag, untagged ones last', () => {
    const rows = [
      row(voucher('A1', { tag: 'Spring', used: 2 }), 3000, 600),
      row(voucher('N1', { used: 1 }), 1000, 100),
      row(voucher('A2', { tag: 'Spring', used: 3 }), 2000, 400),
      row(voucher('B1', { tag: 'Autumn' }), 0, 0),
    ];
    expect(tagTotals(rows)).toEqual([
      { tag: 'Autumn', currency: 'GBP', vouchers: 1, used: 0, revenue: 0, discount: 0 },
      { tag: 'Spring', currency: 'GBP', vouchers: 2, used: 5, revenue: 5000, discount: 1000 },
      { tag: null, currency: 'GBP', vouchers: 1, used: 1, revenue: 1000, discount: 100 },
    ]);
    expect(tagTotals([])).toEqual([]);
  });

  it('says where a voucher stands, in the order a buyer meets it', () => {
    expect(voucherState(voucher('A'), NOW)).toBe('active');
    expect(voucherState(voucher('A', { disabled: true, used: 10 }), NOW)).toBe('disabled');
    expect(voucherState(voucher('A', { from: NOW + DAY, used: 10 }), NOW)).toBe('not-yet');
    expect(voucherState(voucher('A', { until: NOW - 1, used: 10 }), NOW)).toBe('expired');
    expect(voucherState(voucher('A', { used: 10 }), NOW)).toBe('used-up');
    expect(voucherStateWords('used-up')).toBe('Used up');
  });
});

describe('the words for a voucher', () => {
  it('says what it does in its currency', () => {
    expect(voucherDoes(voucher('A'), 'en-GB')).toBe('20% off');
    expect(voucherDoes(voucher('A', { kind: 'amount', value: 500 }), 'en-GB')).toBe('£5.00 off each');
    expect(voucherDoes(voucher('A', { kind: 'price', value: 1000 }), 'en-GB')).toBe('£10.00 each');
    expect(voucherDoes(voucher('A', { kind: 'price', value: 1000, currency: 'JPY' }), 'en-GB')).toBe('JP¥1,000 each');
  });

  it('says what it applies to by name, and a target that is gone by its id', () => {
    expect(voucherAppliesTo(voucher('A'), targets)).toBe('the whole shop');
    expect(voucherAppliesTo({ scope: 'product', target: 'gala-standard' }, targets)).toBe('Gala · Standard');
    expect(voucherAppliesTo({ scope: 'event', target: 'gala-standard' }, targets)).toBe('every ticket of Gala');
    expect(voucherAppliesTo({ scope: 'quota', target: 'hall' }, targets)).toBe(
      'everything drawing on the quota Main hall',
    );
    expect(voucherAppliesTo({ scope: 'product', target: 'gone' }, targets)).toBe('gone, which is no longer there');
  });

  it('says when it can be used', () => {
    const date = (at: number) => new Date(at).toISOString().slice(0, 10);
    expect(voucherWindow(voucher('A'), date)).toBe('at any time');
    expect(voucherWindow(voucher('A', { from: NOW, until: NOW + DAY }), date)).toBe('from 2027-03-01 until 2027-03-02');
    expect(voucherWindow(voucher('A', { from: NOW }), date)).toBe('from 2027-03-01, no end');
    expect(voucherWindow(voucher('A', { until: NOW }), date)).toBe('until 2027-03-01');
  });

  it('offers the products but gift cards, the events (dated, no group) and the quotas, by name', () => {
    const product = (title: string, extra: Record<string, unknown> = {}) => ({ title, price: 10, ...extra });
    const found = voucherTargets(
      {
        zine: product('Zine'),
        gala: product('Gala', { date: '2027-05-01T19:00:00.000Z' }),
        'gala-vip': product('Gala', { date: '2027-05-01T19:00:00.000Z', group: 'gala', typeName: 'VIP' }),
        card: product('Gift card', { giftCard: true, giftCardMonths: 12 }),
        Bad_Id: product('Odd'),
        broken: { price: 3 },
      },
      { hall: { name: 'Main hall', left: 100 }, bar: { name: 'Bar', left: 5 } },
    );
    expect(found.product.map((option) => option.id)).toEqual(['gala', 'gala-vip', 'zine']);
    expect(found.product.find((option) => option.id === 'gala-vip')?.name).toBe('Gala · VIP');
    expect(found.event).toEqual([{ id: 'gala', name: 'Gala' }]);
    expect(found.quota).toEqual([
      { id: 'bar', name: 'Bar' },
      { id: 'hall', name: 'Main hall' },
    ]);
    expect(voucherTargets(null, null)).toEqual({ product: [], event: [], quota: [] });
  });
});

describe('the vouchers file', () => {
  it('has a row each, amounts as plain numbers and dates in ISO 8601, no cell run as a formula', () => {
    const csv = vouchersCsv([
      row(voucher('SPRING-1', { tag: '=HYPERLINK("http://x")', comment: '-2+3, said Ann', used: 2 }), 4000, 800),
      row(
        voucher('MUG5', {
          kind: 'amount',
          value: 500,
          scope: 'product',
          target: 'mug',
          from: Date.UTC(2027, 0, 1),
          until: Date.UTC(2027, 11, 31, 23, 59),
          disabled: true,
        }),
      ),
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFcode,kind,value,currency,applies_to,uses,used,from,until,disabled,tag,comment,revenue,discount',
      `SPRING-1,percent,20,GBP,shop,10,2,,,no,"'=HYPERLINK(""http://x"")","'-2+3, said Ann",40.00,8.00`,
      'MUG5,amount,5.00,GBP,product:mug,10,0,2027-01-01T00:00:00.000Z,2027-12-31T23:59:00.000Z,yes,,,0.00,0.00',
      '',
    ]);
    expect(appliesToKey({ scope: 'event', target: 'gala' })).toBe('event:gala');
    expect(vouchersFileName(NOW)).toBe('vouchers-2027-03-01.csv');
  });
});

describe('the voucher form', () => {
  const errors = (typed: Partial<VoucherFields>, extra: Partial<VoucherFormContext> = {}) =>
    validateVoucher(fields(typed), context(extra), NOW);

  it('takes a percentage, or an amount in major units as minor units', () => {
    expect(errors({})).toEqual({});
    expect(errors({ value: '20 %' })).toEqual({});
    expect(Object.keys(errors({ value: '0' }))).toEqual(['value']);
    expect(errors({ value: '101' }).value).toBe('Enter a whole percentage from 1 to 100.');
    expect(errors({ value: '12.5' }).value).toBeDefined();
    expect(errors({ kind: 'amount', value: '' }).value).toBe('Enter the amount off each.');
    expect(errors({ kind: 'price', value: '' }).value).toBe('Enter the price.');
    expect(errors({ kind: 'amount', value: '5,505' }).value).toBe('Enter an amount such as 5.50.');
    expect(errors({ kind: 'amount', value: '0' }).value).toBe('Enter an amount above nothing.');
    expect(errors({ kind: 'price', value: '0' })).toEqual({});
    expect(errors({ kind: 'price', value: '2000000000' }).value).toBe('At most £1,000,000,000.00.');
    expect([amountMinor('5', 'GBP'), amountMinor('5,5', 'GBP'), amountMinor(' 1 050.25 ', 'GBP')]).toEqual([
      500, 550, 105025,
    ]);
    expect([amountMinor('5.5', 'JPY'), amountMinor('500', 'JPY'), amountMinor('-1', 'GBP')]).toEqual([null, 500, null]);
  });

  it('takes a chosen code, or several generated ones with a prefix', () => {
    expect(errors({ code: ' summer-2027 ' })).toEqual({});
    expect(errors({ code: 'AB' }).code).toBe(
      'A code has 3 to 32 letters, digits or hyphens, and starts with a letter or digit.',
    );
    expect(errors({ code: 'taken' }).code).toBe('A voucher with the code TAKEN already exists: choose another code.');
    expect(errors({ code: 'SUMMER', count: '5' }).code).toBe(
      'Leave the code empty to create several: their codes are generated.',
    );
    expect(errors({ count: '500', prefix: 'Fair-2027' })).toEqual({});
    expect(errors({ count: '501' }).count).toBe('A whole number from 1 to 500.');
    expect(errors({ count: '0' }).count).toBeDefined();
    expect(errors({ prefix: '-FAIR' }).prefix).toBe(
      'Up to 16 letters, digits or hyphens, with no hyphen at either end.',
    );
    expect(errors({ prefix: 'A'.repeat(17) }).prefix).toBeDefined();
    // A chosen code has no prefix.
    expect(errors({ code: 'FAIR1', prefix: '-' })).toEqual({});
  });

  it('asks what it applies to among what there is', () => {
    expect(errors({ scope: 'product', target: '' }).target).toBe('Choose what it applies to.');
    expect(errors({ scope: 'event', target: 'mug' }).target).toBeDefined();
    expect(errors({ scope: 'event', target: 'gala-standard' })).toEqual({});
    expect(errors({ scope: 'shop', target: 'anything' })).toEqual({});
  });

  it('checks the uses, the window, the tag and the comment', () => {
    expect(errors({ uses: '0' }).uses).toBe('A whole number from 1 to 1,000,000.');
    expect(errors({ uses: '1000001' }).uses).toBeDefined();
    expect(errors({ uses: '1000000' })).toEqual({});
    expect(errors({ from: 'soon' }).from).toBe('Choose a date and time, or leave it empty.');
    expect(errors({ from: '2027-03-02T10:00', until: '2027-03-01T10:00' }).until).toBe('It must end after it starts.');
    expect(errors({ from: '2027-03-01T10:00', until: '2027-03-02T10:00' })).toEqual({});
    // NOW is noon UTC on 1 March 2027: a new voucher cannot end by then, an edited one may, to end it early.
    const past = 'It would end before it is made: choose a later end, or leave it empty.';
    expect(errors({ until: '2027-03-01T12:00' }).until).toBe(past);
    expect(errors({ until: '2027-03-01T12:01' })).toEqual({});
    expect(errors({ until: '2027-02-28T09:00' }, { editing: voucher('ENDING') })).toEqual({});
    expect(errors({ tag: 'x'.repeat(51) }).tag).toBe('Please keep this to 50 characters or fewer.');
    expect(errors({ tag: ` ${'x'.repeat(50)} ` })).toEqual({});
    expect(errors({ comment: 'x'.repeat(501) }).comment).toBeDefined();
  });

  it('lets a used voucher allow no fewer uses than were used, and leaves alone what it keeps', () => {
    const used = voucher('USED', { used: 4 });
    expect(errors({ uses: '3' }, { editing: used }).uses).toBe('At least 4: it has been used that many times already.');
    expect(errors({ uses: '4', value: 'nonsense', scope: 'quota', target: '' }, { editing: used })).toEqual({});
    // Editing never looks at the code, how many or the prefix.
    expect(errors({ code: 'USED', count: 'x', prefix: '-' }, { editing: voucher('USED') })).toEqual({});
  });

  it('makes the terms: the shop’s currency, times in its zone, empty texts as none', () => {
    const typed = { kind: 'amount', value: '2.50', scope: 'event', target: 'gala-standard', uses: '3' } as const;
    const more = { from: '2027-07-01T09:00', until: '', tag: ' Fair ', comment: '  ', disabled: true };
    // 09:00 in London in summer is 08:00 UTC; only an edit disables.
    expect(voucherTerms(fields({ ...typed, ...more }), context())).toEqual({
      ...{ kind: 'amount', value: 250, currency: 'GBP', scope: 'event', target: 'gala-standard', uses: 3 },
      ...{ from: Date.UTC(2027, 6, 1, 8), until: null, disabled: false, tag: 'Fair', comment: null },
    });
    const percent = { kind: 'percent', value: 15, target: null };
    expect(voucherTerms(fields({ scope: 'shop', target: 'mug', value: '15%' }), context())).toMatchObject(percent);
  });

  it('keeps what a used voucher does and its currency, whatever the form says', () => {
    const kept = { kind: 'amount', value: 300, currency: 'EUR', scope: 'product', target: 'mug' } as const;
    const used = voucher('USED', { ...kept, used: 1 });
    const typed = fields({ kind: 'percent', value: '50', scope: 'shop', uses: '20', disabled: true });
    expect(voucherTerms(typed, context({ editing: used }))).toMatchObject({ ...kept, uses: 20, disabled: true });
  });

  it('shows an edited voucher as it is, its amount and window as they are typed', () => {
    const mug = { kind: 'amount', value: 550, scope: 'product', target: 'mug', tag: 'Fair', disabled: true } as const;
    const shown = voucherFields(
      voucher('MUG5', { ...mug, until: Date.UTC(2027, 0, 31, 23) }),
      'Europe/London',
      'de-DE',
    );
    expect(shown).toMatchObject({
      ...{ code: 'MUG5', kind: 'amount', value: '5,50', target: 'mug', uses: '10', from: '' },
      ...{ until: '2027-01-31T23:00', tag: 'Fair', comment: '', disabled: true },
    });
    expect(amountMinor(shown.value, 'GBP')).toBe(550);
  });
});

describe('the codes and updates a creation and an edit write', () => {
  it('writes the code chosen, in its stored form', () => {
    expect(codesToCreate(fields({ code: ' fair-2027 ' }), new Set())).toEqual(['FAIR-2027']);
  });

  it('generates as many codes as asked, each new, with the prefix', () => {
    const queue = ['FAIR-AAAAAAAA', 'TAKEN', 'FAIR-AAAAAAAA', 'FAIR-BBBBBBBB', 'FAIR-CCCCCCCC'];
    const asked: string[] = [];
    const generate = (prefix: string) => {
      asked.push(prefix);
      return queue.shift() ?? 'NONE';
    };
    expect(codesToCreate(fields({ count: '3', prefix: ' fair ' }), new Set(['TAKEN']), generate)).toEqual([
      'FAIR-AAAAAAAA',
      'FAIR-BBBBBBBB',
      'FAIR-CCCCCCCC',
    ]);
    expect(new Set(asked)).toEqual(new Set(['fair']));
    const real = codesToCreate(fields({ count: '20', prefix: 'Fair' }), new Set());
    expect(new Set(real).size).toBe(20);
    for (const code of real) expect(code).toMatch(/^FAIR-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(() => codesToCreate(fields({ count: '2' }), new Set(['SAME']), () => 'SAME')).toThrow();
  });

  it('writes every new voucher whole, unused, in one update', () => {
    const at = { '.sv': 'timestamp' };
    const terms = voucherTerms(fields({ tag: 'Fair' }), context());
    expect(newVoucherWrites(['A-1', 'A-2'], terms, at)).toEqual({
      'vouchers/A-1': { ...terms, disabled: null, comment: null, used: 0, created: at },
      'vouchers/A-2': { ...terms, disabled: null, comment: null, used: 0, created: at },
    });
  });

  it('writes an edit field by field, never its uses counted nor its creation, nor what a used one keeps', () => {
    const terms = voucherTerms(fields({ uses: '8', tag: '' }), context());
    const unused = voucherTermWrites(voucher('OPEN'), terms);
    const written = { kind: 'percent', value: 20, currency: 'GBP', scope: 'shop', target: null, uses: 8 };
    const none = { from: null, until: null, disabled: null, tag: null, comment: null };
    expect(unused).toEqual(
      Object.fromEntries(
        Object.entries({ ...written, ...none }).map(([field, value]) => [`vouchers/OPEN/${field}`, value]),
      ),
    );
    const used = voucher('USED', { used: 2 });
    const locked = voucherTermWrites(
      used,
      voucherTerms(fields({ uses: '8', disabled: true }), context({ editing: used })),
    );
    expect(Object.keys(locked).sort()).toEqual(
      ['comment', 'disabled', 'from', 'tag', 'until', 'uses'].map((field) => `vouchers/USED/${field}`),
    );
    expect(locked['vouchers/USED/disabled']).toBe(true);
  });
});
