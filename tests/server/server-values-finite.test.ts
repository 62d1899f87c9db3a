/** Increments never store a number JSON cannot hold: an overflow (or NaN) is refused, not acknowledged. */
import { get, increment, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseServer } from '../../server/server';
import { sdkClient, startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

let server: DatabaseServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const readRest = async (path: string) => (await fetch(`${server.url}/${path}.json`)).json();

describe('increments that would not be finite', () => {
  it('refuses an overflow over the wire and keeps the stored number', async () => {
    const client = await rawClient(server);
    expect((await client.request('p', { p: '/big/n', d: Number.MAX_VALUE })).s).toBe('ok');
    const answer = await client.request('p', { p: '/big/n', d: { '.sv': { increment: Number.MAX_VALUE } } });
    expect(answer.s).toBe('invalid_data');
    const negative = await client.request('m', { p: '/big', d: { n: { '.sv': { increment: -Infinity } } } });
    expect(negative.s).not.toBe('ok');
    expect(await readRest('big/n')).toBe(Number.MAX_VALUE);
    client.close();
  });

  it('refuses an overflowing increment of a priority', async () => {
    const client = await rawClient(server);
    await client.request('p', { p: '/prio', d: { '.value': 1, '.priority': Number.MAX_VALUE } });
    const answer = await client.request('p', { p: '/prio/.priority', d: { '.sv': { increment: Number.MAX_VALUE } } });
    expect(answer.s).toBe('invalid_data');
    expect(await (await fetch(`${server.url}/prio.json?format=export`)).json()).toEqual({
      '.value': 1,
      '.priority': Number.MAX_VALUE,
    });
    client.close();
  });

  it('refuses it over REST with 400', async () => {
    await fetch(`${server.url}/rest/n.json`, { method: 'PUT', body: String(-Number.MAX_VALUE) });
    const response = await fetch(`${server.url}/rest/n.json`, {
      method: 'PUT',
      body: JSON.stringify({ '.sv': { increment: -Number.MAX_VALUE } }),
    });
    expect(response.status).toBe(400);
    expect(await readRest('rest/n')).toBe(-Number.MAX_VALUE);
  });

  it('rejects the SDK write instead of acknowledging it', async () => {
    const client = sdkClient(server);
    await set(ref(client.db, 'sdk/n'), Number.MAX_VALUE);
    await expect(set(ref(client.db, 'sdk/n'), increment(Number.MAX_VALUE))).rejects.toThrow();
    expect((await get(ref(client.db, 'sdk/n'))).val()).toBe(Number.MAX_VALUE);
    await client.close();
  });
});
