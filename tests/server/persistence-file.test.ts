import { appendFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';
import { crc32 } from 'node:zlib';
import { crc32Combine, encodeRecord } from '../../server/persistence/records';
import { writeRunState } from '../../server/persistence/run-state';
import { nodeFileSystem } from '../../server/persistence/files';
import type { ExportJson } from '../../server/core/model';
import { PersistenceError } from '../../server/core/model';

let dir: string;
let logged: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-file-'));
  logged = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function open(options: { compactBytes?: number } = {}): FilePersistence {
  return new FilePersistence({ dir, log: (line) => logged.push(line), ...options });
}

async function loadObject(options: { compactBytes?: number } = {}): Promise<Record<string, ExportJson>> {
  const persistence = open(options);
  const trees = await persistence.load();
  await persistence.close();
  return Object.fromEntries(trees);
}

async function journals(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith('journal-')).sort();
}

/** As if the last run had been cut off by a crash of the machine (power loss), not stopped cleanly. */
async function crashedMachine(): Promise<void> {
  await writeRunState(dir, { running: true, boot: 'a boot before the last restart' }, nodeFileSystem);
}

async function writeThree(): Promise<void> {
  const persistence = open();
  await persistence.load();
  await persistence.commit('ns', [{ path: '/first', value: 'one' }]);
  await persistence.commit('ns', [{ path: '/second', value: 'two' }]);
  await persistence.commit('ns', [{ path: '/third', value: 'three' }]);
  await persistence.close();
}

describe('FilePersistence', () => {
  it('survives a restart with every batch applied in commit order', async () => {
    const persistence = open();
    expect(await persistence.load()).toEqual(new Map());
    await persistence.commit('a', [{ path: '/x', value: { y: 1, z: 2 } }]);
    await persistence.commit('b', [{ path: '/', value: 'root' }]);
    await persistence.commit('a', [
      { path: '/x/y', value: null },
      { path: '/w', value: true },
    ]);
    await persistence.close();
    expect(await loadObject()).toEqual({ a: { x: { z: 2 }, w: true }, b: 'root' });
    expect(logged).toEqual([]);
  });

  it('group-commits many concurrent writes, each resolved and each durable', async () => {
    const persistence = open();
    await persistence.load();
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => persistence.commit('ns', [{ path: `/items/k${i}`, value: i }])),
    );
    await persistence.close();
    const items = (await loadObject()).ns as Record<string, number>;
    expect(Object.keys((items as unknown as { items: object }).items)).toHaveLength(500);
  });

  it('drops and reports a torn last record after a crash, then keeps appending cleanly', async () => {
    await writeThree();
    await crashedMachine();
    const [journal] = await journals();
    const path = join(dir, journal as string);
    const torn = encodeRecord({ ns: 'ns', ops: [{ path: '/fourth', value: 'never acknowledged' }] });
    await appendFile(path, torn.subarray(0, torn.length - 5));

    expect(await loadObject()).toEqual({ ns: { first: 'one', second: 'two', third: 'three' } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/dropped a torn write at the end of .*journal-\d+\.log \(offset \d+/);
    expect(logged[0]).toMatch(/did not stop cleanly and the machine restarted since/);

    const persistence = open();
    await persistence.load();
    await persistence.commit('ns', [{ path: '/fifth', value: 'five' }]);
    await persistence.close();
    expect(await loadObject()).toEqual({ ns: { first: 'one', second: 'two', third: 'three', fifth: 'five' } });
    expect(logged).toHaveLength(1);
  });

  it('treats a zero-filled tail as torn after a crash of the machine', async () => {
    await writeThree();
    await crashedMachine();
    const [journal] = await journals();
    await appendFile(join(dir, journal as string), Buffer.alloc(4096));
    expect(await loadObject()).toEqual({ ns: { first: 'one', second: 'two', third: 'three' } });
    expect(logged[0]).toMatch(/torn write/);
  });

  it('refuses to load when a record in the middle is damaged, naming the file and offset', async () => {
    await writeThree();
    const [journal] = await journals();
    const path = join(dir, journal as string);
    const data = await readFile(path);
    const at = data.indexOf('"one"');
    data[at + 1] = 'X'.charCodeAt(0);
    await writeFile(path, data);

    const persistence = open();
    const failure = persistence.load();
    await expect(failure).rejects.toBeInstanceOf(PersistenceError);
    await expect(failure).rejects.toThrow(new RegExp(`journal ${path} is damaged at offset 8: checksum mismatch`));
    await expect(failure).rejects.toThrow(/--accept-data-loss/);
    // Nothing was truncated: the damaged journal is left for a human to restore.
    expect((await readFile(path)).length).toBe(data.length);
  });

  it('refuses a damaged or truncated snapshot', async () => {
    const persistence = open();
    await persistence.load();
    await persistence.commit('ns', [{ path: '/kept', value: 'in the snapshot' }]);
    await persistence.compact();
    await persistence.close();
    const path = join(dir, 'snapshot.db');
    const original = await readFile(path);

    const flipped = Buffer.from(original);
    const at = flipped.indexOf('snapshot"');
    flipped[at] = 'S'.charCodeAt(0);
    await writeFile(path, flipped);
    await expect(loadObject()).rejects.toThrow(/snapshot .*snapshot\.db is damaged at offset \d+: checksum mismatch/);

    const recordEnds = original.lastIndexOf(Buffer.from([0xff, 0x52, 0x4a, 0x31]));
    await writeFile(path, original.subarray(0, recordEnds));
    await expect(loadObject()).rejects.toThrow(/snapshot .* is damaged at offset \d+: missing end record/);

    await writeFile(path, original);
    expect(await loadObject()).toEqual({ ns: { kept: 'in the snapshot' } });
  });

  it('compacts the journal into a snapshot and keeps every write', async () => {
    const persistence = open({ compactBytes: 4096 });
    await persistence.load();
    const expected: Record<string, string> = {};
    for (let round = 0; round < 20; round++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const key = `k${(round * 7 + i) % 50}`;
          expected[key] = `value ${round}-${i} ${'x'.repeat(40)}`;
          return persistence.commit('ns', [{ path: `/${key}`, value: expected[key] }]);
        }),
      );
    }
    await persistence.close();
    const names = await readdir(dir);
    expect(names).toContain('snapshot.db');
    // Covered journals are deleted: what is left is the newest generation or two, not one per compaction.
    expect((await journals()).length).toBeLessThanOrEqual(2);
    expect(Number((await journals()).at(-1)?.slice(8, 20))).toBeGreaterThan(2);
    expect(await loadObject()).toEqual({ ns: expected });
  });

  it('lets the journal grow to the size of the snapshot before compacting again', async () => {
    const persistence = open({ compactBytes: 1024 });
    await persistence.load();
    const generation = async (): Promise<number> => Number((await journals()).at(-1)?.slice(8, 20));
    await persistence.commit('ns', [{ path: '/big', value: 'x'.repeat(50_000) }]);
    await persistence.compact();
    const afterBigWrite = await generation();
    for (let i = 0; i < 20; i++) await persistence.commit('ns', [{ path: `/small/k${i}`, value: i }]);
    expect(await generation()).toBe(afterBigWrite);
    await persistence.commit('ns', [{ path: '/big2', value: 'y'.repeat(60_000) }]);
    await persistence.commit('ns', [{ path: '/after', value: true }]);
    expect(await generation()).toBeGreaterThan(afterBigWrite);
    await persistence.close();
    const tree = (await loadObject()).ns as Record<string, unknown>;
    expect(Object.keys(tree).sort()).toEqual(['after', 'big', 'big2', 'small']);
  });

  it('recovers from a compaction interrupted before or after the snapshot rename', async () => {
    const persistence = open();
    await persistence.load();
    await persistence.commit('ns', [{ path: '/a', value: 1 }]);
    await persistence.compact();
    await persistence.commit('ns', [{ path: '/b', value: 2 }]);
    await persistence.close();
    const [journal] = await journals();
    // A half-written snapshot from a later compaction, and a covered journal that was never deleted.
    await writeFile(join(dir, 'snapshot.db.tmp'), 'half a snapshot');
    await writeFile(join(dir, 'journal-000000000001.log'), 'stale, already covered by the snapshot');
    expect(journal).not.toBe('journal-000000000001.log');

    expect(await loadObject()).toEqual({ ns: { a: 1, b: 2 } });
    expect(await readdir(dir)).not.toContain('snapshot.db.tmp');
    expect(await journals()).toEqual([journal]);
  });

  it('refuses when a journal generation is missing', async () => {
    const persistence = open();
    await persistence.load();
    await persistence.commit('ns', [{ path: '/a', value: 1 }]);
    await persistence.close();
    await writeFile(join(dir, 'journal-000000000003.log'), 'RTDBJNL1');
    await expect(loadObject()).rejects.toThrow(/journal-000000000002\.log is missing/);
  });

  it('rejects commits after close', async () => {
    const persistence = open();
    await persistence.load();
    await persistence.close();
    await expect(persistence.commit('ns', [{ path: '/a', value: 1 }])).rejects.toBeInstanceOf(PersistenceError);
  });
});

describe('crc32Combine', () => {
  it('gives the CRC32 of two pieces one after the other from theirs, for any lengths', () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));
    for (const [cut, end] of [
      [0, 0],
      [0, 5],
      [5, 5],
      [1, 2],
      [3, 1000],
      [999, 70_000],
      [65_537, 70_000],
    ] as const) {
      const a = bytes.subarray(0, cut);
      const b = bytes.subarray(cut, end);
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(bytes.subarray(0, end)));
    }
  });
});
