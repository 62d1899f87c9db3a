import { describe, expect, it } from 'vitest';
import {
  STORED_REFERENCE,
  displayReference,
  newOrderReference,
  normaliseReference,
} from '../../src/features/orders/orderReference';

describe('order references', () => {
  it('are eight characters of base32 without I, L, O or U, and never begin with a hyphen', () => {
    for (let i = 0; i < 200; i += 1) {
      const ref = newOrderReference();
      expect(ref).toMatch(STORED_REFERENCE);
      expect(ref).not.toMatch(/[ILOU-]/);
    }
  });

  it('use every character of the alphabet equally from the random bytes', () => {
    const ref = newOrderReference((bytes) => bytes.set([0, 31, 32 + 18, 255, 8, 9, 10, 26]));
    expect(ref).toBe('0ZJZ89AT');
  });

  it('are shown as two groups of four; anything else is shown as it is', () => {
    expect(displayReference('K7M4QXPR')).toBe('K7M4-QXPR');
    expect(displayReference('-P7IZS7UXfRBkt9Fjphs')).toBe('-P7IZS7UXfRBkt9Fjphs');
  });

  it('read what a person typed: case, spaces, hyphens and look-alike letters do not matter', () => {
    expect(normaliseReference('k7m4-qxpr')).toBe('K7M4QXPR');
    expect(normaliseReference(' K7M4 QXPR ')).toBe('K7M4QXPR');
    expect(normaliseReference('o1lI-ABCD')).toBe('0111ABCD');
  });

  it('refuse what cannot be a reference', () => {
    for (const input of [
      '',
      'K7M4-QXP',
      'K7M4-QXPRS',
      'K7M4-QXPU',
      'K7M4/QXPR',
      '-P7IZS7UXfRBkt9Fjphs',
      'A'.repeat(41),
    ])
      expect(normaliseReference(input), input).toBeNull();
  });
});
