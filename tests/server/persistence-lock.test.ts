import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';

const HOLDER = fileURLToPath(new URL('./persistence-lock.fixture.ts', import.meta.url));

let dir: string;
let started: ChildProcess[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-lock-'));
  started = [];
});
afterEach(async () => {
  for (const child of started) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts a holder of `dir` whose parent never reaps it (a shell that execs `sleep`), as a process manager or a
 * container's init that is slow to wait() leaves a killed server behind as a zombie. Returns the holder's pid.
 */
async function holdUnreaped(): Promise<number> {
  const command = `"${process.execPath}" --import tsx "${HOLDER}" "${dir}" & exec sleep 120`;
  const parent = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(parent);
  for await (const line of createInterface({ input: parent.stdout! })) {
    const match = /^(\d+) ready$/.exec(line);
    if (match) return Number(match[1]);
  }
  throw new Error('the holder exited before it was ready');
}

async function opens(): Promise<void> {
  const persistence = new FilePersistence({ dir });
  await persistence.load();
  await persistence.close();
}

it('refuses a second server while the holder lives, and frees the directory the moment it is killed', async () => {
  const holder = await holdUnreaped();
  await expect(opens()).rejects.toThrow(new RegExp(`${dir} is in use by process ${holder}\\b`));
  process.kill(holder, 'SIGKILL');
  // The killed holder stays a zombie (its parent never reaps it), so its pid still answers kill(pid, 0).
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      await opens();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  // Once open, it is this process's: a second open in the same process is refused too.
  const first = new FilePersistence({ dir });
  await first.load();
  await expect(opens()).rejects.toThrow(/is in use by process/);
  await first.close();
  await opens();
});

it('is not fooled by a lock file naming a live process that does not hold the directory', async () => {
  // As after a reboot or in a container, where the pid an older lock file names belongs to something else now.
  await writeFile(join(dir, 'lock'), `${process.ppid}\n`);
  await opens();
});
