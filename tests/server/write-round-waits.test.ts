/**
 * A small write does not wait for big ones' preparation: writes become durable in order, so whatever the write
 * round does for a big record, every write behind it waits for. The round must only append what is ready:
 * - a big REST body's record is checksummed where its JSON is made (the body worker), never read again by the
 *   round on the server's thread (counted: bytes checksummed on this thread);
 * - a compaction encodes its snapshot while writes go on in the next journal (shown by holding the encoding:
 *   a write is acknowledged, and visible, while it is held).
 * Judged by counting and by order, never by time. What the writes wait for meanwhile is timed by `npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';
import type * as Snapshot from '../../server/persistence/snapshot';
import { DEFAULT_NAMESPACE, type DatabaseServer } from '../../server/server';
import { eventually, startTestServer } from './support/protocol-harness';

const seen = vi.hoisted(() => ({
  /** Bytes checksummed (CRC32) on this thread. */
  checksummed: 0,
  /** Snapshot encodings started. */
  encodings: 0,
  /** While set, a snapshot's encoding waits for it. */
  hold: null as Promise<void> | null,
  release: (): void => {},
}));

vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const crc32 = (data: string | Uint8Array, value?: number): number => {
    seen.checksummed += data.length;
    return zlib.crc32(data, value);
  };
  return { ...zlib, default: { ...zlib, crc32 }, crc32 };
});

vi.mock('../../server/persistence/snapshot', async (importOriginal) => {
  const snapshot = await importOriginal<typeof Snapshot>();
  return {
    ...snapshot,
    encodeSnapshot: async (...args: Parameters<typeof snapshot.encodeSnapshot>) => {
      seen.encodings++;
      await seen.hold;
      return snapshot.encodeSnapshot(...args);
    },
  };
});

const MiB = 1024 * 1024;
let server: DatabaseServer | undefined;
let dir: string;

afterEach(async () => {
  seen.release(); // a test that failed while holding an encoding must not hold the server's close too
  seen.hold = null;
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function startDurable(compactBytes: number): Promise<DatabaseServer> {
  server = await startTestServer({ persistence: new FilePersistence({ dir, compactBytes }) });
  return server;
}

it('journals a big REST body without checksumming it again on the server’s thread', async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-round-'));
  await startDurable(1024 * MiB); // no compaction: its snapshot is checksummed here, a slice per turn
  const items = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`item${i}`, { title: `T ${i}`, n: i }]));
  const body = JSON.stringify({ items, note: 'x'.repeat(4 * MiB) });
  expect(body.length).toBeGreaterThan(5 * MiB);
  seen.checksummed = 0;
  const answer = await fetch(`${server!.url}/big.json?print=silent`, { method: 'PUT', body });
  expect(answer.status).toBe(204);
  expect(seen.checksummed).toBeLessThan(64 * 1024);

  // The record's checksum is right: the journal replays after a restart.
  await server!.close();
  await startDurable(1024 * MiB);
  expect(await (await fetch(`${server!.url}/big/items/item39999.json`)).json()).toEqual({ title: 'T 39999', n: 39999 });
  expect(((await (await fetch(`${server!.url}/big/note.json`)).json()) as string).length).toBe(4 * MiB);
}, 60_000);

it('acknowledges writes while a compaction is still encoding its snapshot, and keeps them all', async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-round-'));
  seen.hold = new Promise((resolve) => (seen.release = resolve));
  seen.encodings = 0;
  await startDurable(64 * 1024);
  await server!.set(DEFAULT_NAMESPACE, '/big', 'b'.repeat(128 * 1024)); // the journal is long: compaction
  await eventually(() => (seen.encodings === 1 ? true : undefined));

  // The snapshot is held mid-encoding; writes are acknowledged and visible all the same.
  for (let i = 0; i < 20; i++) await server!.set(DEFAULT_NAMESPACE, `/small/${i}`, i);
  expect(seen.encodings).toBe(1);
  expect(await (await fetch(`${server!.url}/small/19.json`)).json()).toBe(19);

  seen.release();
  seen.hold = null;
  await server!.set(DEFAULT_NAMESPACE, '/after', 'done');
  await server!.close();
  // Snapshot (without the small writes) plus the next journal (with them): everything, in order, after a restart.
  await startDurable(64 * 1024);
  expect(((await (await fetch(`${server!.url}/big.json`)).json()) as string).length).toBe(128 * 1024);
  expect(await (await fetch(`${server!.url}/small.json`)).json()).toEqual(Array.from({ length: 20 }, (_, i) => i));
  expect(await (await fetch(`${server!.url}/after.json`)).json()).toBe('done');
}, 20_000);
