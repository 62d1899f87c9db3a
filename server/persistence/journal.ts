/*
 * Over 400 lines: the journal's writing and its recovery must agree on the record format and the order of fsyncs,
 * so both are in one module (docs/local-database-durability.md).
 */
import { join } from 'node:path';
import {
  changeSynced,
  type FileHandlePort,
  type FileSystemPort,
  fsyncDirectory,
  nodeFileSystem,
  writeFileAtomic,
  writeFully,
} from './files';
import { type DirectoryLock, lockDirectory } from './lock';
import { encodeRecord, encodeRecordInSlices, type PayloadPiece, scanRecords } from './records';
import { clearRunState, currentBoot, type HeldRecords, readRunState, type RunState, writeRunState } from './run-state';
import { encodeSnapshot, readSnapshot, writeSnapshot } from './snapshot';
import { applyNormalizedOps, applyOps, ownedOps } from './tree';
import type { ExportJson, Persistence, WriteOp } from '../core/model';
import { PersistenceError } from '../core/model';

export interface FilePersistenceOptions {
  dir: string;
  /** Receives one line per thing recovered or worth knowing (torn tail dropped, a write or compaction failed). */
  log?: (line: string) => void;
  /** Journal bytes after which the trees are compacted into a fresh snapshot (at least the snapshot's own size,
   *  so that a large database is not rewritten for every few writes). */
  compactBytes?: number;
  /** How long after a failed compaction (disk full, out of file handles) the next one is tried. */
  compactionRetryMs?: number;
  /** Start even when journals are missing or damaged: keep what is intact before the first problem, set the rest
   *  aside as `*.damaged` files and log what was lost. Without it such a directory is refused. */
  acceptDataLoss?: boolean;
  /** The file system (tests pass one that fails on cue). */
  files?: FileSystemPort;
}

const JOURNAL_MAGIC = Buffer.from('RTDBJNL1');
const JOURNAL_NAME = /^journal-(\d{12})\.log$/;
const DEFAULT_COMPACT_BYTES = 8 * 1024 * 1024;
const DEFAULT_COMPACTION_RETRY_MS = 5000;

function journalName(generation: number): string {
  return `journal-${String(generation).padStart(12, '0')}.log`;
}

interface Batch {
  namespace: string;
  ops: WriteOp[];
  resolve: () => void;
  reject: (error: Error) => void;
}

/** A journal record's payload; `seq` numbers records across journals (absent in journals of older versions). */
interface BatchPayload {
  seq?: number;
  ns: string;
  ops: WriteOp[];
}

function isBatchPayload(payload: unknown): payload is BatchPayload {
  if (typeof payload !== 'object' || payload === null) return false;
  const { seq, ns, ops } = payload as { seq?: unknown; ns?: unknown; ops?: unknown };
  return (
    (seq === undefined || Number.isInteger(seq)) &&
    typeof ns === 'string' &&
    Array.isArray(ops) &&
    ops.every((op) => typeof op === 'object' && op !== null && typeof (op as WriteOp).path === 'string')
  );
}

const LARGE_ROUND_BYTES = 1024 * 1024;

/**
 * A batch's journal record. Values whose JSON the writer handed over (big REST bodies, see core/json-slices.ts)
 * are written as they are, with the CRC the writer computed (so the round never reads them); the text equals
 * JSON.stringify's.
 */
async function encodeBatch(seq: number, batch: Batch): Promise<Buffer[]> {
  if (!batch.ops.some((op) => op.json)) return [encodeRecord({ seq, ns: batch.namespace, ops: batch.ops })];
  const text = (value: string): PayloadPiece => ({ bytes: Buffer.from(value) });
  const payload: PayloadPiece[] = [text(`{"seq":${seq},"ns":${JSON.stringify(batch.namespace)},"ops":[`)];
  for (const [index, op] of batch.ops.entries()) {
    payload.push(text(`${index === 0 ? '' : ','}{"path":${JSON.stringify(op.path)},"value":`));
    payload.push(op.json ? { bytes: op.json, crc: op.jsonCrc } : text(JSON.stringify(op.value)), text('}'));
  }
  payload.push(text(']}'));
  return encodeRecordInSlices(payload);
}

/** A journal that state.json says held acknowledged records; `clean`: recorded at a clean stop, not while running. */
interface Vouched extends HeldRecords {
  clean: boolean;
}

/** What state.json says about a journal's records (a clean stop's journal of only its header held none). */
function vouchedBy(state: RunState | null): Vouched | null {
  if (state === null) return null;
  if (state.running) return state.held ? { ...state.held, clean: false } : null;
  return state.bytes > JOURNAL_MAGIC.length ? { generation: state.generation, seq: state.seq, clean: true } : null;
}

function vouchedWrites(vouched: Vouched): string {
  return vouched.clean
    ? `the server recorded at its last clean stop that it held acknowledged writes up to record ${vouched.seq}`
    : `the server recorded while it ran that it held acknowledged writes up to at least record ${vouched.seq}`;
}

/** Something in the directory that means acknowledged writes are missing or damaged. */
interface Problem {
  generation: number;
  offset: number;
  /** Completes "journal <path> …", saying what is wrong, where, and what is lost. */
  what: string;
}

/**
 * Durable storage in a directory: `snapshot.db` (every namespace's tree up to some journal generation) plus
 * `journal-<generation>.log` files of checksummed, numbered write batches, and `state.json` saying how the last
 * run ended. Commits made in the same tick are appended together and share one fdatasync (group commit); a round
 * that fails is cut off the journal again, so it is never replayed, and the next round simply tries again. Once
 * enough journal has piled up, a new journal is started and the state is written as a new snapshot (atomically),
 * after which the journals it covers are deleted; a compaction that fails is retried later.
 *
 * It keeps its own copy of the trees, updated exactly as batches reach the journal, so that a snapshot always
 * equals "previous snapshot + the journals it replaces", whatever the server does with its own.
 */
export class FilePersistence implements Persistence {
  private readonly dir: string;
  private readonly log: (line: string) => void;
  private readonly compactBytes: number;
  private readonly compactionRetryMs: number;
  private readonly acceptDataLoss: boolean;
  private readonly files: FileSystemPort;
  private trees = new Map<string, ExportJson>();
  private journal: FileHandlePort | null = null;
  private generation = 0;
  /** Length of the newest journal's acknowledged content: where a failed round is cut back to. */
  private journalSize = 0;
  /** True while bytes of a failed round may still sit after journalSize. */
  private dirtyTail = false;
  /** Journal bytes written since the last snapshot. */
  private journalBytes = 0;
  private snapshotBytes = 0;
  /** Sequence number of the last durable record; null while unknown (journals of older versions). */
  private seq: number | null = 0;
  private queue: Batch[] = [];
  private working = false;
  private idle: Promise<void> = Promise.resolve();
  private compactRequested = false;
  private compaction: Promise<void> | null = null;
  /** While a snapshot is being encoded from `trees`: the batches made durable meanwhile, applied to them after. */
  private heldBack: Batch[] | null = null;
  private compactionBlockedUntil = 0;
  private failing = false;
  private state: 'new' | 'open' | 'closing' | 'closed' = 'new';
  private lock: DirectoryLock | null = null;
  private boot = '';
  /** The journal generation that state.json says holds acknowledged records (see HeldRecords); null for none. */
  private vouchedGeneration: number | null = null;

  constructor(options: FilePersistenceOptions) {
    this.dir = options.dir;
    this.log = options.log ?? (() => {});
    this.compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
    this.compactionRetryMs = options.compactionRetryMs ?? DEFAULT_COMPACTION_RETRY_MS;
    this.acceptDataLoss = options.acceptDataLoss ?? false;
    this.files = options.files ?? nodeFileSystem;
  }

  async load(): Promise<Map<string, ExportJson>> {
    if (this.state !== 'new') throw new PersistenceError('FilePersistence.load() may run only once');
    await this.files.mkdir(this.dir, { recursive: true });
    this.lock = await lockDirectory(this.dir);
    try {
      await this.recover();
    } catch (error) {
      await this.journal?.close().catch(() => {});
      await this.lock.release();
      this.lock = null;
      throw error;
    }
    this.state = 'open';
    if (this.journalIsLong()) this.requestCompaction();
    return new Map([...this.trees].map(([namespace, tree]) => [namespace, structuredClone(tree)]));
  }

  attach(): void {
    // Compaction reads this object's own copy of the trees (see the class comment), not the server's.
  }

  commit(namespace: string, ops: readonly WriteOp[]): Promise<void> {
    if (this.state !== 'open') return Promise.reject(new PersistenceError(`FilePersistence is ${this.state}`));
    // Normalising copies the values now, so later changes to the caller's objects cannot alter the batch.
    const owned = ownedOps(ops);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ namespace, ops: owned, resolve, reject });
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
    if (this.dirtyTail) await this.cutTail();
    await this.journal?.close().catch(() => {});
    this.journal = null;
    if (!this.dirtyTail && this.seq !== null) {
      const stopped: RunState = { running: false, generation: this.generation, bytes: this.journalSize, seq: this.seq };
      await writeRunState(this.dir, stopped, this.files).catch((error: unknown) => {
        this.log(`persistence: could not record the clean shutdown (${(error as Error).message})`);
      });
    }
    await this.lock?.release();
    this.lock = null;
    this.state = 'closed';
  }

  private journalIsLong(): boolean {
    return this.journalBytes >= Math.max(this.compactBytes, this.snapshotBytes);
  }

  private journalPath(generation: number): string {
    return join(this.dir, journalName(generation));
  }

  /** Reads the snapshot and replays the journals after it, then opens the newest journal for appending. */
  private async recover(): Promise<void> {
    const previous = await readRunState(this.dir, this.files);
    const vouched = vouchedBy(previous);
    this.boot = await currentBoot();
    const snapshot = await readSnapshot(this.dir, this.files);
    this.trees = snapshot?.trees ?? new Map();
    this.snapshotBytes = snapshot?.bytes ?? 0;
    this.seq = snapshot ? snapshot.seq : 0;
    const covers = snapshot?.covers ?? 0;
    const generations = (await this.files.readdir(this.dir))
      .map((name) => JOURNAL_NAME.exec(name)?.[1])
      .filter((match): match is string => match !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const live = generations.filter((generation) => generation > covers);
    const present = live.filter((generation, index) => generation === covers + 1 + index);
    const expectedNext = covers + 1 + present.length;
    // The journal after a snapshot is created before the snapshot is written, and state.json only after the first
    // journal: either one without a journal after it means journals were deleted. So does a journal that state.json
    // says held writes, past the snapshot, when it is not there.
    const vouchedMissing = vouched !== null && vouched.generation > covers && !present.includes(vouched.generation);
    const missing =
      present.length < live.length || (live.length === 0 && (snapshot !== null || previous !== null)) || vouchedMissing;
    let accepted: Problem | null = null;
    for (const [index, generation] of present.entries()) {
      const isNewest = index === present.length - 1 && !missing;
      const problem = await this.replay(generation, isNewest, previous, vouched);
      if (problem) {
        accepted = await this.problem(problem, [...present.slice(index + 1), ...live.slice(present.length)]);
        break;
      }
    }
    if (!accepted && missing) {
      const why = live.length > 0 && vouched ? vouchedWrites(vouched) : undefined;
      const problem = { generation: expectedNext, offset: 0, what: this.missingJournal(covers, why) };
      accepted = await this.problem(problem, live.slice(present.length));
    }
    if (accepted) {
      // Carry on in a fresh journal right after what was kept.
      this.generation = accepted.offset > 0 ? accepted.generation + 1 : accepted.generation;
      this.journal = await this.createJournal(this.generation);
      this.journalSize = JOURNAL_MAGIC.length;
    } else if (present.length > 0) {
      this.generation = present.at(-1) as number;
      this.journal = await this.files.open(this.journalPath(this.generation), 'a');
    } else {
      this.generation = expectedNext;
      this.journal = await this.createJournal(this.generation);
      this.journalSize = JOURNAL_MAGIC.length;
    }
    // Journals a finished snapshot already covers: a compaction was interrupted before deleting them.
    for (const generation of generations.filter((g) => g <= covers)) await this.files.rm(this.journalPath(generation));
    // Until this run ends cleanly, a later start must treat the journal's end as possibly torn.
    await clearRunState(this.dir, this.files);
    const holdsRecords = this.journalSize > JOURNAL_MAGIC.length && this.seq !== null;
    await this.recordRun(
      holdsRecords ? { generation: this.generation, seq: this.seq ?? 0 } : undefined,
      "this run's start",
    );
    if (this.seq === null) this.seq = 0;
  }

  /**
   * Writes state.json for a running server, saying which journal holds acknowledged records (`held`), so that a
   * start after a kill refuses a journal found emptied or deleted. Failing to write it loses no data, only that
   * check for this journal; it is logged.
   */
  private async recordRun(held: HeldRecords | undefined, what: string): Promise<void> {
    try {
      await writeRunState(this.dir, { running: true, boot: this.boot, ...(held && { held }) }, this.files);
    } catch (error) {
      this.log(`persistence: could not record ${what} (${(error as Error).message})`);
    }
    if (held) this.vouchedGeneration = held.generation;
  }

  private missingJournal(covers: number, vouched?: string): string {
    if (vouched !== undefined) return `is missing: ${vouched}`;
    const after = covers === 0 ? 'the first journal' : `the journal after the snapshot of generation ${covers}`;
    return (
      `is missing: it is ${after}, and a journal is created before anything that ` +
      'refers to it, so the writes it held are lost'
    );
  }

  /** Refuses to start, or with acceptDataLoss sets `later` journals aside and returns the problem it accepted. */
  private async problem(problem: Problem, later: readonly number[]): Promise<Problem> {
    const text = `journal ${this.journalPath(problem.generation)} ${problem.what}`;
    if (!this.acceptDataLoss) {
      throw new PersistenceError(
        `${text}. Refusing to start rather than lose acknowledged writes: restore the data directory from a ` +
          'backup, or start with --accept-data-loss to keep what is intact before this point (the rest is ' +
          'set aside as *.damaged files).',
      );
    }
    const path = this.journalPath(problem.generation);
    const data = await this.files.readFile(path).catch(() => null);
    if (data && problem.offset > 0) {
      await writeFileAtomic(`${path}.damaged`, [data], this.dir, this.files);
      await this.cutFile(path, problem.offset);
    } else if (data) {
      await this.files.rename(path, `${path}.damaged`);
    }
    for (const generation of later) {
      await this.files.rename(this.journalPath(generation), `${this.journalPath(generation)}.damaged`);
    }
    await fsyncDirectory(this.dir, this.files);
    this.log(`persistence: ${text}; starting anyway (--accept-data-loss): what follows was set aside as *.damaged`);
    return problem;
  }

  /** Applies one journal's records; returns what is wrong with it, after applying everything before that. */
  private async replay(
    generation: number,
    isNewest: boolean,
    previous: RunState | null,
    vouched: Vouched | null,
  ): Promise<Problem | null> {
    const path = this.journalPath(generation);
    let data = await this.files.readFile(path);
    const stopped = isNewest && previous && !previous.running && previous.generation === generation ? previous : null;
    const vouchedHere = vouched?.generation === generation ? vouched : null;
    const shortfall: Problem | null =
      stopped && vouchedHere && data.length < stopped.bytes
        ? {
            generation,
            offset: data.length,
            what:
              `is cut short: ${data.length} bytes, but ${stopped.bytes} when the server ` +
              `last stopped cleanly; the last ${stopped.bytes - data.length} bytes, with acknowledged writes up to ` +
              `record ${stopped.seq}, are missing`,
          }
        : null;
    if (stopped && data.length > stopped.bytes) {
      // Only a failed round that could not be cut off before the stop ends up here: never acknowledged.
      this.log(
        `persistence: dropped ${data.length - stopped.bytes} bytes at the end of ${path} (offset ${stopped.bytes}) ` +
          'written after the end recorded at the last clean stop: writes that failed, never acknowledged',
      );
      await this.cutFile(path, stopped.bytes);
      data = data.subarray(0, stopped.bytes);
    }
    if (data.length < JOURNAL_MAGIC.length && isNewest && JOURNAL_MAGIC.subarray(0, data.length).equals(data)) {
      // Emptied (or cut inside its header) after holding writes: refused like any other loss.
      if (vouchedHere)
        return shortfall ?? this.unvouched(generation, 0, data.length === 0 ? 'is empty' : null, vouchedHere);
      // Created but never used before a crash: start it again.
      await this.rewriteHeader(path);
      this.journalSize = JOURNAL_MAGIC.length;
      return null;
    }
    if (!data.subarray(0, JOURNAL_MAGIC.length).equals(JOURNAL_MAGIC)) {
      return { generation, offset: 0, what: 'is not a journal file' };
    }
    const { records, damage } = scanRecords(data, JOURNAL_MAGIC.length);
    for (const record of records) {
      const payload = record.payload;
      if (!isBatchPayload(payload)) {
        const what = `holds a record at offset ${record.offset} that is not a write batch`;
        return { generation, offset: record.offset, what };
      }
      if (payload.seq !== undefined) {
        if (this.seq !== null && payload.seq !== this.seq + 1) {
          const what =
            `continues at offset ${record.offset} with record ${payload.seq} after record ${this.seq}: ` +
            `records ${this.seq + 1} to ${payload.seq - 1} are missing`;
          return { generation, offset: record.offset, what };
        }
        this.seq = payload.seq;
      }
      this.setTree(payload.ns, applyOps(this.trees.get(payload.ns) ?? null, payload.ops));
    }
    let size = data.length;
    // Records the last run made durable before it recorded them in state.json are gone: loss, not a torn write.
    if (vouchedHere && !vouchedHere.clean && this.seq !== null && this.seq < vouchedHere.seq) {
      const end = damage?.offset ?? data.length;
      return this.unvouched(
        generation,
        end,
        records.length === 0 ? null : `ends with record ${this.seq} at offset ${end}`,
        vouchedHere,
      );
    }
    if (damage) {
      const sameBoot = previous?.running === true && previous.boot === this.boot;
      const mayBeTorn = isNewest && damage.atTail && !stopped && (!sameBoot || damage.incomplete);
      if (!mayBeTorn) {
        const why = stopped
          ? `the server stopped cleanly last time with this journal at ${stopped.bytes} bytes, so nothing may be torn`
          : sameBoot && damage.atTail && isNewest
            ? 'the server was killed but the machine kept running, so its last write can only be cut short, ' +
              'not garbled'
            : 'intact records follow it, or later journals do';
        const what = `is damaged at offset ${damage.offset}: ${damage.reason} (${why})`;
        return { generation, offset: damage.offset, what };
      }
      size = damage.offset;
      await this.cutFile(path, size);
      // What is known, and no more: a kill cuts off only the write in progress (never acknowledged), but the same
      // cut made from outside (a truncation, a copy that stopped early) loses acknowledged writes, and the file
      // cannot tell the two apart (docs/local-database-durability.md#kill--9-a-crash-a-power-cut).
      const dropped = `(offset ${damage.offset}, ${data.length - damage.offset} bytes, ${damage.reason})`;
      const known =
        `${this.seq === null ? 'no numbered record before it' : `every record up to record ${this.seq}`} is intact. ` +
        `If the server was killed while writing it, it was never acknowledged (a write is acknowledged only once ` +
        `its record is complete on disk); if the file was cut short by anything else, ` +
        `acknowledged writes from record ${this.seq === null ? 'the first' : this.seq + 1} on are lost: ` +
        'restore them from a backup';
      this.log(
        sameBoot
          ? `persistence: the server was killed (the machine kept running); dropped the cut-off record at the end ` +
              `of ${path} ${dropped}: ${known}`
          : `persistence: dropped a torn write at the end of ${path} ${dropped}: the server did not stop cleanly` +
              `${previous ? ' and the machine restarted since' : ''}, which can tear the write in progress; ${known}`,
      );
    }
    this.journalBytes += size;
    this.journalSize = size;
    return shortfall;
  }

  /** A journal that holds fewer records than state.json vouched for; `found` says what it holds (null: none). */
  private unvouched(generation: number, offset: number, found: string | null, vouched: Vouched): Problem {
    const what = `${found ?? 'holds no records'}, but ${vouchedWrites(vouched)}; they are lost`;
    return { generation, offset, what };
  }

  private async cutFile(path: string, size: number): Promise<void> {
    await changeSynced(this.files, path, 'r+', (handle) => handle.truncate(size));
  }

  private async rewriteHeader(path: string): Promise<void> {
    await changeSynced(this.files, path, 'w', (handle) => writeFully(handle, JOURNAL_MAGIC));
  }

  /** A new, empty journal, durable in the directory before anything refers to it; on failure, none at all. */
  private async createJournal(generation: number): Promise<FileHandlePort> {
    const path = this.journalPath(generation);
    try {
      // 'w': a leftover of an earlier failed attempt at this generation holds no records.
      await this.rewriteHeader(path);
      await fsyncDirectory(this.dir, this.files);
      return await this.files.open(path, 'a');
    } catch (error) {
      await this.files.rm(path, { force: true }).catch(() => {});
      throw error;
    }
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
    // Started a tick later, so that every commit of the caller's current tick joins the first round.
    this.idle = Promise.resolve().then(() => this.work());
  }

  private async work(): Promise<void> {
    try {
      // Re-checked after every await: commits arriving meanwhile join the next round.
      while (this.queue.length > 0 || this.compactRequested) {
        if (this.queue.length > 0) await this.writeRound(this.queue.splice(0));
        const due = this.journalIsLong() && !this.compaction && Date.now() >= this.compactionBlockedUntil;
        if (this.compactRequested || due) {
          this.compactRequested = false;
          await this.compaction;
          await this.switchJournal();
        }
      }
    } finally {
      // Cleared in the same tick as the last queue check, so a commit arriving next always starts a new worker.
      this.working = false;
    }
  }

  /** Appends one round and syncs it; a round that fails is cut off again and every batch in it rejected. */
  private async writeRound(batches: Batch[]): Promise<void> {
    const firstSeq = (this.seq ?? 0) + 1;
    const records: Buffer[] = [];
    for (const [index, batch] of batches.entries()) records.push(...(await encodeBatch(firstSeq + index, batch)));
    const length = records.reduce((total, record) => total + record.length, 0);
    // Small rounds (the common case) go in one write; big ones piece by piece rather than copied together first.
    const pieces = length < LARGE_ROUND_BYTES ? [Buffer.concat(records)] : records;
    try {
      if (!this.journal) throw new Error('journal is not open');
      if (this.dirtyTail && !(await this.cutTail())) throw new Error('the end of a failed write could not be cut off');
      this.dirtyTail = true;
      for (const piece of pieces) await writeFully(this.journal, piece);
      await this.journal.datasync();
      this.dirtyTail = false;
    } catch (error) {
      if (this.dirtyTail) await this.cutTail();
      const failure = new PersistenceError(
        `writing ${this.journalPath(this.generation)} failed (${(error as Error).message}); ` +
          'the write was not kept, and the next one tries again',
      );
      if (!this.failing) this.log(`persistence: ${failure.message}`);
      this.failing = true;
      for (const batch of batches) batch.reject(failure);
      return;
    }
    if (this.failing) this.log(`persistence: writing ${this.journalPath(this.generation)} works again`);
    this.failing = false;
    this.seq = firstSeq + batches.length - 1;
    this.journalSize += length;
    this.journalBytes += length;
    if (this.vouchedGeneration !== this.generation) {
      await this.recordRun(
        { generation: this.generation, seq: this.seq },
        `that ${this.journalPath(this.generation)} holds writes`,
      );
    }
    for (const batch of batches) {
      if (this.heldBack) this.heldBack.push(batch);
      else this.applyBatch(batch);
      batch.resolve();
    }
  }

  private applyBatch(batch: Batch): void {
    this.setTree(batch.namespace, applyNormalizedOps(this.trees.get(batch.namespace) ?? null, batch.ops));
  }

  /** Cuts whatever a failed round left after the journal's acknowledged content; says whether that worked. */
  private async cutTail(): Promise<boolean> {
    try {
      if (!this.journal) return false;
      await this.journal.truncate(this.journalSize);
      await this.journal.datasync();
      this.dirtyTail = false;
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Moves writing on to a new journal, then, in the background, encodes the trees as they stood after the old
   * journal's last round and writes them as the snapshot. Rounds go on in the new journal meanwhile (a big
   * database takes seconds to encode, and a write must not wait for that); what they make durable reaches the
   * trees once the encoding is done. Until the snapshot is renamed into place, the old snapshot plus the old
   * journal still describe everything, so a crash at any point loses nothing; a failure anywhere is retried later.
   */
  private async switchJournal(): Promise<void> {
    const covers = this.generation;
    const seq = this.seq ?? 0;
    let next: FileHandlePort;
    try {
      next = await this.createJournal(covers + 1);
    } catch (error) {
      this.compactionFailed(error, 'could not start a new journal');
      return;
    }
    const previous = this.journal;
    const coveredBytes = this.journalBytes;
    this.generation = covers + 1;
    this.journal = next;
    this.journalSize = JOURNAL_MAGIC.length;
    this.journalBytes = 0;
    await previous?.close().catch(() => {});
    this.heldBack = [];
    this.compaction = (async () => {
      let chunks: Buffer[];
      try {
        chunks = await encodeSnapshot(covers, seq, this.trees);
      } finally {
        const later = this.heldBack ?? [];
        this.heldBack = null;
        for (const batch of later) this.applyBatch(batch);
      }
      try {
        await writeSnapshot(this.dir, chunks, this.files);
      } catch (error) {
        // The journals stay, so nothing is lost; they count towards the next compaction.
        this.journalBytes += coveredBytes;
        this.compactionFailed(error, 'could not write the snapshot');
        return;
      }
      this.snapshotBytes = chunks.reduce((total, chunk) => total + chunk.length, 0);
      for (let generation = covers; generation >= 1; generation--) {
        const removed = await this.files.rm(this.journalPath(generation)).then(
          () => true,
          () => false,
        );
        if (!removed) break;
      }
      // Covered journals left behind are deleted at the next start.
      await fsyncDirectory(this.dir, this.files).catch(() => {});
    })().finally(() => {
      this.compaction = null;
    });
  }

  private compactionFailed(error: unknown, what: string): void {
    this.compactionBlockedUntil = Date.now() + this.compactionRetryMs;
    this.log(
      `persistence: compaction ${what} (${(error as Error).message}); writes go on in ` +
        `${this.journalPath(this.generation)} and compaction is tried again in ${this.compactionRetryMs / 1000} s`,
    );
  }
}
