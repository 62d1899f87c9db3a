import { describe, expect, it } from 'vitest';
import { nodeHash, sdkDoubleHex } from '../../server/core/hash';
import { normalizeValue } from '../../server/core/normalize';

/** Vectors produced by the firebase SDK itself (how it hashes: server/core/hash.ts). */
const VECTORS: [unknown, string][] = [
  [5, 'w28swksk9+tXf5jEdS9R5oSFAv8='],
  ['hello', 'z6sRbrNLwbHX5fdjpvsTtWgXUFc='],
  [true, 'E5z61QM0lN/U2WsOnusszCTkR8M='],
  [{ a: 1, b: 'x' }, 'jRI9dwRS9sb4SWm8uuoN7+xBk4g='],
  [{ '.value': 3, '.priority': 1 }, '3wXWF3gDap6hMAJkscycMFLN0IA='],
  [{ '10': 1, '9': 2, '-1': 3, a: 4, '001': 5, '1': 6, '2147483648': 7 }, 'foWKA89Djwz47mlY7eS58K9WCpY='],
  [[1, 2, 3], 'h6XOC3OcidJlNC1Velmi3gphgQk='],
];

describe('transaction hash', () => {
  it.each(VECTORS)('hashes %j like the SDK', (value, expected) => {
    expect(nodeHash(normalizeValue(value, null, 0, { now: 0 }))).toBe(expected);
  });

  it('hashes an empty node as the empty string', () => {
    expect(nodeHash(normalizeValue({ a: null, b: {} }, null, 0, { now: 0 }))).toBe('');
  });

  it('renders doubles with the SDK’s own arithmetic, not the raw IEEE bits', () => {
    expect(sdkDoubleHex(9007199254740991)).toBe('4340000000000000');
    expect(sdkDoubleHex(1)).toBe('3ff0000000000000');
    expect(sdkDoubleHex(-2.5)).toBe('c004000000000000');
    expect(sdkDoubleHex(0)).toBe('0000000000000000');
  });
});
