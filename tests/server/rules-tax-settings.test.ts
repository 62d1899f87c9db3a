/**
 * taxSettings against the real local database with the shop's rules, through the unmodified SDK: a rate the rules
 * let staff store is one trusted code applies as stored, and a rate they refuse is one it would leave out
 * (docs/taxes.md#settings); a token that claims to be staff is not. The matrix (rules-matrix.test.ts) has who may
 * read and write.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setLogLevel } from 'firebase/app';
import { ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { parseTaxRate } from '../../src/features/taxes/model';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');

let server: DatabaseServer;
let staff: SdkClient;

beforeAll(async () => {
  setLogLevel('silent');
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  await server.set(NAMESPACE, '/', {
    users: { 'staff-1': { firstname: 'Sam', lastname: 'Staff', email: 'sam@example.com', role: 'staff', created: 1 } },
    taxSettings: { on: false, pricesIncludeTax: true },
  });
  staff = sdkClient(server, { user: { sub: 'staff-1' } });
});

afterAll(async () => {
  await staff.close();
  await server.close();
});

const RATES: [string, string, unknown][] = [
  ['a standard rate', 'standard', { name: 'Standard', kind: 'standard', basisPoints: 2000 }],
  ['a reduced rate of 5.5 %', 'reduced', { name: 'Reduced', kind: 'reduced', basisPoints: 550 }],
  ['the whole of it', 'all', { name: 'All', kind: 'standard', basisPoints: 10_000 }],
  ['a zero rate', 'zero', { name: 'Zero', kind: 'zero', basisPoints: 0 }],
  ['an exempt rate with its reason', 'exempt', { name: 'Exempt', kind: 'exempt', basisPoints: 0, reason: 'Education' }],
  ['out of scope with its reason', 'gift', { name: 'Gift', kind: 'outside', basisPoints: 0, reason: 'Taxed as spent' }],
  ['a zero rate with a reason it needs not give', 'zero-2', { name: 'Z', kind: 'zero', basisPoints: 0, reason: 'r' }],
  ['a standard rate of nothing', 'nothing', { name: 'S', kind: 'standard', basisPoints: 0 }],
  ['a rate over 100 %', 'over', { name: 'S', kind: 'standard', basisPoints: 10_001 }],
  ['part of a basis point', 'part', { name: 'S', kind: 'reduced', basisPoints: 0.5 }],
  ['a size as text', 'text', { name: 'S', kind: 'standard', basisPoints: '2000' }],
  ['a zero rate above nothing', 'zero-3', { name: 'Z', kind: 'zero', basisPoints: 1 }],
  ['an exempt rate without a reason', 'exempt-2', { name: 'E', kind: 'exempt', basisPoints: 0 }],
  ['an exempt rate whose reason is blank', 'exempt-3', { name: 'E', kind: 'exempt', basisPoints: 0, reason: '   ' }],
  ['a blank name', 'blank', { name: '  ', kind: 'standard', basisPoints: 2000 }],
  ['a name over 60 characters', 'long', { name: 'n'.repeat(61), kind: 'standard', basisPoints: 2000 }],
  ['a kind nobody knows', 'luxury', { name: 'L', kind: 'luxury', basisPoints: 2500 }],
  ['a field of its own', 'extra', { name: 'S', kind: 'standard', basisPoints: 2000, account: '4000' }],
  ['an id in capitals', 'Standard', { name: 'S', kind: 'standard', basisPoints: 2000 }],
  ['the reverse-charge rate’s id', 'reverse-charge', { name: 'R', kind: 'zero', basisPoints: 0 }],
  ['a kind only an order’s rate may be', 'reverse', { name: 'R', kind: 'reverse', basisPoints: 0 }],
];

describe('a forged token', () => {
  it('that claims to be staff cannot write the settings: the rules read the role from the database, not the token', async () => {
    const mallory = sdkClient(server, {
      user: { sub: 'mallory', email: 'sam@example.com', role: 'staff', admin: true },
    });
    try {
      await expect(set(ref(mallory.db, 'taxSettings/on'), false)).rejects.toThrow(/permission/i);
      await expect(
        set(ref(mallory.db, 'taxSettings/rates/standard'), { name: 'S', kind: 'standard', basisPoints: 1 }),
      ).rejects.toThrow(/permission/i);
    } finally {
      await mallory.close();
    }
  });
});

describe('a tax rate staff store', () => {
  it.each(RATES)('%s: the rules take it exactly when trusted code would apply it', async (_, id, rate) => {
    const stored = await set(ref(staff.db, `taxSettings/rates/${id}`), rate).then(
      () => true,
      () => false,
    );
    expect(stored).toBe(parseTaxRate(id, rate) !== null);
  });
});

describe('reverse charge (docs/taxes.md#reverse-charge)', () => {
  it.each([
    [true, true],
    [false, true],
    ['yes', false],
    [1, false],
  ])('%j: the rules take it exactly when it is true or false', async (value, taken) => {
    const stored = await set(ref(staff.db, 'taxSettings/reverseCharge'), value).then(
      () => true,
      () => false,
    );
    expect(stored).toBe(taken);
  });
});
