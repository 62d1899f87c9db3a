/** Admin-only surfaces (namespace listing, rules) and security rules that belong to one namespace each. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { startTestServer } from './support/protocol-harness';
import { emulatorIdToken, rawClient } from './support/raw-client';

const OWNER = { Authorization: 'Bearer owner' };
const RULES = readFileSync(fileURLToPath(new URL('../../database.rules.json', import.meta.url)), 'utf8');
let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const put = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'PUT', body, headers });

describe('admin only', () => {
  it('lists namespaces to the owner only', async () => {
    await put('/x.json?ns=listed-ns', '1', OWNER);
    expect((await fetch(`${server.url}/.inspect/databases.json`)).status).toBe(401);
    const asUser = await fetch(`${server.url}/.inspect/databases.json`, {
      headers: { Authorization: `Bearer ${emulatorIdToken('u1')}` },
    });
    expect(asUser.status).toBe(401);
    const asOwner = await fetch(`${server.url}/.inspect/databases.json`, { headers: OWNER });
    expect(await asOwner.json()).toContainEqual({ name: 'listed-ns' });
  });

  it('drops the previous identity when a later auth fails', async () => {
    await put(
      '/.settings/rules.json?ns=reauth-ns',
      '{"rules": {"mine": {"$uid": {".read": "auth.uid === $uid"}}}}',
      OWNER,
    );
    await put('/mine/alice.json?ns=reauth-ns', '"hers"', OWNER);
    const client = await rawClient(server, 'reauth-ns');
    expect((await client.request('auth', { cred: emulatorIdToken('alice') })).s).toBe('ok');
    expect(await client.request('g', { p: '/mine/alice' })).toEqual({ s: 'ok', d: 'hers' });
    expect((await client.request('auth', { cred: 'not a token' })).s).toBe('invalid_token');
    expect((await client.request('g', { p: '/mine/alice' })).s).toBe('permission_denied');
    client.close();
  });
});

describe('rules per namespace', () => {
  it('changes only the namespace named by ?ns=', async () => {
    const closed = '{"rules": {".read": false, ".write": false}}';
    expect((await put('/.settings/rules.json?ns=foo-ns', closed, OWNER)).status).toBe(200);
    expect((await put('/a.json?ns=foo-ns', '1')).status).toBe(401);
    expect((await put('/a.json?ns=bar-ns', '1')).status).toBe(200);
    const foo = await fetch(`${server.url}/.settings/rules.json?ns=foo-ns`, { headers: OWNER });
    expect(await foo.text()).toBe(closed);
    const bar = await fetch(`${server.url}/.settings/rules.json?ns=bar-ns`, { headers: OWNER });
    expect(await bar.json()).toEqual({ rules: { '.read': true, '.write': true } });
  });

  it('applies to the WebSocket clients of that namespace too', async () => {
    await put('/.settings/rules.json?ns=ws-closed', '{"rules": {".read": false, ".write": false}}', OWNER);
    const closed = await rawClient(server, 'ws-closed');
    const open = await rawClient(server, 'ws-open');
    expect((await closed.request('p', { p: '/a', d: 1 })).s).toBe('permission_denied');
    expect((await open.request('p', { p: '/a', d: 1 })).s).toBe('ok');
    closed.close();
    open.close();
  });
});

describe('rules text', () => {
  it('answers format=strict with the rules as strict JSON, without comments', async () => {
    expect((await put('/.settings/rules.json?ns=strict-ns', RULES, OWNER)).status).toBe(200);
    const plain = await fetch(`${server.url}/.settings/rules.json?ns=strict-ns`, { headers: OWNER });
    expect(await plain.text()).toBe(RULES);
    const strict = await fetch(`${server.url}/.settings/rules.json?ns=strict-ns&format=strict`, { headers: OWNER });
    const text = await strict.text();
    expect(text).not.toContain('//');
    const parsed = JSON.parse(text) as { rules: Record<string, unknown> };
    expect(Object.keys(parsed.rules)).toEqual(expect.arrayContaining(['properties', 'products', 'users', 'orders']));
  });

  it('refuses a syntax error with a message like the emulator one', async () => {
    const bad = await put('/.settings/rules.json?ns=parse-ns', '{"rules": {".read": tru}}', OWNER);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Parse error/);
  });
});
