import { createHash } from 'node:crypto';
import { stat, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PersistenceError } from '../core/model';

export interface DirectoryLock {
  release(): Promise<void>;
}

/**
 * Where the lock of a directory lives: a listening socket named after the directory's device and inode (the same
 * directory reached by another path or a bind mount gets the same name). On Linux it is in the abstract namespace
 * and on Windows a named pipe: the kernel frees both the moment the holder dies, even while it is an unreaped
 * zombie, and no file is left behind. Elsewhere it is a socket file, which outlives a killed holder; see lockDirectory.
 */
function lockAddress(device: number, inode: number): { address: string; isFile: boolean } {
  const name = `rtdb-lock-${createHash('sha256').update(`${device}:${inode}`).digest('hex').slice(0, 32)}`;
  if (process.platform === 'linux') return { address: `\0${name}`, isFile: false };
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\${name}`, isFile: false };
  return { address: join(tmpdir(), `${name}.sock`), isFile: true };
}

function listen(address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Whoever is refused connects and reads the holder's pid, for a message that names it.
    const server = createServer((socket) => socket.end(`${process.pid}\n`));
    server.once('error', reject);
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      // The lock must not keep the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/** The pid a live holder answers with, or null when nothing listens (a socket file left by a killed holder). */
function askHolder(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = createConnection({ path: address });
    socket.setEncoding('utf8');
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer.trim() || 'unknown'));
    socket.on('close', () => resolve(answer.trim() || 'unknown'));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? null : 'unknown'),
    );
  });
}

/**
 * Takes the directory for this process, or refuses with the pid of the live process that has it. A file left
 * behind by an older version's pid lock, or a pid reused by another process, means nothing here.
 */
export async function lockDirectory(dir: string): Promise<DirectoryLock> {
  const { dev, ino } = await stat(dir);
  const { address, isFile } = lockAddress(dev, ino);
  let server: Server;
  try {
    server = await listen(address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(address);
    if (holder !== null || !isFile) {
      throw new PersistenceError(
        `${dir} is in use by process ${holder ?? 'unknown'}: stop that database server first, or use another --data`,
      );
    }
    // A socket file nobody listens on: its holder died. Two servers taking it over at once could both win here,
    // which is why the abstract namespace is used wherever the platform has one.
    await unlink(address);
    server = await listen(address);
  }
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
