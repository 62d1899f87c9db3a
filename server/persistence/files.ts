import * as fs from 'node:fs/promises';

/** The calls persistence makes on an open file; node's FileHandle has them all. */
export interface FileHandlePort {
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  datasync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file system as persistence uses it: the real one, or in tests one that fails on cue (disk full, out of file
 * handles, I/O errors) to show that a failure changes nothing and that persistence recovers once it clears.
 */
export interface FileSystemPort {
  open(path: string, flags: string): Promise<FileHandlePort>;
  readFile(path: string): Promise<Buffer>;
  readdir(path: string): Promise<string[]>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options?: { force?: boolean }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
}

export const nodeFileSystem: FileSystemPort = {
  open: (path, flags) => fs.open(path, flags),
  readFile: (path) => fs.readFile(path),
  readdir: (path) => fs.readdir(path),
  rename: (from, to) => fs.rename(from, to),
  rm: (path, options) => fs.rm(path, options),
  mkdir: (path, options) => fs.mkdir(path, options),
};

/** Opens `path`, lets `use` change it, then syncs and closes it (closed even when something fails). */
export async function changeSynced(
  files: FileSystemPort,
  path: string,
  flags: string,
  use: (handle: FileHandlePort) => Promise<void>,
): Promise<void> {
  const handle = await files.open(path, flags);
  try {
    await use(handle);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a created, renamed or deleted directory entry durable. */
export async function fsyncDirectory(dir: string, files: FileSystemPort = nodeFileSystem): Promise<void> {
  await changeSynced(files, dir, 'r', async () => {});
}

/** Writes through a temporary file so a crash leaves either the old file or the complete new one. */
export async function writeFileAtomic(
  path: string,
  chunks: readonly Buffer[],
  dir: string,
  files: FileSystemPort = nodeFileSystem,
): Promise<void> {
  const temporary = `${path}.tmp`;
  try {
    await changeSynced(files, temporary, 'w', async (handle) => {
      for (const chunk of chunks) await writeFully(handle, chunk);
    });
    await files.rename(temporary, path);
  } catch (error) {
    // A half-written file would only hold on to the space a full disk needs back.
    await files.rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
  await fsyncDirectory(dir, files);
}

type Writable = Pick<FileHandlePort, 'write'>;

export async function writeFully(handle: Writable, buffer: Buffer): Promise<void> {
  let written = 0;
  while (written < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, written, buffer.length - written);
    written += bytesWritten;
  }
}
