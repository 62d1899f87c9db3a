/**
 * No route hands out what the rules deny: transaction hashes (wire `h`), REST `If-Match` and ETags are only
 * compared or computed for a caller who may read the whole location, after the write rules allowed the write.
 * Raw frames and plain HTTP, as a dishonest client would send them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHash } from '../../server/core/hash';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, startTestServer } from './support/protocol-harness';
import { emulatorIdToken, rawClient } from './support/raw-client';

const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
const SECRET = 'secret-4711';
const profile = (name: string, role = 'customer') => ({
  firstname: name,
  lastname: SECRET,
  email: `${name}@example.com`,
  role,
  created: 1,
});
const HIDDEN = {
  title: `Hidden ${SECRET}`,
  price: 1234,
  description: 'd',
  image: 'i.png',
  category: 'c',
  active: false,
};

let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
  await server.set(NAMESPACE, '/users', { alice: profile('alice'), bob: profile('bob'), sam: profile('sam', 'staff') });
  await server.set(NAMESPACE, '/products/hidden', HIDDEN);
  await server.set(NAMESPACE, '/orders/alice/o1', { total: 9, note: SECRET });
  await server.set(NAMESPACE, '/messages/m1', { name: 'x', body: SECRET });
});

afterAll(async () => {
  await server.close();
});

const auth = (uid: string) => ({ Authorization: `Bearer ${emulatorIdToken(uid)}` });

describe('transaction hashes over the wire', () => {
  it.each([
    ['/', null],
    ['/users', null],
    ['/orders/alice', null],
    ['/messages', null],
    ['/messages/m1', null],
    ['/users/alice', 'bob'],
    ['/products/hidden/reservedFor', 'bob'],
    ['/messages/new-one', null],
  ])('refuses a conditional write to %s (as %s) before comparing the hash, and pushes nothing', async (path, uid) => {
    const client = await rawClient(server);
    if (uid) expect((await client.request('auth', { cred: emulatorIdToken(uid) })).s).toBe('ok');
    const before = client.messages.length;
    for (const hash of ['x', nodeHash(null)]) {
      const answer = await client.request('p', { p: path, d: null, h: hash });
      expect(answer.s).toBe('permission_denied');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const received = JSON.stringify(client.messages.slice(before));
    expect(received).not.toContain(SECRET);
    expect(received).not.toContain('"a":"d"');
    client.close();
  });

  it('still answers datastale with the current value to a caller who may read and write', async () => {
    const client = await rawClient(server);
    await client.request('auth', { cred: emulatorIdToken('alice') });
    const answer = await client.request('p', { p: '/users/alice/firstname', d: 'Al', h: 'wrong' });
    expect(answer.s).toBe('datastale');
    expect(client.messages.some((m) => m.d.a === 'd' && (m.d.b as { d?: unknown }).d === 'alice')).toBe(true);
    client.close();
  });
});

describe('REST conditional requests', () => {
  it.each([
    ['/users.json', {}],
    ['/messages.json', {}],
    ['/orders/alice.json', {}],
    ['/.json', {}],
    ['/orders/alice.json', auth('bob')],
    ['/products/hidden/reservedFor.json', auth('bob')],
  ])('answers If-Match on %s without the data when the caller may not read it', async (path, headers) => {
    for (const ifMatch of ['x', 'null_etag']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'PUT',
        headers: { 'If-Match': ifMatch, ...headers },
        body: '"o"',
      });
      const text = await response.text();
      expect(response.status).toBe(401);
      expect(text).not.toContain(SECRET);
      expect(response.headers.get('ETag')).toBeNull();
    }
  });

  it('never computes an ETag over data the caller cannot read (a query the rules allow is not enough)', async () => {
    const query = 'orderBy=%22active%22&equalTo=true';
    const response = await fetch(`${server.url}/products/hidden.json?${query}`, {
      headers: { 'X-Firebase-ETag': 'true' },
    });
    const etag = response.headers.get('ETag');
    expect(etag).not.toBe(nodeHash(HIDDEN as never));
    expect(etag).toBeNull();
    expect(response.status).toBe(400);
    // The caller who may read the whole location gets its ETag, also for a query.
    const staff = await fetch(`${server.url}/products/hidden.json?${query}`, {
      headers: { 'X-Firebase-ETag': 'true', ...auth('sam') },
    });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('ETag')).toBe(nodeHash(HIDDEN as never));
  });

  it('answers 412 with the current value and ETag to a caller who may read and write', async () => {
    const response = await fetch(`${server.url}/users/alice/firstname.json`, {
      method: 'PUT',
      headers: { 'If-Match': 'stale', ...auth('alice') },
      body: '"Al"',
    });
    expect(response.status).toBe(412);
    expect(await response.json()).toBe('alice');
    expect(response.headers.get('ETag')).toBe(nodeHash('alice'));
  });
});

describe('namespaces under enforced rules', () => {
  const profileBody = JSON.stringify({
    firstname: 'Eve',
    lastname: 'E',
    email: 'eve@example.com',
    role: 'customer',
    created: 1,
  });

  it('are created by an admin only, not by a client writing to a name of its choosing', async () => {
    const asEve = { Authorization: `Bearer ${emulatorIdToken('eve')}` };
    const refused = await fetch(`${server.url}/users/eve.json?ns=made-up-ns`, {
      method: 'PUT',
      body: profileBody,
      headers: asEve,
    });
    expect(refused.status).toBe(401);
    const client = await rawClient(server, 'other-made-up-ns');
    await client.request('auth', { cred: emulatorIdToken('eve') });
    expect((await client.request('p', { p: '/users/eve', d: JSON.parse(profileBody) })).s).toBe('permission_denied');
    client.close();
    const listed = await fetch(`${server.url}/.inspect/databases.json`, { headers: { Authorization: 'Bearer owner' } });
    expect(JSON.stringify(await listed.json())).not.toContain('made-up-ns');
    // Once the admin created it, the rules decide as anywhere else.
    await fetch(`${server.url}/properties/name.json?ns=made-up-ns`, {
      method: 'PUT',
      body: '"x"',
      headers: { Authorization: 'Bearer owner' },
    });
    const allowed = await fetch(`${server.url}/users/eve.json?ns=made-up-ns`, {
      method: 'PUT',
      body: profileBody,
      headers: asEve,
    });
    expect(allowed.status).toBe(200);
  });

  it('leave the default namespace writable by the rules even when it holds no data', async () => {
    const fresh = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
    const asEve = { Authorization: `Bearer ${emulatorIdToken('eve')}` };
    const created = await fetch(`${fresh.url}/users/eve.json`, { method: 'PUT', body: profileBody, headers: asEve });
    expect(created.status).toBe(200);
    await fresh.close();
  });
});
