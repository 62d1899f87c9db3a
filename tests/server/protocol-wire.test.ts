import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { NAMESPACE, startTestServer } from './support/protocol-harness';
import { emulatorIdToken, rawClient } from './support/raw-client';

const RULES = `{"rules": {
  "private": { "$uid": { ".read": "auth != null && auth.uid === $uid", ".write": "auth != null && auth.uid === $uid" } },
  "open": { ".read": true, ".write": true, "indexed": { ".indexOn": ["n"] } }
}}`;

let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES) });
});

afterAll(async () => {
  await server.close();
});

const isPush = (action: string) => (message: { t: string; d: Record<string, unknown> }) =>
  message.t === 'd' && message.d.a === action;

describe('wire protocol details', () => {
  it('speaks first with a handshake and answers pings with a pong carrying d', async () => {
    const client = await rawClient(server);
    const hello = await client.next((message) => message.t === 'c');
    const handshake = hello.d as { t: string; d: { ts: number; v: string; h: string; s: string } };
    expect(handshake.t).toBe('h');
    expect(handshake.d.v).toBe('5');
    expect(handshake.d.h).toBe(`${server.host}:${server.port}`);
    expect(typeof handshake.d.s).toBe('string');
    expect(Math.abs(handshake.d.ts - Date.now())).toBeLessThan(5000);
    client.sendText('0'); // the SDK's keep-alive: ignored
    client.sendText(JSON.stringify({ t: 'c', d: { t: 'p', d: {} } }));
    const pong = await client.next((message) => message.t === 'c');
    expect(pong.d).toEqual({ t: 'o', d: null });
    client.close();
  });

  it('pushes the initial value before the listen’s ok, and every write before the writer’s ack', async () => {
    const client = await rawClient(server);
    await client.request('p', { p: '/open/x', d: { a: 1 } });
    const start = client.messages.length;
    expect((await client.request('q', { p: '/open/x', h: '' })).s).toBe('ok');
    const afterListen = client.messages.slice(start);
    const dataIndex = afterListen.findIndex(isPush('d'));
    const okIndex = afterListen.findIndex((message) => message.d.r !== undefined);
    expect(dataIndex).toBeGreaterThanOrEqual(0);
    expect(dataIndex).toBeLessThan(okIndex);
    expect((afterListen[dataIndex]?.d.b as { d: unknown }).d).toEqual({ a: 1 });

    const beforeWrite = client.messages.length;
    expect((await client.request('m', { p: '/open', d: { 'x/a': 2, 'x/b': { '.sv': 'timestamp' } } })).s).toBe('ok');
    const afterWrite = client.messages.slice(beforeWrite);
    expect(afterWrite.findIndex(isPush('m'))).toBe(0);
    const merge = afterWrite[0]?.d.b as { p: string; d: Record<string, unknown> };
    expect(merge.p).toBe('open/x');
    expect(merge.d.a).toBe(2);
    expect(typeof merge.d.b).toBe('number');
    client.close();
  });

  it('splits large pushes into counted frames and reassembles counted frames from the client', async () => {
    const client = await rawClient(server);
    const big = 'x'.repeat(50_000);
    const message = JSON.stringify({ t: 'd', d: { r: 1000, a: 'p', b: { p: '/open/big', d: big } } });
    const pieces = [message.slice(0, 16384), message.slice(16384, 32768), message.slice(32768)];
    client.sendText(String(pieces.length));
    for (const piece of pieces) client.sendText(piece);
    expect((await client.next((m) => m.d.r === 1000)).d.b).toEqual({ s: 'ok', d: {} });
    const reply = await client.request('g', { p: '/open/big', q: {} });
    expect(reply).toEqual({ s: 'ok', d: big });
    expect(client.splitMessages).toBe(1);
    client.close();
  });

  it('filters gets and tagged listens on the server, tagging every push', async () => {
    const client = await rawClient(server);
    await client.request('p', { p: '/open/q', d: { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } } });
    const query = { l: 2, vf: 'r', i: 'n' };
    expect(await client.request('g', { p: '/open/q', q: query })).toEqual({ s: 'ok', d: { b: { n: 2 }, c: { n: 3 } } });
    // No ".indexOn" for "n" in these rules: the reply carries Firebase's no_index warning.
    expect(await client.request('q', { p: '/open/q', q: query, t: 7, h: '' })).toEqual({
      s: 'ok',
      d: { w: ['no_index'] },
    });
    const initial = await client.next(isPush('d'));
    expect(initial.d.b).toEqual({ p: 'open/q', d: { b: { n: 2 }, c: { n: 3 } }, t: 7 });
    await client.request('p', { p: '/open/q/d', d: { n: 0 } }); // outside the window: no push needed
    await client.request('p', { p: '/open/q/e', d: { n: 9 } });
    // Only what changed in the window: b left it, e entered it.
    const update = await client.next(isPush('m'));
    expect(update.d.b).toEqual({ p: 'open/q', d: { b: null, e: { n: 9 } }, t: 7 });
    expect(await client.request('q', { p: '/open/indexed', q: query, t: 8, h: '' })).toEqual({ s: 'ok', d: {} });
    client.close();
  });

  it('authenticates with emulator ID tokens and owner, and revokes listens the new auth cannot read', async () => {
    const client = await rawClient(server);
    expect((await client.request('q', { p: '/private/ann', h: '' })).s).toBe('permission_denied');
    expect((await client.request('auth', { cred: emulatorIdToken('ann') })).s).toBe('ok');
    expect((await client.request('q', { p: '/private/ann', h: '' })).s).toBe('ok');
    expect((await client.request('q', { p: '/private/ann/x', t: 3, q: { l: 1, vf: 'l' }, h: '' })).s).toBe('ok');
    expect((await client.request('unauth', {})).s).toBe('ok');
    const revoked = [await client.next(isPush('c')), await client.next(isPush('c'))].map((m) => m.d.b);
    expect(revoked).toContainEqual({ p: 'private/ann' });
    expect(revoked).toContainEqual({ p: 'private/ann/x', q: [{ l: 1, vf: 'l' }] });
    expect((await client.request('gauth', { cred: 'owner' })).s).toBe('ok');
    expect((await client.request('p', { p: '/private/zed', d: 1 })).s).toBe('ok');
    expect((await client.request('auth', { cred: 'not a token' })).s).toBe('invalid_token');
    client.close();
  });

  it('refuses a stale transaction with the current value pushed first', async () => {
    const client = await rawClient(server);
    await client.request('p', { p: '/open/tx', d: 5 });
    const before = client.messages.length;
    const reply = await client.request('p', { p: '/open/tx', d: 6, h: 'not-the-hash' });
    expect(reply.s).toBe('datastale');
    const pushed = client.messages.slice(before).find(isPush('d'));
    expect(pushed?.d.b).toEqual({ p: 'open/tx', d: 5 });
    // The SDK's hash of 5 (see hash.test.ts) commits.
    expect((await client.request('p', { p: '/open/tx', d: 6, h: 'w28swksk9+tXf5jEdS9R5oSFAv8=' })).s).toBe('ok');
    client.close();
  });

  it('accepts stats and App Check messages as no-ops', async () => {
    const client = await rawClient(server);
    for (const [action, body] of [
      ['s', { c: { 'sdk.js.12': 1 } }],
      ['appcheck', { token: 't' }],
      ['unappeck', {}],
    ] as const) {
      expect((await client.request(action, body)).s).toBe('ok');
    }
    client.close();
  });
});

describe('limits and bad input', () => {
  it('answers bad requests with an error status and keeps the connection', async () => {
    const client = await rawClient(server);
    expect((await client.request('zz', {})).s).toBe('invalid_request');
    expect((await client.request('p', { p: '/open/a.b', d: 1 })).s).toBe('invalid_request');
    expect((await client.request('p', { p: '/open/k', d: { 'bad#key': 1 } })).s).toBe('invalid_data');
    expect((await client.request('p', { p: '/open/k', d: { '.sv': 'nonsense' } })).s).toBe('invalid_data');
    expect((await client.request('p', { p: '/open/k', d: 'x'.repeat(800) })).s).toBe('ok');
    const longKey = 'k'.repeat(769);
    expect((await client.request('p', { p: '/open/k', d: { [longKey]: 1 } })).s).toBe('invalid_data');
    let deep: unknown = 1;
    for (let i = 0; i < 31; i++) deep = { n: deep };
    expect((await client.request('p', { p: '/open/deep', d: deep })).s).toBe('invalid_data');
    expect((await client.request('p', { p: '/deep', d: deep })).s).toBe('permission_denied');
    expect((await client.request('m', { p: '/open', d: { a: 1, 'a/b': 2 } })).s).toBe('invalid_data');
    expect((await client.request('g', { p: '/open/k', q: {} })).s).toBe('ok');
    client.close();
  });

  it('closes a socket that sends garbage, leaving other clients working', async () => {
    const bystander = await rawClient(server);
    const vandal = await rawClient(server);
    vandal.sendText('{not json');
    expect(await vandal.closed).toBe(1002);
    const another = await rawClient(server);
    another.sendText('99999'); // a frame count far beyond the message cap
    expect(await another.closed).toBe(1002);
    const oversized = await rawClient(server);
    oversized.sendText(JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/open/huge', d: 'x'.repeat(100_000) } } }));
    expect(await oversized.closed).toBe(1009); // one frame larger than the SDK ever sends
    expect((await bystander.request('p', { p: '/open/still', d: true })).s).toBe('ok');
    expect(await bystander.request('g', { p: '/open/still', q: {} })).toEqual({ s: 'ok', d: true });
    bystander.close();
  });

  it('refuses non-WebSocket requests to /.ws and /.lp with a clear error instead of hanging', async () => {
    for (const path of ['/.lp?start=t&ser=1&cb=1&v=5&ns=' + NAMESPACE, '/.ws?v=5']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/WebSockets only/);
    }
  });
});
