/**
 * paymentSettings against the real local database with the shop's rules, through the unmodified SDK: everyone
 * reads it (checkout needs it before anyone signs in), only staff save it, and even staff cannot store a shape the
 * app and the allocator would have to guess about (docs/payments.md#payment-settings).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setLogLevel } from 'firebase/app';
import { get, ref, set } from 'firebase/database';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '../../src/features/payments/model';
import { paymentSettingsRecord, paymentsFields } from '../../src/features/payments/desk/paymentsForm';
import { NAMESPACE, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');

const SETTINGS: PaymentSettings = {
  door: { on: false },
  transfer: { on: true, days: 14, payee: 'Harbour Arts Ltd', account: 'GB33 BUKB 2020 1555 5555 55', bank: 'Barclays' },
  card: { on: true, minutes: 30, autoRefund: false },
};

/** Tokens the local database takes as given (unsigned, as the Auth emulator's): the rules alone decide. */
const WHO = {
  staff: { sub: 'staff-1' },
  buyer: { sub: 'buyer-1' },
  guest: { sub: 'guest-1', firebase: { sign_in_provider: 'anonymous' } },
  forgedStaff: { sub: 'mallory', email: 'sam@example.com', role: 'staff', admin: true },
} as const;

let server: DatabaseServer;
const clients: SdkClient[] = [];

function client(claims?: { sub: string } & Record<string, unknown>): SdkClient {
  const made = sdkClient(server, claims ? { user: claims } : {});
  clients.push(made);
  return made;
}

const stored = async () => (await get(ref(client(WHO.staff).db, 'paymentSettings'))).val() as unknown;
const save = (as: SdkClient, value: unknown, path = 'paymentSettings') => set(ref(as.db, path), value);

beforeAll(async () => {
  setLogLevel('silent');
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
});

beforeEach(async () => {
  await server.set(NAMESPACE, '/', {
    users: {
      'staff-1': { firstname: 'Sam', lastname: 'Staff', email: 'sam@example.com', role: 'staff', created: 1 },
      'buyer-1': { firstname: 'Bo', lastname: 'Buyer', email: 'bo@example.com', role: 'customer', created: 1 },
    },
    paymentSettings: DEFAULT_PAYMENT_SETTINGS,
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((made) => made.close()));
});

afterAll(async () => {
  await server.close();
});

describe('paymentSettings: who may read and write', () => {
  it('everyone reads it, signed out and anonymous guests included', async () => {
    for (const as of [client(), client(WHO.guest), client(WHO.buyer)]) {
      expect((await get(ref(as.db, 'paymentSettings'))).val()).toEqual(DEFAULT_PAYMENT_SETTINGS);
    }
  });

  it('staff save the whole node, and change one term of it', async () => {
    await save(client(WHO.staff), SETTINGS);
    expect(await stored()).toEqual(SETTINGS);
    await save(client(WHO.staff), 45, 'paymentSettings/card/minutes');
    expect(await stored()).toEqual({ ...SETTINGS, card: { ...SETTINGS.card, minutes: 45 } });
  });

  it('what the dashboard’s Payments form saves is stored as it is', async () => {
    const saved = paymentSettingsRecord({ ...paymentsFields(SETTINGS), payee: '  Harbour Arts Ltd  ', days: '60' });
    await save(client(WHO.staff), saved);
    expect(await stored()).toEqual({ ...SETTINGS, transfer: { ...SETTINGS.transfer, days: 60 } });
  });

  it('a buyer, an anonymous guest, a signed-out visitor and a token forged to look like staff cannot', async () => {
    for (const claims of [WHO.buyer, WHO.guest, undefined, WHO.forgedStaff]) {
      const as = client(claims);
      await expect(save(as, SETTINGS), claims?.sub ?? 'signed out').rejects.toThrow(/permission/i);
      await expect(save(as, true, 'paymentSettings/card/on'), claims?.sub ?? 'signed out').rejects.toThrow(
        /permission/i,
      );
    }
    expect(await stored()).toEqual(DEFAULT_PAYMENT_SETTINGS);
  });
});

describe('paymentSettings: the shape even staff must keep', () => {
  const transfer = (patch: Record<string, unknown>) => ({ ...SETTINGS, transfer: { ...SETTINGS.transfer, ...patch } });
  const card = (patch: Record<string, unknown>) => ({ ...SETTINGS, card: { ...SETTINGS.card, ...patch } });
  const malformed: [string, unknown][] = [
    ['transfer days of 0', transfer({ days: 0 })],
    ['transfer days of 61', transfer({ days: 61 })],
    ['transfer days of 1.5', transfer({ days: 1.5 })],
    ['transfer days as text', transfer({ days: '7' })],
    ['card minutes of 5', card({ minutes: 5 })],
    ['card minutes of 1441', card({ minutes: 1441 })],
    ['a 201-character account', transfer({ account: 'x'.repeat(201) })],
    ['a payee that is a number', transfer({ payee: 42 })],
    ['a switch that is text', card({ on: 'yes' })],
    ['automatic refunds that are text', card({ autoRefund: 'yes' })],
    ['an unknown method', { ...SETTINGS, cash: { on: true } }],
    ['an unknown child of a method', card({ surcharge: 2 })],
    ['an unknown child of the door', { ...SETTINGS, door: { on: true, note: 'bring cash' } }],
    ['a method left out', { door: SETTINGS.door, transfer: SETTINGS.transfer }],
    ['a term left out', { ...SETTINGS, transfer: { on: true, days: 7, payee: '', account: 'x' } }],
  ];

  it('accepts the longest details and the bounds themselves', async () => {
    const edge = {
      door: { on: true },
      transfer: { on: true, days: 60, payee: 'p'.repeat(200), account: 'a'.repeat(200), bank: 'b'.repeat(200) },
      card: { on: false, minutes: 1440 },
    };
    await save(client(WHO.staff), edge);
    expect(await stored()).toEqual(edge);
    await save(client(WHO.staff), {
      ...edge,
      transfer: { ...edge.transfer, days: 1 },
      card: { on: true, minutes: 10 },
    });
  });

  for (const [what, value] of malformed) {
    it(`refuses ${what}`, async () => {
      await expect(save(client(WHO.staff), value)).rejects.toThrow(/permission/i);
      expect(await stored()).toEqual(DEFAULT_PAYMENT_SETTINGS);
    });
  }
});
