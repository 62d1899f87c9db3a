import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, readdir, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDirectory, lockDirectory, unlockDirectory, writeFully } from './files';
import { encodeRecord, scanRecords } from './records';
import { encodeSnapshot, readSnapshot, writeSnapshot } from './snapshot';
import { applyNormalizedOps, applyOps, normalize } from './tree';
import type { ExportJson, Persistence, WriteOp } from './types';
import { PersistenceError } from './types';

export interface FilePersistenceOptions {
  dir: string;
  /** Receives one line per thing recovered or worth knowing (torn tail dropped, compaction failed). */
  log?: (line: string) => void;
  /** Journal bytes after which the trees are compacted into a fresh snapshot (at least the snapshot's own size,
   *  so that a large database is not rewritten for every few writes). */
  compactBytes?: number;
}

const JOURNAL_MAGIC = Buffer.from('RTDBJNL1');
const JOURNAL_NAME = /^journal-(\d{12})\.log$/;
const DEFAULT_COMPACT_BYTES = 8 * 1024 * 1024;

function journalName(generation: number): string {
  return `journal-${String(generation).padStart(12, '0')}.log`;
}

interface Batch {
  namespace: string;
  ops: WriteOp[];
  record: Buffer;
  resolve: () => void;
  reject: (error: Error) => void;
}

function isBatchPayload(payload: unknown): payload is { ns: string; ops: WriteOp[] } {
  if (typeof payload !== 'object' || payload === null) return false;
  const { ns, ops } = payload as { ns?: unknown; ops?: unknown };
  return (
    typeof ns === 'string' &&
    Array.isArray(ops) &&
    ops.every((op) => typeof op === 'object' && op !== null && typeof (op as WriteOp).path === 'string')
  );
}

/**
 * Durable storage in a directory: `snapshot.db` (every namespace's tree up to some journal generation) plus
 * `journal-<generation>.log` files of checksummed write batches. Commits append to the newest journal and share
 * one fdatasync per round (group commit). Once enough journal has piled up, the state is written as a new snapshot
 * (atomically) and the journals it covers are deleted.
 *
 * It keeps its own copy of the trees, updated exactly as batches reach the journal, so that a snapshot always
 * equals "previous snapshot + the journals it replaces", whatever order the server applies and commits writes in.
 */
export class FilePersistence implements Persistence {
  private readonly dir: string;
  private readonly log: (line: string) => void;
  private readonly compactBytes: number;
  private trees = new Map<string, ExportJson>();
  private journal: FileHandle | null = null;
  private generation = 0;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private queue: Batch[] = [];
  private working = false;
  private idle: Promise<void> = Promise.resolve();
  private compactRequested = false;
  private compaction: Promise<void> | null = null;
  private failure: Error | null = null;
  private state: 'new' | 'open' | 'closing' | 'closed' = 'new';

  constructor(options: FilePersistenceOptions) {
    this.dir = options.dir;
    this.log = options.log ?? (() => {});
    this.compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
  }

  async load(): Promise<Map<string, ExportJson>> {
    if (this.state !== 'new') throw new PersistenceError('FilePersistence.load() may run only once');
    await mkdir(this.dir, { recursive: true });
    await lockDirectory(this.dir);
    const snapshot = await readSnapshot(this.dir);
    this.trees = snapshot?.trees ?? new Map();
    const covers = snapshot?.covers ?? 0;
    const generations = (await readdir(this.dir))
      .map((name) => JOURNAL_NAME.exec(name)?.[1])
      .filter((match): match is string => match !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const live = generations.filter((generation) => generation > covers);
    live.forEach((generation, index) => {
      if (generation !== covers + 1 + index) {
        throw new PersistenceError(
          `${join(this.dir, journalName(covers + 1 + index))} is missing (the snapshot covers generation ${covers} ` +
            `and ${journalName(generation)} exists). Refusing to start rather than lose data.`,
        );
      }
    });
    for (const [index, generation] of live.entries()) {
      await this.replay(generation, index === live.length - 1);
    }
    this.generation = live.at(-1) ?? covers + 1;
    this.journal = live.length > 0 ? await open(this.journalPath(this.generation), 'a') : await this.createJournal();
    // Journals a finished snapshot already covers: a compaction was interrupted before deleting them.
    for (const generation of generations.filter((g) => g <= covers)) await rm(this.journalPath(generation));
    await fsyncDirectory(this.dir);
    this.state = 'open';
    this.snapshotBytes = snapshot?.bytes ?? 0;
    if (this.journalIsLong()) this.requestCompaction();
    return new Map([...this.trees].map(([namespace, tree]) => [namespace, structuredClone(tree)]));
  }

  attach(): void {
    // Compaction reads this object's own copy of the trees (see the class comment), not the server's.
  }

  commit(namespace: string, ops: readonly WriteOp[]): Promise<void> {
    if (this.state !== 'open') return Promise.reject(new PersistenceError(`FilePersistence is ${this.state}`));
    if (this.failure) return Promise.reject(this.failure);
    // Normalising copies the values now, so later changes to the caller's objects cannot alter the batch.
    const owned = ops.map((op) => ({ path: op.path, value: normalize(op.value) }));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ namespace, ops: owned, record: encodeRecord({ ns: namespace, ops: owned }), resolve, reject });
      this.kick();
    });
  }

  /** Writes a snapshot of everything committed so far and drops the journals it replaces. */
  async compact(): Promise<void> {
    this.requestCompaction();
    await this.idle;
    await this.compaction;
  }

  async close(): Promise<void> {
    if (this.state !== 'open') return;
    this.state = 'closing';
    await this.idle;
    await this.compaction;
    await this.journal?.close();
    this.journal = null;
    await unlockDirectory(this.dir);
    this.state = 'closed';
  }

  private journalIsLong(): boolean {
    return this.journalBytes >= Math.max(this.compactBytes, this.snapshotBytes);
  }

  private journalPath(generation: number): string {
    return join(this.dir, journalName(generation));
  }

  private async replay(generation: number, isNewest: boolean): Promise<void> {
    const path = this.journalPath(generation);
    const data = await readFile(path);
    const refuse = (offset: number, reason: string): never => {
      throw new PersistenceError(
        `journal ${path} is damaged at offset ${offset}: ${reason}. It holds acknowledged writes after that ` +
          'point, so refusing to start rather than lose them; restore the data directory from a backup.',
      );
    };
    if (data.length < JOURNAL_MAGIC.length && isNewest && JOURNAL_MAGIC.subarray(0, data.length).equals(data)) {
      // Created but never used before a crash: start it again.
      await this.rewriteHeader(path);
      return;
    }
    if (!data.subarray(0, JOURNAL_MAGIC.length).equals(JOURNAL_MAGIC)) refuse(0, 'not a journal file');
    const { records, damage } = scanRecords(data, JOURNAL_MAGIC.length);
    for (const record of records) {
      if (!isBatchPayload(record.payload)) return refuse(record.offset, 'record is not a write batch');
      const { ns, ops } = record.payload;
      this.setTree(ns, applyOps(this.trees.get(ns) ?? null, ops));
    }
    let size = data.length;
    if (damage) {
      if (!isNewest || !damage.atTail) refuse(damage.offset, damage.reason);
      size = damage.offset;
      await truncate(path, size);
      const handle = await open(path, 'r+');
      await handle.sync().finally(() => handle.close());
      this.log(
        `persistence: dropped a torn write at the end of ${path} (offset ${damage.offset}, ` +
          `${data.length - damage.offset} bytes, ${damage.reason}); it was never acknowledged`,
      );
    }
    this.journalBytes += size;
  }

  private async rewriteHeader(path: string): Promise<void> {
    const handle = await open(path, 'w');
    try {
      await writeFully(handle, JOURNAL_MAGIC);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  private async createJournal(): Promise<FileHandle> {
    const path = this.journalPath(this.generation);
    const handle = await open(path, 'wx');
    await writeFully(handle, JOURNAL_MAGIC);
    await handle.sync();
    await fsyncDirectory(this.dir);
    await handle.close();
    return open(path, 'a');
  }

  private setTree(namespace: string, tree: ExportJson): void {
    if (tree === null) this.trees.delete(namespace);
    else this.trees.set(namespace, tree);
  }

  private requestCompaction(): void {
    this.compactRequested = true;
    this.kick();
  }

  /** Runs the single worker that owns the journal handle, unless it is already running. */
  private kick(): void {
    if (this.working) return;
    this.working = true;
    this.idle = this.work();
  }

  private async work(): Promise<void> {
    try {
      // Re-checked after every await: commits arriving meanwhile join the next round.
      while (this.queue.length > 0 || this.compactRequested) {
        if (this.queue.length > 0) await this.writeRound(this.queue.splice(0));
        if (this.failure) return;
        if (this.compactRequested || (this.journalIsLong() && !this.compaction)) {
          this.compactRequested = false;
          await this.compaction;
          await this.switchJournal();
        }
      }
    } catch (error) {
      this.fail(error, this.queue.splice(0));
    } finally {
      // Cleared in the same tick as the last queue check, so a commit arriving next always starts a new worker.
      this.working = false;
    }
  }

  /** After a failed write or journal switch the journal's state is unknown: refuse everything from now on. */
  private fail(error: unknown, batches: Batch[]): void {
    this.failure = new PersistenceError(
      `writing ${this.journalPath(this.generation)} failed (${(error as Error).message}); ` +
        'no further writes are accepted',
    );
    this.log(`persistence: ${this.failure.message}`);
    for (const batch of [...batches, ...this.queue.splice(0)]) batch.reject(this.failure);
  }

  private async writeRound(batches: Batch[]): Promise<void> {
    const bytes = Buffer.concat(batches.map((batch) => batch.record));
    try {
      if (!this.journal) throw new Error('journal is not open');
      await writeFully(this.journal, bytes);
      await this.journal.datasync();
    } catch (error) {
      this.fail(error, batches);
      return;
    }
    this.journalBytes += bytes.length;
    for (const batch of batches) {
      this.setTree(batch.namespace, applyNormalizedOps(this.trees.get(batch.namespace) ?? null, batch.ops));
      batch.resolve();
    }
  }

  /**
   * Captures the trees as they stand after the journal's last round, moves writing on to a new journal, then
   * writes the snapshot in the background. Until the snapshot is renamed into place, the old snapshot plus the old
   * journal still describe everything, so a crash at any point loses nothing.
   */
  private async switchJournal(): Promise<void> {
    const covers = this.generation;
    const chunks = encodeSnapshot(covers, this.trees);
    const previous = this.journal;
    this.generation = covers + 1;
    this.journal = await this.createJournal();
    this.journalBytes = 0;
    this.snapshotBytes = chunks.reduce((total, chunk) => total + chunk.length, 0);
    await previous?.close();
    this.compaction = (async () => {
      await writeSnapshot(this.dir, chunks);
      for (let generation = covers; generation >= 1; generation--) {
        const removed = await rm(this.journalPath(generation)).then(
          () => true,
          () => false,
        );
        if (!removed) break;
      }
      await fsyncDirectory(this.dir);
    })()
      .catch((error: unknown) => {
        this.log(`persistence: compaction into a snapshot failed (${(error as Error).message}); journals kept`);
      })
      .finally(() => {
        this.compaction = null;
      });
  }
}
