import { readFile } from 'node:fs/promises';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { type FileSystemPort, fsyncDirectory, writeFileAtomic } from './files';

/**
 * How the previous run of a data directory ended, which decides what damage at the end of the newest journal can
 * mean. After a clean stop the journal's length is known, so any damage or shortfall is loss. After a crash the
 * last write may be cut short; if the machine kept running, the page cache kept everything written before it, so
 * only a record cut off by the end of the file can be that write. After a restart of the machine (or when nothing
 * is known: a directory from an older version) a torn or garbled last record may be that write too.
 */
export type RunState =
  | { running: true; boot: string; held?: HeldRecords }
  | { running: false; generation: number; bytes: number; seq: number };

/**
 * Written while running, once a journal first holds acknowledged records: journal `generation` holds them up to at
 * least record `seq`. Without it, a journal emptied or deleted after a kill would read as one that never held any.
 */
export interface HeldRecords {
  generation: number;
  seq: number;
}

const STATE_FILE = 'state.json';

export async function currentBoot(): Promise<string> {
  try {
    return (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
  } catch {
    // No boot id on this platform: the boot time, to the minute, tells restarts apart as well.
    return `boot at minute ${Math.round((Date.now() / 1000 - uptime()) / 60)}`;
  }
}

function isHeld(value: unknown): value is HeldRecords {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Record<string, unknown>;
  return Number.isInteger(held.generation) && Number.isInteger(held.seq);
}

function isRunState(value: unknown): value is RunState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  if (state.running === true) return typeof state.boot === 'string' && (state.held === undefined || isHeld(state.held));
  return (
    state.running === false &&
    Number.isInteger(state.generation) &&
    Number.isInteger(state.bytes) &&
    Number.isInteger(state.seq)
  );
}

/** Null when there is no usable record (a new directory, one from an older version, or a garbled file). */
export async function readRunState(dir: string, files: FileSystemPort): Promise<RunState | null> {
  try {
    const state: unknown = JSON.parse((await files.readFile(join(dir, STATE_FILE))).toString('utf8'));
    return isRunState(state) ? state : null;
  } catch {
    return null;
  }
}

export async function writeRunState(dir: string, state: RunState, files: FileSystemPort): Promise<void> {
  await writeFileAtomic(join(dir, STATE_FILE), [Buffer.from(`${JSON.stringify(state)}\n`)], dir, files);
}

/** Forgets how the previous run ended (needs no disk space, unlike writing the new state). */
export async function clearRunState(dir: string, files: FileSystemPort): Promise<void> {
  await files.rm(join(dir, STATE_FILE), { force: true });
  await fsyncDirectory(dir, files);
}
