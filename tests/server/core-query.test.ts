import { describe, expect, it } from 'vitest';
import { normalizeValue } from '../../server/core/normalize';
import { compareKeys, MAX_NAME, MIN_NAME } from '../../server/core/order';
import { applyQuery, parseRestQuery, parseWireQuery } from '../../server/core/query';

const node = (value: unknown) => normalizeValue(value, null, 0, { now: 0 });
const keys = (value: unknown) => Object.keys((value ?? {}) as object);

describe('key order', () => {
  it('puts 32-bit integer keys first, numerically, shorter text first on ties', () => {
    const sorted = ['b', '10', 'a', '-1', '001', '9', '1', '2147483648', MAX_NAME, MIN_NAME].sort(compareKeys);
    expect(sorted).toEqual([MIN_NAME, '-1', '1', '001', '9', '10', '2147483648', 'a', 'b', MAX_NAME]);
  });
});

describe('queries as the SDK sends them', () => {
  const data = node({
    a: { n: 2 },
    b: { n: 1 },
    c: { n: 2 },
    d: { m: 0 },
    e: { n: 'text' },
    f: { n: true },
  });

  it('orders a child index null < booleans < numbers < strings, ties by key', () => {
    expect(keys(applyQuery(data, parseWireQuery({ i: 'n', l: 10, vf: 'l' })))).toEqual(['d', 'f', 'b', 'a', 'c', 'e']);
  });

  it('startAfter(value) skips every child with that value (sn = MAX_NAME, sin = false)', () => {
    const query = parseWireQuery({ i: 'n', sp: 1, sn: MAX_NAME, sin: false, ep: 2, ein: true });
    expect(keys(applyQuery(data, query)).sort()).toEqual(['a', 'c']);
  });

  it('equalTo(value, key) narrows to one child by its key', () => {
    const query = parseWireQuery({ i: 'n', sp: 2, sn: 'c', sin: true, ep: 2, en: 'c', ein: true });
    expect(keys(applyQuery(data, query))).toEqual(['c']);
  });

  it('limits from either end after filtering', () => {
    expect(keys(applyQuery(data, parseWireQuery({ i: 'n', sp: 1, l: 2, vf: 'r' })))).toEqual(['c', 'e']);
    expect(keys(applyQuery(data, parseWireQuery({ i: '.key', sp: 'b', ep: 'e', l: 2, vf: 'l' })))).toEqual(['b', 'c']);
  });

  it('orders by priority: none, then numbers, then strings', () => {
    const prioritised = node({ x: { '.value': 1, '.priority': 'b' }, y: { '.value': 1, '.priority': 5 }, z: 1 });
    expect(keys(applyQuery(prioritised, parseWireQuery({ l: 3, vf: 'l' })))).toEqual(['z', 'y', 'x']);
  });

  it('gives no window on a leaf', () => {
    expect(applyQuery(node(5), parseWireQuery({ l: 1, vf: 'l' }))).toBeNull();
  });
});

describe('REST query parameters', () => {
  const parse = (query: string) => parseRestQuery(new URLSearchParams(query));

  it('needs orderBy for ranges, reads JSON values and refuses bad ones', () => {
    expect(() => parse('startAt=1')).toThrow(/orderBy/);
    expect(() => parse('orderBy=score')).toThrow(/JSON/);
    expect(() => parse('orderBy="$key"&startAt=1')).toThrow(/strings/);
    expect(() => parse('orderBy="$key"&limitToFirst=-1')).toThrow(/non-negative/);
    expect(parse('orderBy="$value"&equalTo="x"')).toMatchObject({
      index: { kind: 'value' },
      start: { value: 'x', inclusive: true },
      end: { value: 'x', inclusive: true },
    });
    expect(parse('')).toBeNull();
  });
});

describe('queries sharing one sort', () => {
  // Values of every kind, ties included, so that bounds fall on, between and outside them.
  const values = [null, false, true, -1, 0, 1, 1, 2, 'a', 'b', 'b', 'c'];
  const data = node(Object.fromEntries(values.map((n, i) => [`k${i}`, { n }])));
  const childValue = (key: string) => ((data as Record<string, { n?: unknown }>)[key]?.n ?? null) as unknown;
  const rank = (value: unknown) =>
    value === null
      ? [0, 0]
      : typeof value === 'boolean'
        ? [1, Number(value)]
        : [typeof value === 'number' ? 2 : 3, value];
  /** A reference: every child tested against both bounds, one by one. */
  function reference(start: unknown, end: unknown, limit: number, fromEnd: boolean): string[] {
    const order = (a: string, b: string) => {
      const [ka, va] = rank(childValue(a)) as [number, number | string];
      const [kb, vb] = rank(childValue(b)) as [number, number | string];
      return ka - kb || (va < vb ? -1 : va > vb ? 1 : 0) || (a < b ? -1 : a > b ? 1 : 0);
    };
    const cmp = (a: unknown, b: unknown) => {
      const [ka, va] = rank(a) as [number, number | string];
      const [kb, vb] = rank(b) as [number, number | string];
      return ka - kb || (va < vb ? -1 : va > vb ? 1 : 0);
    };
    const selected = keys(data)
      .sort(order)
      .filter((key) => cmp(start, childValue(key)) <= 0 && cmp(childValue(key), end) <= 0);
    return fromEnd ? selected.slice(Math.max(0, selected.length - limit)) : selected.slice(0, limit);
  }

  it('select what testing every child would, with one sort for all of them', () => {
    const memo = new Map();
    const bounds = [null, false, true, -2, 0, 1, 1.5, 2, 'a', 'b', 'bb', 'z'];
    for (const start of bounds) {
      for (const end of bounds) {
        for (const [limit, fromEnd] of [
          [2, false],
          [3, true],
          [100, false],
        ] as const) {
          const wire = { i: 'n', sp: start, ep: end, l: limit, vf: fromEnd ? 'r' : 'l' };
          const selected = keys(applyQuery(data, parseWireQuery(wire), memo));
          expect(selected.sort(), JSON.stringify(wire)).toEqual(reference(start, end, limit, fromEnd).sort());
        }
      }
    }
    expect(memo.size).toBe(1);
  });
});
