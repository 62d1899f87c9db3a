/**
 * Big REST bodies must not starve other clients. Parsing, checking and encoding tens of megabytes of JSON takes
 * hundreds of milliseconds; done on the server's thread in one go, every other client waits that long. So the
 * server's own thread may handle a big body only in slices: here every JSON.parse and JSON.stringify made on it
 * while big bodies are written is counted, and none may touch more than a slice. How long others actually wait
 * is timed by `npm run bench` (bench/server-hostile.ts), not asserted here.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';
import type { DatabaseServer } from '../../server/server';
import { startTestServer } from './support/protocol-harness';
import { rawClient } from './support/raw-client';

/** What one slice may hold: 1 MiB of JSON, or one string (each string value is at most 10 MB anyway). */
const SLICE_CHARS = 1.5 * 1024 * 1024;

let server: DatabaseServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

async function startDurable(): Promise<DatabaseServer> {
  dir ??= await mkdtemp(join(tmpdir(), 'large-bodies-'));
  server = await startTestServer({ persistence: new FilePersistence({ dir }) });
  return server;
}

function send(method: string, path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server!.url}${path}`, { method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A catalogue-like body: many small records and a few long strings, about `megabytes` MB of JSON. */
function bigValue(megabytes: number, tag: string): Record<string, unknown> {
  const items: Record<string, unknown> = {};
  for (let i = 0; i < megabytes * 4000; i++) {
    items[`item${i}`] = { title: `${tag} ${i}`, price: i, tags: { a: true, b: true } };
  }
  const blobs: Record<string, string> = {};
  for (let i = 0; i < megabytes / 2; i++)
    blobs[`blob${i}`] = `${tag}`.repeat(1 + Math.floor((512 * 1024) / tag.length));
  return { items, blobs };
}

/** Records the longest text JSON.parse read and JSON.stringify produced on this thread while `run` runs. */
async function longestJsonOnThisThread(run: () => Promise<void>): Promise<number> {
  const { parse, stringify } = JSON;
  let longest = 0;
  JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
    longest = Math.max(longest, String(text).length);
    return parse(text, reviver);
  }) as typeof JSON.parse;
  JSON.stringify = ((...args: Parameters<typeof stringify>) => {
    const text = stringify(...args);
    longest = Math.max(longest, text?.length ?? 0);
    return text;
  }) as typeof JSON.stringify;
  try {
    await run();
  } finally {
    JSON.parse = parse;
    JSON.stringify = stringify;
  }
  return longest;
}

describe('big REST bodies', () => {
  it('are parsed, checked, journaled and answered without one big step on the server thread', async () => {
    await startDurable();
    const values = [bigValue(8, 'a'), bigValue(8, 'b'), bigValue(8, 'c')];
    const bodies = values.map((value) => JSON.stringify(value));
    const patch = JSON.stringify({ 'patched/items': values[0]!.items, 'patched/note': 'n' });
    const probe = await rawClient(server!);
    let answered = 0;
    let results: { status: number; text: string }[] = [];
    const longest = await longestJsonOnThisThread(async () => {
      let writing = true;
      const probing = (async () => {
        for (let r = 0; writing; r++) {
          await probe.request('g', { p: '/small' });
          answered++;
        }
      })();
      results = await Promise.all([
        ...bodies.map((body, i) => send('PUT', `/big/${i}.json`, body)),
        send('PATCH', '/.json', patch),
        send('POST', '/posted.json', bodies[0]!),
      ]);
      writing = false;
      await probing;
    });
    probe.close();
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(longest).toBeLessThan(SLICE_CHARS);
    expect(answered).toBeGreaterThan(0);
    // The answers are Firebase's: the written value, the update's values by path, the new child's name.
    expect(JSON.parse(results[0]!.text)).toEqual(values[0]);
    expect(JSON.parse(results[3]!.text)).toEqual({ 'patched/items': values[0]!.items, 'patched/note': 'n' });
    const { name } = JSON.parse(results[4]!.text) as { name: string };
    // Everything is stored, and comes back from the journal after a restart.
    await server!.close();
    await startDurable();
    for (const [i, value] of values.entries()) {
      expect(await (await fetch(`${server!.url}/big/${i}.json`)).json()).toEqual(value);
    }
    expect(await (await fetch(`${server!.url}/patched/items.json`)).json()).toEqual(values[0]!.items);
    expect(await (await fetch(`${server!.url}/posted/${name}.json`)).json()).toEqual(values[0]);
  }, 120_000);

  it('keep Firebase answers for bodies that are not JSON, invalid data, server values and priorities', async () => {
    await startDurable();
    const big = bigValue(3, 'z');
    expect(await send('PUT', '/bad.json', `${JSON.stringify(big)},`)).toEqual({
      status: 400,
      text: JSON.stringify({ error: "Invalid data; couldn't parse JSON object, array, or value." }),
    });
    const badKey = { ...big, 'a.b': 1 };
    const refused = await send('PUT', '/bad.json', JSON.stringify(badKey));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Invalid key');
    expect(await (await fetch(`${server!.url}/bad.json`)).json()).toBeNull();
    const withServerValues = { ...big, at: { '.sv': 'timestamp' }, '.priority': 3, list: [1, null, 3] };
    const stored = await send('PUT', '/sv.json?format=export', JSON.stringify(withServerValues));
    expect(stored.status).toBe(200);
    const answer = JSON.parse(stored.text) as Record<string, unknown>;
    expect(typeof answer.at).toBe('number');
    expect(answer['.priority']).toBe(3);
    expect(answer.list).toEqual({ 0: 1, 2: 3 });
    expect(await (await fetch(`${server!.url}/sv.json?format=export`)).json()).toEqual(answer);
    const deleted = await send('PATCH', '/sv.json', JSON.stringify({ items: null, blobs: big.blobs }));
    expect(deleted.status).toBe(200);
    expect(Object.keys((await (await fetch(`${server!.url}/sv.json?shallow=true`)).json()) as object).sort()).toEqual([
      'at',
      'blobs',
      'list',
    ]);
  }, 60_000);
});
