import { get, onValue, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { eventually, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';

const RULES = `{
  // Each user reads and writes only their own node; "public" is readable by everyone.
  "rules": {
    "public": { ".read": true, ".write": "auth != null" },
    "users": {
      "$uid": {
        ".read": "auth != null && auth.uid === $uid",
        ".write": "auth != null && auth.uid === $uid",
        "age": { ".validate": "newData.isNumber()" }
      }
    },
    "team": { ".read": "auth != null && root.child('members').child(auth.uid).val() === true" },
    "items": {
      ".read": "query.orderByChild === 'active' && query.equalTo === true",
      "$id": { ".write": "auth != null" }
    }
  }
}`;

let server: DatabaseServer;
const clients: SdkClient[] = [];

function client(user?: string): SdkClient {
  const created = sdkClient(server, user ? { user: { sub: user, email: `${user}@example.com` } } : {});
  clients.push(created);
  return created;
}

function errorCode(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (error: { code?: string; message: string }) => error.code ?? error.message,
  );
}

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  await server.set('demo-storefront-default-rtdb', '/users/alice', { name: 'Alice', age: 30 });
  await server.set('demo-storefront-default-rtdb', '/users/bob', { name: 'Bob', age: 40 });
  await server.set('demo-storefront-default-rtdb', '/items', {
    a: { active: true, title: 'A' },
    b: { active: false, title: 'B' },
  });
});

afterAll(async () => {
  await Promise.all(clients.map((each) => each.close()));
  await server.close();
});

describe('rules with Auth-emulator ID tokens through the SDK', () => {
  it('lets a signed-in user read their own node and denies another user’s', async () => {
    const alice = client('alice');
    expect((await get(ref(alice.db, 'users/alice/name'))).val()).toBe('Alice');
    expect(await errorCode(get(ref(alice.db, 'users/bob')))).toMatch(/permission/i);
  });

  it('denies a listen with permission_denied', async () => {
    const anonymous = client();
    const failure = await new Promise<Error>((resolve) => {
      onValue(ref(anonymous.db, 'users/alice'), () => {}, resolve);
    });
    expect(failure.message).toMatch(/permission_denied/);
  });

  it('denies writes by rule and by validation, and applies allowed ones', async () => {
    const anonymous = client();
    const bob = client('bob');
    expect(await errorCode(set(ref(anonymous.db, 'public/note'), 'x'))).toBe('PERMISSION_DENIED');
    expect(await errorCode(set(ref(bob.db, 'users/alice/name'), 'Mallory'))).toBe('PERMISSION_DENIED');
    expect(await errorCode(set(ref(bob.db, 'users/bob/age'), 'old'))).toBe('PERMISSION_DENIED');
    await set(ref(bob.db, 'users/bob/age'), 41);
    await set(ref(bob.db, 'public/note'), 'hello');
    expect((await get(ref(client().db, 'public/note'))).val()).toBe('hello');
  });

  it('refuses a multi-path update as a whole when one path is denied', async () => {
    const bob = client('bob');
    expect(await errorCode(update(ref(bob.db), { 'users/bob/name': 'Robert', 'users/alice/name': 'x' }))).toBe(
      'PERMISSION_DENIED',
    );
    const admin = client('alice');
    expect((await get(ref(admin.db, 'users/alice/name'))).val()).toBe('Alice');
    const bobAgain = client('bob');
    expect((await get(ref(bobAgain.db, 'users/bob/name'))).val()).toBe('Bob');
  });

  it('grants a list only through the query the read rule names', async () => {
    const { query, orderByChild, equalTo } = await import('firebase/database');
    const anonymous = client();
    const active = await get(query(ref(anonymous.db, 'items'), orderByChild('active'), equalTo(true)));
    expect(active.val()).toEqual({ a: { active: true, title: 'A' } });
    expect(await errorCode(get(ref(anonymous.db, 'items')))).toMatch(/permission/i);
  });

  it('revokes a listen, instead of sending the change, when data the read rule depends on changes', async () => {
    const ns = 'demo-storefront-default-rtdb';
    await server.set(ns, '/members/carol', true);
    await server.set(ns, '/team', { plan: 'v1' });
    const carol = client('carol');
    const values: unknown[] = [];
    const cancelled = new Promise<Error>((resolve) => {
      onValue(ref(carol.db, 'team'), (snapshot) => values.push(snapshot.val()), resolve);
    });
    await eventually(() => (values.length > 0 ? true : undefined));
    await server.set(ns, '/members/carol', null);
    await server.set(ns, '/team/plan', 'v2 (secret)');
    expect((await cancelled).message).toMatch(/permission_denied/);
    expect(values).toEqual([{ plan: 'v1' }]);
  });

  it('revokes a listen when the rules change and it is no longer allowed', async () => {
    const anonymous = client();
    const values: unknown[] = [];
    const cancelled = new Promise<Error>((resolve) => {
      onValue(ref(anonymous.db, 'public'), (snapshot) => values.push(snapshot.val()), resolve);
    });
    await eventually(() => (values.length > 0 ? true : undefined));
    server.setRules(compileRules('{"rules": {"public": {".read": "auth != null"}}}'));
    expect((await cancelled).message).toMatch(/permission_denied/);
    server.setRules(compileRules(RULES), RULES);
  });
});
