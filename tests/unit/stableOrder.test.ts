import { describe, expect, it } from 'vitest';
import { stableOrder } from '../../src/lib/stableOrder';

describe('stableOrder', () => {
  it('keeps the first-seen order when the same ids come back reordered', () => {
    expect(stableOrder(['a', 'b', 'c'], ['b', 'c', 'a'])).toEqual(['a', 'b', 'c']);
  });

  it('drops ids that are gone and appends new ones in their own order', () => {
    expect(stableOrder(['a', 'b', 'c'], ['e', 'c', 'a', 'd'])).toEqual(['a', 'c', 'e', 'd']);
  });

  it('starts from the given order when nothing was seen before', () => {
    expect(stableOrder([], ['x', 'y'])).toEqual(['x', 'y']);
  });

  it('ends empty when every id is gone', () => {
    expect(stableOrder(['a'], [])).toEqual([]);
  });
});
