import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PersistenceError } from './types';

/** Makes a created, renamed or deleted directory entry durable. */
export async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes through a temporary file so a crash leaves either the old file or the complete new one. */
export async function writeFileAtomic(path: string, chunks: readonly Buffer[], dir: string): Promise<void> {
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    for (const chunk of chunks) await writeFully(handle, chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
  await fsyncDirectory(dir);
}

type Writable = { write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }> };

export async function writeFully(handle: Writable, buffer: Buffer): Promise<void> {
  let written = 0;
  while (written < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, written, buffer.length - written);
    written += bytesWritten;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const LOCK_FILE = 'lock';

/** Refuses a data directory another live process is using; a lock left by a killed process is taken over. */
export async function lockDirectory(dir: string): Promise<void> {
  const path = join(dir, LOCK_FILE);
  const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new PersistenceError(`${dir} is in use by process ${holder} (remove ${path} if that is wrong)`);
  }
  await writeFile(path, `${process.pid}\n`);
}

export async function unlockDirectory(dir: string): Promise<void> {
  await rm(join(dir, LOCK_FILE), { force: true });
}
