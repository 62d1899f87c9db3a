import { cp, mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFileSystem } from '../../server/persistence/files';
import { FilePersistence } from '../../server/persistence/journal';
import { currentBoot, writeRunState } from '../../server/persistence/run-state';
import type { ExportJson } from '../../server/core/model';

let dir: string;
let logged: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-damage-'));
  logged = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MARKER = Buffer.from([0xff, 0x52, 0x4a, 0x31]);

async function load(acceptDataLoss = false): Promise<Record<string, ExportJson>> {
  const persistence = new FilePersistence({ dir, log: (line) => logged.push(line), acceptDataLoss });
  const trees = await persistence.load();
  await persistence.close();
  return Object.fromEntries(trees);
}

async function journals(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => /^journal-\d+\.log$/.test(name)).sort();
}

async function newestJournal(): Promise<string> {
  return join(dir, (await journals()).at(-1) as string);
}

/** Acknowledged writes k0…k(n-1), optionally with a compaction after the first half; stopped cleanly. */
async function acknowledged(count: number, compactHalfway = false): Promise<void> {
  const persistence = new FilePersistence({ dir });
  await persistence.load();
  for (let i = 0; i < count; i++) {
    await persistence.commit('ns', [{ path: `/k${i}`, value: i }]);
    if (compactHalfway && i === Math.floor(count / 2) - 1) await persistence.compact();
  }
  await persistence.close();
}

/** As if the server had been killed (kill -9) while the machine kept running. */
async function killed(): Promise<void> {
  await writeRunState(dir, { running: true, boot: await currentBoot() }, nodeFileSystem);
}

describe('a data directory that lost or damaged acknowledged writes', () => {
  it('refuses to start when the newest journal was deleted after a compaction', async () => {
    await acknowledged(6, true);
    expect(await readdir(dir)).toContain('snapshot.db');
    const newest = await newestJournal();
    await rm(newest);
    await expect(load()).rejects.toThrow(
      new RegExp(`journal ${newest} is missing: it is the journal after the snapshot of generation 1`),
    );
  });

  it('refuses to start when the only journal was deleted and there is no snapshot', async () => {
    await acknowledged(3);
    const only = await newestJournal();
    await rm(only);
    await expect(load()).rejects.toThrow(new RegExp(`journal ${only} is missing: it is the first journal`));
  });

  it('refuses a journal cut short after a clean stop, at a record boundary or inside a record', async () => {
    await acknowledged(3);
    const journal = await newestJournal();
    const data = await readFile(journal);
    const lastRecord = data.lastIndexOf(MARKER);
    await truncate(journal, lastRecord);
    await expect(load()).rejects.toThrow(
      new RegExp(
        `journal ${journal} is cut short: ${lastRecord} bytes, but ${data.length} when the server last ` +
          'stopped cleanly; .*acknowledged writes up to record 3, are missing',
      ),
    );
    await truncate(journal, lastRecord + 5);
    await expect(load()).rejects.toThrow(new RegExp(`journal ${journal} is damaged at offset ${lastRecord}`));
  });

  it('refuses a flipped byte in the last complete record, after a clean stop or a kill', async () => {
    await acknowledged(3);
    const journal = await newestJournal();
    const data = await readFile(journal);
    const at = data.lastIndexOf('/k2') + 1;
    data.writeUInt8(data.readUInt8(at) ^ 0x01, at);
    await writeFile(journal, data);
    await expect(load()).rejects.toThrow(
      new RegExp(`journal ${journal} is damaged at offset \\d+: checksum mismatch \\(the server stopped cleanly`),
    );
    await killed();
    await expect(load()).rejects.toThrow(/checksum mismatch \(the server was killed but the machine kept running/);
    expect(logged).toEqual([]);
  });

  it('refuses records missing from the middle (numbered records)', async () => {
    await acknowledged(4);
    const journal = await newestJournal();
    const data = await readFile(journal);
    const starts: number[] = [];
    for (let at = data.indexOf(MARKER); at !== -1; at = data.indexOf(MARKER, at + 1)) starts.push(at);
    // Cut out the second record exactly: every remaining record checks out on its own.
    await writeFile(journal, Buffer.concat([data.subarray(0, starts[1]), data.subarray(starts[2])]));
    await killed();
    await expect(load()).rejects.toThrow(/continues at offset \d+ with record 3 after record 1: records 2 to 2/);
  });

  it('drops only a record cut off by a kill, and says truthfully what it was', async () => {
    await acknowledged(3);
    const journal = await newestJournal();
    const { size } = await stat(journal);
    // A record header cut off after 6 of its 12 bytes, as a short write leaves it.
    await writeFile(journal, Buffer.concat([await readFile(journal), MARKER, Buffer.from([40, 0])]));
    await killed();
    expect(await load()).toEqual({ ns: { k0: 0, k1: 1, k2: 2 } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(
      `the server was killed (the machine kept running); dropped the cut-off record at the end of ${journal}`,
    );
    expect(logged[0]).toMatch(new RegExp(`offset ${size}, 6 bytes.*every record up to record 3 is intact`));
    expect(logged[0]).toMatch(/if the server was killed while writing it, it was never acknowledged/i);
  });

  it('after a kill and a cut from outside into an acknowledged record, does not call what it dropped unacknowledged', async () => {
    // Issue 30, break 5: k2 was acknowledged (its record complete on disk); then the server was killed and
    // something outside cut the journal inside that record. The start-up cannot tell that from a write cut off by
    // the kill, so it must say both, and what is known: which records are intact.
    await acknowledged(3);
    const journal = await newestJournal();
    const data = await readFile(journal);
    const lastRecord = data.lastIndexOf(MARKER);
    await truncate(journal, lastRecord + 5);
    await killed();
    expect(await load()).toEqual({ ns: { k0: 0, k1: 1 } });
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toMatch(/: the write in progress, never acknowledged/);
    expect(logged[0]).toContain(`dropped the cut-off record at the end of ${journal} (offset ${lastRecord}, 5 bytes`);
    expect(logged[0]).toMatch(/every record up to record 2 is intact/);
    expect(logged[0]).toMatch(/if the server was killed while writing it, it was never acknowledged/i);
    expect(logged[0]).toMatch(
      /if the file was cut short by anything else.*acknowledged writes from record 3 on are lost/,
    );
  });

  it('starts anyway with --accept-data-loss, keeping what is intact and setting the rest aside', async () => {
    await acknowledged(3);
    const journal = await newestJournal();
    const data = await readFile(journal);
    const lastRecord = data.lastIndexOf(MARKER);
    await truncate(journal, lastRecord + 5);
    expect(await load(true)).toEqual({ ns: { k0: 0, k1: 1 } });
    expect(logged.join('\n')).toMatch(/is damaged at offset .*starting anyway \(--accept-data-loss\)/);
    expect(await readdir(dir)).toContain(`${(await journals())[0]}.damaged`);
    // From then on the directory is consistent again: a normal start works and keeps new writes.
    const persistence = new FilePersistence({ dir });
    await persistence.load();
    await persistence.commit('ns', [{ path: '/after', value: true }]);
    await persistence.close();
    expect(await load()).toEqual({ ns: { k0: 0, k1: 1, after: true } });
  });

  it('starts anyway with --accept-data-loss when the newest journal is gone', async () => {
    await acknowledged(6, true);
    await rm(await newestJournal());
    expect(await load(true)).toEqual({ ns: { k0: 0, k1: 1, k2: 2 } });
    expect(await load()).toEqual({ ns: { k0: 0, k1: 1, k2: 2 } });
  });
});

/**
 * What a kill -9 leaves after `count` acknowledged writes (optionally with a compaction after the first half): the
 * directory as it stands while the server still runs, every acknowledged write synced.
 */
async function killedAfter(count: number, compactHalfway = false): Promise<void> {
  const live = await mkdtemp(join(tmpdir(), 'persistence-damage-live-'));
  try {
    const persistence = new FilePersistence({ dir: live });
    await persistence.load();
    for (let i = 0; i < count; i++) {
      await persistence.commit('ns', [{ path: `/k${i}`, value: i }]);
      if (compactHalfway && i === Math.floor(count / 2) - 1) await persistence.compact();
    }
    await cp(live, dir, { recursive: true });
    await persistence.close();
  } finally {
    await rm(live, { recursive: true, force: true });
  }
}

describe('a newest journal emptied or deleted (issue 22)', () => {
  it('refuses an emptied newest journal after a clean stop, with or without a snapshot before it', async () => {
    await acknowledged(50);
    const journal = await newestJournal();
    const { size } = await stat(journal);
    await truncate(journal, 0);
    await expect(load()).rejects.toThrow(
      new RegExp(`journal ${journal} is cut short: 0 bytes, but ${size} .*acknowledged writes up to record 50`),
    );
    await rm(dir, { recursive: true });
    await acknowledged(6, true);
    await truncate(await newestJournal(), 0);
    await expect(load()).rejects.toThrow(/is cut short: 0 bytes, .*up to record 6, are missing/);
    expect(logged).toEqual([]);
  });

  it('refuses an emptied newest journal after a kill, once the run had written to it', async () => {
    await killedAfter(50);
    const journal = await newestJournal();
    await truncate(journal, 0);
    await expect(load()).rejects.toThrow(
      new RegExp(`journal ${journal} is empty, but the server recorded while it ran that it held acknowledged writes`),
    );
    await rm(dir, { recursive: true });
    await killedAfter(6, true);
    // Only the magic bytes left: every record gone, as good as empty.
    await truncate(await newestJournal(), 8);
    await expect(load()).rejects.toThrow(/holds no records, but the server recorded while it ran/);
    expect(logged).toEqual([]);
  });

  it('refuses a deleted newest journal that the last run recorded as holding writes', async () => {
    await acknowledged(3);
    // The state a run leaves when killed after writing records 4 and 5 to journal 2, which is gone now.
    await writeRunState(
      dir,
      { running: true, boot: await currentBoot(), held: { generation: 2, seq: 5 } },
      nodeFileSystem,
    );
    const missing = join(dir, 'journal-000000000002.log');
    await expect(load()).rejects.toThrow(
      new RegExp(`journal ${missing} is missing: the server recorded while it ran that it held acknowledged writes`),
    );
  });

  it('starts with an emptied newest journal that held no writes (a journal being created when killed)', async () => {
    await acknowledged(0);
    await truncate(await newestJournal(), 0);
    expect(await load()).toEqual({});
    await killedAfter(0);
    await truncate(await newestJournal(), 3);
    expect(await load()).toEqual({});
  });

  it('starts anyway with --accept-data-loss, setting the emptied journal aside', async () => {
    await killedAfter(6, true);
    const journal = await newestJournal();
    await truncate(journal, 0);
    expect(await load(true)).toEqual({ ns: { k0: 0, k1: 1, k2: 2 } });
    expect(await readdir(dir)).toContain(`${journal.split('/').at(-1)}.damaged`);
    expect(await load()).toEqual({ ns: { k0: 0, k1: 1, k2: 2 } });
  });
});
