import { describe, expect, it } from 'vitest';
import {
  STORED_REFERENCE,
  displayReference,
  newOrderReference,
  normaliseReference,
  referenceOrId,
} from '../../src/features/orders/orderReference';
import { readDeskDetails } from '../../src/features/orders/deskDetails';

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

  it('name an order by its reference, or by its id when it has none (orders placed before references)', () => {
    expect(referenceOrId('K7M4QXPR', 'order-1')).toBe('K7M4-QXPR');
    expect(referenceOrId(undefined, 'order-1')).toBe('order-1');
    expect(referenceOrId(null, '-Nx2demoOrder0003cccc')).toBe('-Nx2demoOrder0003cccc');
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

describe("an order's reference and phone from its desk entry (the attendee list and the door)", () => {
  const stored: Record<string, unknown> = {
    'deskOrders/u1~o1/ref': 'K7M4QXPR',
    'deskOrders/u1~o1/phone': '+44 7700 900001',
    'deskOrders/u2~o2/ref': 'not a reference',
    'deskOrders/u2~o2/phone': { '=1+1': true },
    'deskOrders/u3~o3/phone': 'x'.repeat(41),
  };
  const asked: string[] = [];
  const read = (path: string) => {
    asked.push(path);
    return Promise.resolve(stored[path] ?? null);
  };

  it('reads only the fields asked for, of each order once, and keeps what is well formed', async () => {
    const details = await readDeskDetails(read, ['u1~o1', 'u2~o2', 'u3~o3', 'u1~o1'], ['ref', 'phone']);
    expect(Object.fromEntries(details)).toEqual({
      'u1~o1': { ref: 'K7M4QXPR', phone: '+44 7700 900001' },
      'u2~o2': {},
      'u3~o3': {},
    });
    expect(asked.filter((path) => path.startsWith('deskOrders/u1~o1/'))).toHaveLength(2);
    asked.length = 0;
    expect(Object.fromEntries(await readDeskDetails(read, ['u1~o1'], ['ref']))).toEqual({
      'u1~o1': { ref: 'K7M4QXPR' },
    });
    expect(asked).toEqual(['deskOrders/u1~o1/ref']);
  });

  it('fails as a whole when a read fails, rather than passing off a gap as "no reference"', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    await expect(readDeskDetails(failing, ['u1~o1'], ['ref'])).rejects.toThrow('offline');
  });
});
