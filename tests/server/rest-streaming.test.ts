/** REST streaming (Server-Sent Events, as Firebase documents them) and conditional GETs with If-None-Match. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { eventually, startTestServer } from './support/protocol-harness';
import { emulatorIdToken } from './support/raw-client';

const RULES = JSON.stringify({
  rules: {
    open: { '.read': true, '.write': true },
    gated: { '.read': "root.child('gate').val() === true" },
    mine: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
  },
});
let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer({ rules: compileRules(RULES), rulesText: RULES });
});

afterAll(async () => {
  await server.close();
});

interface Stream {
  status: number;
  events: { event: string; data: unknown }[];
  ended: Promise<void>;
  close(): void;
}

function stream(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.url}${path}`,
      { headers: { Accept: 'text/event-stream', ...headers } },
      (response) => {
        const events: Stream['events'] = [];
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffered += chunk;
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
            const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
            events.push({ event, data });
          }
        });
        const ended = new Promise<void>((done) => response.on('end', done));
        resolve({ status: response.statusCode ?? 0, events, ended, close: () => outgoing.destroy() });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const put = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'PUT',
    body: JSON.stringify(body),
    headers: { Authorization: 'Bearer owner' },
  });
const patch = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { Authorization: 'Bearer owner' },
  });

describe('REST streaming', () => {
  it('sends the value, then puts and patches relative to the location', async () => {
    await put('/open/s.json', { a: 1 });
    const events = await stream('/open/s.json');
    expect(events.status).toBe(200);
    await eventually(() => (events.events.length > 0 ? true : undefined));
    expect(events.events[0]).toEqual({ event: 'put', data: { path: '/', data: { a: 1 } } });
    await put('/open/s/b.json', 2);
    await patch('/open/s.json', { c: 3, d: 4 });
    await eventually(() => (events.events.length >= 3 ? true : undefined));
    expect(events.events[1]).toEqual({ event: 'put', data: { path: '/b', data: 2 } });
    expect(events.events[2]).toEqual({ event: 'patch', data: { path: '/', data: { c: 3, d: 4 } } });
    events.close();
  });

  it('renders values as GET does: arrays as arrays, no priorities, in the first put and every later event', async () => {
    await put('/open/list.json', { items: ['a', 'b', 'c'], tagged: { '.priority': 5, name: 'n' } });
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).json() as Promise<unknown>;
    const events = await stream('/open/list.json');
    await eventually(() => (events.events.length > 0 ? true : undefined));
    expect(events.events[0]).toEqual({ event: 'put', data: { path: '/', data: await get('/open/list.json') } });
    expect(events.events[0]?.data).toEqual({
      path: '/',
      data: { items: ['a', 'b', 'c'], tagged: { name: 'n' } },
    });

    await put('/open/list/items.json', ['x', 'y']);
    await patch('/open/list.json', { more: [1, 2], tagged: { '.priority': 1, name: 'm' } });
    await put('/open/list/items/2.json', ['deep', 'er']);
    await eventually(() => (events.events.length >= 4 ? true : undefined));
    expect(events.events.slice(1)).toEqual([
      { event: 'put', data: { path: '/items', data: ['x', 'y'] } },
      { event: 'patch', data: { path: '/', data: { more: [1, 2], tagged: { name: 'm' } } } },
      { event: 'put', data: { path: '/items/2', data: ['deep', 'er'] } },
    ]);
    events.close();
  });

  it('renders a query stream as the same GET with the query does', async () => {
    await put('/open/ranked.json', { a: { n: 1, list: [1, 2] }, b: { n: 2, list: [3] } });
    const query = '/open/ranked.json?orderBy="$key"&limitToFirst=1';
    const events = await stream(query);
    await eventually(() => (events.events.length > 0 ? true : undefined));
    const get = (await (await fetch(`${server.url}${query}`)).json()) as unknown;
    expect(get).toEqual({ a: { n: 1, list: [1, 2] } });
    expect(events.events[0]).toEqual({ event: 'put', data: { path: '/', data: get } });
    events.close();
  });

  it('refuses a stream the rules deny, and cancels one they stop allowing', async () => {
    expect((await stream('/mine/ann.json')).status).toBe(401);
    await put('/gate.json', true);
    const gated = await stream('/gated.json');
    expect(gated.status).toBe(200);
    await put('/gate.json', false);
    await put('/gated/x.json', 1);
    await gated.ended;
    expect(gated.events.at(-1)?.event).toBe('cancel');
  });

  it('ends with auth_revoked when the credential expires', async () => {
    const token = emulatorIdToken('ann', { exp: Math.floor(Date.now() / 1000) + 1 });
    const mine = await stream(`/mine/ann.json?auth=${token}`);
    expect(mine.status).toBe(200);
    await mine.ended;
    expect(mine.events.map((event) => event.event)).toEqual(['put', 'auth_revoked']);
  });
});

describe('If-None-Match', () => {
  it('answers 304 while the ETag is current, and the value once it changed', async () => {
    await put('/open/etag.json', { v: 1 });
    const first = await fetch(`${server.url}/open/etag.json`, { headers: { 'X-Firebase-ETag': 'true' } });
    const etag = first.headers.get('ETag') as string;
    const same = await fetch(`${server.url}/open/etag.json`, { headers: { 'If-None-Match': etag } });
    expect(same.status).toBe(304);
    expect(same.headers.get('ETag')).toBe(etag);
    await put('/open/etag/v.json', 2);
    const changed = await fetch(`${server.url}/open/etag.json`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ v: 2 });
  });

  it('compares nothing for a caller who may not read the location', async () => {
    await put('/mine/ann.json', 'secret');
    const denied = await fetch(`${server.url}/mine/ann.json`, { headers: { 'If-None-Match': 'anything' } });
    expect(denied.status).toBe(401);
  });
});
