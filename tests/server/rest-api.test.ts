import { onValue, ref } from 'firebase/database';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { eventually, NAMESPACE, sdkClient, startTestServer } from './support/protocol-harness';
import { emulatorIdToken } from './support/raw-client';

let server: DatabaseServer;
const OWNER = { Authorization: 'Bearer owner' };

/** One REST request; a string body is sent as-is (raw text, e.g. rules), anything else as JSON. */
async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('REST reads and writes', () => {
  it('renders array-like objects as arrays, as Firebase does for REST readers and val()', async () => {
    expect((await call('PUT', '/arrays/list.json', ['a', 'b', 'c'])).json).toEqual(['a', 'b', 'c']);
    expect((await call('GET', '/arrays/list.json')).json).toEqual(['a', 'b', 'c']);
    // More than half of the indexes up to the largest are present: an array, with null in the gaps.
    await call('PUT', '/arrays/sparse.json', { 0: 'a', 2: 'c' });
    expect((await call('GET', '/arrays/sparse.json')).json).toEqual(['a', null, 'c']);
    // Too sparse, a negative or a non-integer key: an object, as stored.
    await call('PUT', '/arrays/objects.json', {
      few: { 0: 'a', 5: 'f' },
      negative: { '-1': 1, 0: 2 },
      named: { 0: 1, x: 2 },
    });
    expect((await call('GET', '/arrays/objects.json')).json).toEqual({
      few: { 0: 'a', 5: 'f' },
      negative: { '-1': 1, 0: 2 },
      named: { 0: 1, x: 2 },
    });
    // Nested arrays render too, and the export format keeps the stored objects.
    await call('PUT', '/arrays/nested.json', { rows: [[1, 2], [3]] });
    expect((await call('GET', '/arrays.json')).json).toMatchObject({ nested: { rows: [[1, 2], [3]] } });
    expect((await call('GET', '/arrays/list.json?format=export')).json).toEqual({ 0: 'a', 1: 'b', 2: 'c' });
  });

  it('puts, gets, patches, posts and deletes', async () => {
    expect(await call('PUT', '/rest/item.json', { title: 'Tea', price: 3 })).toMatchObject({
      status: 200,
      json: { title: 'Tea', price: 3 },
    });
    expect((await call('GET', '/rest/item/title.json')).json).toBe('Tea');
    expect((await call('PATCH', '/rest.json', { 'item/price': 4, 'other/x': true })).json).toEqual({
      'item/price': 4,
      'other/x': true,
    });
    const posted = await call('POST', '/rest/list.json', { n: 1 });
    const name = (posted.json as { name: string }).name;
    expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
    expect((await call('GET', `/rest/list/${name}/n.json`)).json).toBe(1);
    expect(await call('DELETE', '/rest/other.json')).toMatchObject({ status: 200, json: null });
    expect((await call('GET', '/rest.json')).json).toEqual({
      item: { title: 'Tea', price: 4 },
      list: { [name]: { n: 1 } },
    });
    expect((await call('GET', '/rest/missing.json')).json).toBeNull();
  });

  it('honours print=silent, print=pretty, shallow, format=export and X-HTTP-Method-Override', async () => {
    const silent = await call('PUT', '/fmt/a.json?print=silent', { '.value': 1, '.priority': 5 });
    expect(silent.status).toBe(204);
    expect(silent.text).toBe('');
    await call('PUT', '/fmt/b.json', { x: { y: 1 } });
    expect((await call('GET', '/fmt.json?print=pretty')).text).toBe(
      JSON.stringify({ a: 1, b: { x: { y: 1 } } }, null, 2),
    );
    expect((await call('GET', '/fmt.json?shallow=true')).json).toEqual({ a: true, b: true });
    expect((await call('GET', '/fmt.json?format=export')).json).toEqual({
      a: { '.value': 1, '.priority': 5 },
      b: { x: { y: 1 } },
    });
    await call('POST', '/fmt/b.json', { z: 2 }, { 'X-HTTP-Method-Override': 'PATCH' });
    expect((await call('GET', '/fmt/b.json')).json).toEqual({ x: { y: 1 }, z: 2 });
    await call('POST', '/fmt/b.json', undefined, { 'X-HTTP-Method-Override': 'DELETE' });
    expect((await call('GET', '/fmt/b.json')).json).toBeNull();
  });

  it('filters on the server with orderBy, ranges and limits', async () => {
    await call('PUT', '/scores.json', { ann: { s: 5 }, bob: { s: 9 }, cat: { s: 1 }, dan: { s: 7 } });
    const get = async (params: string) => (await call('GET', `/scores.json?${params}`)).json;
    expect(await get('orderBy="s"&limitToLast=2')).toEqual({ bob: { s: 9 }, dan: { s: 7 } });
    expect(await get('orderBy="s"&startAt=5&endAt=7')).toEqual({ ann: { s: 5 }, dan: { s: 7 } });
    expect(await get('orderBy="s"&startAfter=5&endBefore=9')).toEqual({ dan: { s: 7 } });
    expect(await get('orderBy="s"&equalTo=1')).toEqual({ cat: { s: 1 } });
    expect(await get('orderBy="$key"&startAt="b"&limitToFirst=2')).toEqual({ bob: { s: 9 }, cat: { s: 1 } });
    await call('PUT', '/vals.json', { a: 3, b: 'x', c: true });
    expect((await call('GET', '/vals.json?orderBy="$value"&limitToFirst=2')).json).toEqual({ c: true, a: 3 });
    expect(await get('shallow=true&limitToFirst=1')).toEqual({ ann: true }); // what emulators:export asks
    const missingOrder = await call('GET', '/scores.json?startAt=1');
    expect(missingOrder.status).toBe(400);
    expect((missingOrder.json as { error: string }).error).toMatch(/orderBy/);
  });

  it('supports conditional writes with ETag and if-match', async () => {
    await call('PUT', '/cas.json', { n: 1 });
    const read = await fetch(`${server.url}/cas.json`, { headers: { 'X-Firebase-ETag': 'true' } });
    const etag = read.headers.get('ETag') as string;
    expect(etag).toBeTruthy();
    const stale = await call('PUT', '/cas.json', { n: 2 }, { 'if-match': 'stale-etag' });
    expect(stale.status).toBe(412);
    expect(stale.json).toEqual({ n: 1 });
    expect((await call('PUT', '/cas.json', { n: 2 }, { 'if-match': etag })).status).toBe(200);
    expect((await call('GET', '/cas.json')).json).toEqual({ n: 2 });
    expect((await call('PUT', '/cas.json', { n: 3 }, { 'if-match': etag })).status).toBe(412);
  });

  it('rejects bad input with an error and stays up', async () => {
    expect((await call('PUT', '/bad.json', '{nope')).status).toBe(400);
    expect((await call('PUT', '/bad.json', { 'a.b': 1 })).status).toBe(400);
    expect((await call('GET', '/a%23b.json')).status).toBe(400);
    expect((await call('GET', '/noextension')).status).toBe(404);
    const malformed = await new Promise<string>((done) => {
      const socket = connect(server.port, server.host, () => socket.write('GET //[::1 HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.once('data', (chunk) => {
        done(chunk.toString());
        socket.destroy();
      });
    });
    expect(malformed).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect((await call('PUT', '/ok.json', 1)).status).toBe(200);
  });

  it('treats keys named like Object internals as ordinary children', async () => {
    const odd = '{"__proto__": {"a": 1}, "constructor": 2}';
    expect((await call('PUT', '/odd.json', odd)).status).toBe(200);
    expect((await call('GET', '/odd/__proto__.json')).json).toEqual({ a: 1 });
    expect((await call('GET', '/odd/constructor.json')).json).toBe(2);
    expect((await call('GET', '/odd/toString.json')).json).toBeNull();
    expect((await call('GET', '/odd/hasOwnProperty/x.json')).json).toBeNull();
    expect((await call('GET', '/odd.json')).text).toBe(odd.replace(/\s/g, ''));
    await call('PATCH', '/odd.json', '{"__proto__/b": 3, "valueOf": 4}');
    expect((await call('GET', '/odd.json?orderBy="$key"&limitToFirst=2')).text).toBe(
      '{"__proto__":{"a":1,"b":3},"constructor":2}',
    );
    await call('DELETE', '/odd/__proto__.json');
    expect((await call('GET', '/odd.json')).json).toEqual({ constructor: 2, valueOf: 4 });
  });

  it('keeps namespaces apart (?ns=)', async () => {
    await call('PUT', '/same.json?ns=first-ns', '"first"');
    await call('PUT', '/same.json?ns=second-ns', '"second"');
    expect((await call('GET', '/same.json?ns=first-ns')).json).toBe('first');
    expect((await call('GET', '/same.json?ns=second-ns')).json).toBe('second');
    const inspected = (await call('GET', '/.inspect/databases.json?ns=demo-storefront', undefined, OWNER)).json as {
      name: string;
    }[];
    expect(inspected.map((db) => db.name)).toEqual(expect.arrayContaining(['first-ns', 'second-ns']));
  });

  it('delivers REST writes to SDK listeners', async () => {
    const client = sdkClient(server);
    const values: unknown[] = [];
    onValue(ref(client.db, 'live/rest'), (snapshot) => values.push(snapshot.val()));
    await eventually(() => (values.length > 0 ? true : undefined));
    await call('PUT', `/live/rest.json?ns=${NAMESPACE}`, { via: 'rest' });
    await eventually(() => ((values[values.length - 1] as { via?: string } | null)?.via === 'rest' ? true : undefined));
    await client.close();
  });

  it('imports a whole namespace with PUT /.json and exports it with format=export', async () => {
    const data = { products: { p1: { title: 'Mug', '.priority': 1 } }, site: { name: 'Shop' } };
    expect((await call('PUT', '/.json?ns=imported', data, OWNER)).status).toBe(200);
    expect((await call('GET', '/.json?ns=imported&format=export', undefined, OWNER)).json).toEqual(data);
  });
});

describe('REST auth and rules', () => {
  const RULES =
    '{ "rules": { "mine": { "$uid": { ".read": "auth != null && auth.uid === $uid", ".write": "auth != null && auth.uid === $uid" } } } }';

  it('serves rules to the owner, installs new ones and refuses a bad file keeping the running rules', async () => {
    expect((await call('GET', '/.settings/rules.json')).status).toBe(401);
    expect((await call('GET', '/.settings/rules.json', undefined, OWNER)).json).toEqual({
      rules: { '.read': true, '.write': true },
    });
    expect((await call('PUT', '/.settings/rules.json', RULES, OWNER)).status).toBe(200);
    expect((await call('GET', '/.settings/rules.json', undefined, OWNER)).text).toBe(RULES);
    const bad = await call('PUT', '/.settings/rules.json', '{ "rules": { "x": { ".read": "auth.uid ===" } } }', OWNER);
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toMatch(/x/);
    expect((await call('GET', '/.settings/rules.json', undefined, OWNER)).text).toBe(RULES);
  });

  it('applies rules to Bearer, auth= and access_token= credentials; owner is admin', async () => {
    const ann = emulatorIdToken('ann');
    expect(await call('PUT', '/mine/ann.json', { a: 1 })).toMatchObject({
      status: 401,
      json: { error: 'Permission denied' },
    });
    expect((await call('PUT', '/mine/ann.json', { a: 1 }, { Authorization: `Bearer ${ann}` })).status).toBe(200);
    expect((await call('GET', `/mine/ann.json?auth=${ann}`)).json).toEqual({ a: 1 });
    expect((await call('GET', `/mine/ann.json?access_token=${ann}`)).json).toEqual({ a: 1 });
    expect((await call('GET', `/mine/bob.json?auth=${ann}`)).status).toBe(401);
    expect((await call('GET', '/mine.json', undefined, OWNER)).json).toEqual({ ann: { a: 1 } });
    expect((await call('GET', '/mine.json?auth=garbage')).status).toBe(401);
    await call('PUT', '/.settings/rules.json', '{"rules": {".read": true, ".write": true}}', OWNER);
  });
});
