import { describe, expect, it } from 'vitest';
import { JsonRulesData } from '../../server/rules';

describe('JsonRulesData', () => {
  const data = new JsonRulesData({
    a: { b: 1, c: { '.value': 'leaf', '.priority': 2 }, '.priority': 'pa' },
    empty: {},
    holder: { gone: null },
    n: 0,
    f: false,
  });

  it('returns plain values without priorities, and null for absent and empty nodes', () => {
    expect(data.val(['a'])).toEqual({ b: 1, c: 'leaf' });
    expect(data.val(['a', 'c'])).toBe('leaf');
    expect(data.val(['a', 'missing'])).toBeNull();
    expect(data.val(['a', 'b', 'below-a-leaf'])).toBeNull();
    expect(data.val(['empty'])).toBeNull();
    expect(data.val(['holder'])).toBeNull();
    expect(data.val(['n'])).toBe(0);
    expect(data.val(['f'])).toBe(false);
    expect(data.val([])).toEqual({ a: { b: 1, c: 'leaf' }, n: 0, f: false });
  });

  it('returns priorities of leaves and of inner nodes, null where there is none or no node', () => {
    expect(data.priority(['a'])).toBe('pa');
    expect(data.priority(['a', 'c'])).toBe(2);
    expect(data.priority(['a', 'b'])).toBeNull();
    expect(data.priority(['nowhere'])).toBeNull();
  });

  it('does not treat inherited object properties as children', () => {
    expect(data.val(['a', 'toString'])).toBeNull();
    expect(data.val(['__proto__'])).toBeNull();
  });

  it('withWrites applies sets in order without changing the original', () => {
    const after = data.withWrites([
      { path: ['a', 'b'], value: 5 },
      { path: ['x', 'y'], value: { z: true, '.priority': 9 } },
      { path: ['n'], value: null },
      { path: ['a', 'c', 'deeper'], value: 'replaces the leaf' },
    ]);
    expect(after.val([])).toEqual({ a: { b: 5, c: { deeper: 'replaces the leaf' } }, x: { y: { z: true } }, f: false });
    expect(after.priority(['x', 'y'])).toBe(9);
    expect(after.priority(['a'])).toBe('pa');
    expect(data.val(['a', 'b'])).toBe(1);
    expect(data.val(['n'])).toBe(0);
  });

  it('withWrites of null at the last child removes the parent too', () => {
    expect(
      new JsonRulesData({ p: { only: 1 } }).withWrites([{ path: ['p', 'only'], value: null }]).val(['p']),
    ).toBeNull();
  });
});
