import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, onValue, ref, runTransaction, set } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePersistence, type FilePersistenceOptions } from '../../server/persistence/journal';
import { Database } from '../../server/core/database';
import { ADMIN, ANONYMOUS } from '../../server/core/identity';
import { MemoryPersistence } from '../../server/persistence/memory';
import { compileRules } from '../../server/rules/index';
import type { ExportJson, WriteOp } from '../../server/core/model';
import { FaultyFiles } from './support/faulty-files';
import { eventually, NAMESPACE, sdkClient, startTestServer } from './support/protocol-harness';

let dir: string;
let files: FaultyFiles;
let logged: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-faults-'));
  files = new FaultyFiles();
  logged = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function persistence(options: Partial<FilePersistenceOptions> = {}): FilePersistence {
  return new FilePersistence({ dir, files, log: (line) => logged.push(line), ...options });
}

/** What a fresh start (on the real file system) finds in the directory. */
async function reloaded(): Promise<Record<string, ExportJson>> {
  const fresh = new FilePersistence({ dir });
  const trees = await fresh.load();
  await fresh.close();
  return Object.fromEntries(trees);
}

async function journalSizes(): Promise<number[]> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort();
  return Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
}

describe('a write that cannot be made durable', () => {
  it('is seen by nobody (listeners, reads, transactions), and writing works again once the disk has room', async () => {
    const server = await startTestServer({ persistence: persistence() });
    const writer = sdkClient(server);
    const watcher = sdkClient(server);
    const seen: unknown[] = [];
    onValue(ref(watcher.db, 'shop/stock'), (snapshot) => seen.push(snapshot.val()));
    await set(ref(writer.db, 'shop/stock'), 5);
    await eventually(() => (seen.at(-1) === 5 ? true : undefined));
    const sizes = await journalSizes();

    files.fail('write', 'ENOSPC');
    await expect(set(ref(writer.db, 'shop/stock'), 4)).rejects.toThrow(/unavailable/i);
    await expect(set(ref(writer.db, 'shop/other'), 'x')).rejects.toThrow(/unavailable/i);
    const put = await fetch(`${server.url}/shop/stock.json?ns=${NAMESPACE}`, { method: 'PUT', body: '3' });
    expect(put.status).toBe(503);
    // The half-written records were cut off again: the journal is as it was.
    expect(await journalSizes()).toEqual(sizes);
    const reader = sdkClient(server);
    expect((await get(ref(reader.db, 'shop'))).val()).toEqual({ stock: 5 });
    const rest = await fetch(`${server.url}/shop.json?ns=${NAMESPACE}`);
    expect(await rest.json()).toEqual({ stock: 5 });

    files.clear();
    // A transaction from a client that saw 5 must commit against 5, not against the failed 4.
    const result = await runTransaction(ref(reader.db, 'shop/stock'), (stock: number | null) => (stock ?? 0) - 1);
    expect(result.committed).toBe(true);
    expect(result.snapshot.val()).toBe(4);
    await eventually(() => (seen.at(-1) === 4 ? true : undefined));
    expect(seen.filter((value) => value !== null)).toEqual([5, 4]);
    await set(ref(writer.db, 'shop/other'), 'written once there was room');
    await Promise.all([writer.close(), watcher.close(), reader.close()]);
    await server.close();

    expect(await reloaded()).toEqual({ [NAMESPACE]: { shop: { stock: 4, other: 'written once there was room' } } });
    expect(logged.filter((line) => /ENOSPC/.test(line))).toHaveLength(1);
    expect(logged.some((line) => /works again/.test(line))).toBe(true);
  });

  it('is cut off the journal when the sync fails (EIO) and is not replayed after a restart', async () => {
    const store = persistence();
    await store.load();
    await store.commit('ns', [{ path: '/kept', value: 1 }]);
    files.fail('datasync', 'EIO');
    await expect(store.commit('ns', [{ path: '/lost', value: 2 }])).rejects.toThrow(/EIO/);
    files.clear();
    await store.commit('ns', [{ path: '/after', value: 3 }]);
    await store.close();
    expect(await reloaded()).toEqual({ ns: { kept: 1, after: 3 } });
  });

  it('keeps refusing while the failed end cannot be cut off, then recovers', async () => {
    const store = persistence();
    await store.load();
    await store.commit('ns', [{ path: '/kept', value: 1 }]);
    files.fail('datasync', 'EIO');
    files.fail('truncate', 'EIO');
    await expect(store.commit('ns', [{ path: '/lost', value: 2 }])).rejects.toThrow(/EIO/);
    files.clear('datasync');
    // The failed record is still in the file: appending after it would make it part of the journal.
    await expect(store.commit('ns', [{ path: '/refused', value: 3 }])).rejects.toThrow(/could not be cut off/);
    files.clear();
    await store.commit('ns', [{ path: '/after', value: 4 }]);
    await store.close();
    expect(await reloaded()).toEqual({ ns: { kept: 1, after: 4 } });
  });

  it('fails its whole round: writes committed in the same tick share one fsync and one fate', async () => {
    const store = persistence();
    await store.load();
    files.fail('datasync', 'ENOSPC');
    const round = [1, 2, 3].map((n) => store.commit('ns', [{ path: `/k${n}`, value: n }]));
    const outcomes = await Promise.allSettled(round);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const reasons = new Set(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason as unknown));
    expect(reasons.size).toBe(1);
    files.clear();
    await store.close();
    expect(await reloaded()).toEqual({});
  });
});

describe('running out of file handles at compaction (EMFILE)', () => {
  it('keeps accepting writes, and compacts by itself once handles are free again', async () => {
    const store = persistence({ compactBytes: 2048, compactionRetryMs: 0 });
    await store.load();
    files.fail('open', 'EMFILE');
    const expected: Record<string, string> = {};
    for (let i = 0; i < 60; i++) {
      const value = `value ${i} ${'x'.repeat(60)}`;
      expected[`k${i}`] = value;
      await store.commit('ns', [{ path: `/k${i}`, value }]);
    }
    expect(logged.some((line) => /compaction could not start a new journal \(EMFILE/.test(line))).toBe(true);
    expect(await readdir(dir)).not.toContain('snapshot.db');
    files.clear();
    for (let i = 60; i < 80; i++) {
      const value = `value ${i}`;
      expected[`k${i}`] = value;
      await store.commit('ns', [{ path: `/k${i}`, value }]);
    }
    await store.close();
    expect(await readdir(dir)).toContain('snapshot.db');
    expect(await reloaded()).toEqual({ ns: expected });
  });

  it('keeps the journals when the snapshot cannot be written, and retries', async () => {
    const store = persistence({ compactBytes: 1024, compactionRetryMs: 0 });
    await store.load();
    files.fail('rename', 'ENOSPC');
    for (let i = 0; i < 40; i++) await store.commit('ns', [{ path: `/k${i}`, value: 'y'.repeat(50) }]);
    await store.compact();
    expect(logged.some((line) => /could not write the snapshot \(ENOSPC/.test(line))).toBe(true);
    expect(await readdir(dir)).not.toContain('snapshot.db');
    files.clear();
    await store.commit('ns', [{ path: '/last', value: true }]);
    await store.compact();
    await store.close();
    expect(await readdir(dir)).toContain('snapshot.db');
    const tree = (await reloaded()).ns as Record<string, unknown>;
    expect(Object.keys(tree)).toHaveLength(41);
  });
});

/** Holds every commit until `release()`: the time a write spends on its way to the disk. */
class GatedPersistence extends MemoryPersistence {
  private gate: Promise<void> = new Promise(() => {});
  private open: () => void = () => {};
  /** How many of the next commits fail. */
  failures = 0;

  constructor() {
    super();
    this.hold();
  }

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  override async commit(namespace: string, ops: readonly WriteOp[]): Promise<void> {
    const copy = structuredClone(ops);
    await this.gate;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('injected failure');
    }
    await super.commit(namespace, copy);
  }
}

describe('a write on its way to the disk', () => {
  it('is not visible to reads, listeners or other writes until it is durable', async () => {
    const gated = new GatedPersistence();
    gated.release();
    const server = await startTestServer({ persistence: gated });
    const writer = sdkClient(server);
    const watcher = sdkClient(server);
    const seen: unknown[] = [];
    onValue(ref(watcher.db, 'count'), (snapshot) => seen.push(snapshot.val()));
    await set(ref(writer.db, 'count'), 1);
    await eventually(() => (seen.at(-1) === 1 ? true : undefined));

    gated.hold();
    let acknowledged = false;
    const pending = set(ref(writer.db, 'count'), 2).then(() => (acknowledged = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rest = await fetch(`${server.url}/count.json?ns=${NAMESPACE}`);
    expect(await rest.json()).toBe(1);
    expect(seen.filter((value) => value !== null)).toEqual([1]);
    expect(acknowledged).toBe(false);

    gated.release();
    await pending;
    await eventually(() => (seen.at(-1) === 2 ? true : undefined));
    expect(seen.filter((value) => value !== null)).toEqual([1, 2]);

    gated.hold();
    gated.failures = 1;
    const failed = set(ref(writer.db, 'count'), 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    gated.release();
    await expect(failed).rejects.toThrow(/unavailable/i);
    expect(await (await fetch(`${server.url}/count.json?ns=${NAMESPACE}`)).json()).toBe(2);
    expect(seen.filter((value) => value !== null)).toEqual([1, 2]);
    await Promise.all([writer.close(), watcher.close()]);
    await server.close();
  });
});

describe('a refusal that came from a write that then failed', () => {
  it('is judged again without it', async () => {
    // "b" may be written only while "a" is not set: a write of "b" just after one of "a" is refused.
    const rules = compileRules('{"rules": {".read": true, "b": {".write": "root.child(\'a\').val() !== true"}}}');
    const gated = new GatedPersistence();
    const db = new Database(gated, new Map(), rules);
    // Under enforced rules only an admin makes a namespace exist; this one is the shop's, already there.
    db.createNamespace('ns');
    gated.failures = 1;
    const first = db.write('ns', ADMIN, { kind: 'set', path: ['a'], value: true });
    const second = db.write('ns', ANONYMOUS, { kind: 'set', path: ['b'], value: 1 });
    gated.release();
    await expect(first).rejects.toThrow(/injected failure/);
    // "a" never got written, so nothing stands in the way of "b".
    expect(await second).toMatchObject({ ops: [{ path: ['b'], value: 1 }] });
    expect(db.valueAt('ns', [])).toEqual({ b: 1 });
  });
});
