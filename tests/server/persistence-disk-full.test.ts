import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { get, onValue, ref, set } from 'firebase/database';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { REPO, sdkDatabase } from './cli-support';
import { eventually } from './support/protocol-harness';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-disk-full-'));
  await writeFile(join(dir, 'open.rules.json'), '{"rules": {".read": true, ".write": true}}');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * `npm run db` in a shell that caps the size of any file it writes (RLIMIT_FSIZE, 64 blocks: 32 or 64 KiB), so
 * the journal really runs out of room (EFBIG) on the real file system. Resolves with the port and a stop function.
 */
async function databaseWithFileSizeLimit(limitBlocks: number | null) {
  const data = join(dir, 'data');
  const rules = join(dir, 'open.rules.json');
  const cli = `"${process.execPath}" --import tsx server/cli.ts --port 0 --data "${data}" --rules "${rules}"`;
  const command = limitBlocks === null ? `exec ${cli}` : `ulimit -f ${limitBlocks} && exec ${cli}`;
  const child = spawn('sh', ['-c', command], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const reader = createInterface({ input: child.stdout });
  let port = 0;
  for await (const line of reader) {
    lines.push(line);
    const match = /database listening on http:\/\/[^:]+:(\d+) /.exec(line);
    if (match) {
      port = Number(match[1]);
      break;
    }
  }
  if (!port) throw new Error(`the database did not start:\n${lines.join('\n')}`);
  reader.on('line', (line) => lines.push(line));
  return {
    port,
    lines,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

it('on a file system that is really full, a failed write is seen by nobody and later writes succeed', async () => {
  const limited = await databaseWithFileSizeLimit(64);
  const writer = sdkDatabase(limited.port);
  const watcher = sdkDatabase(limited.port);
  const seen: unknown[] = [];
  onValue(ref(watcher.db, 'shop'), (snapshot) => seen.push(snapshot.val()));
  await set(ref(writer.db, 'shop/small'), 'fits');
  // Larger than the whole file may grow: the write fails with EFBIG part-way through.
  await expect(set(ref(writer.db, 'shop/big'), 'x'.repeat(100_000))).rejects.toThrow(/unavailable/i);
  await set(ref(writer.db, 'shop/after'), 'fits too');
  await eventually(() => ((seen.at(-1) as { after?: string } | null)?.after === 'fits too' ? true : undefined));
  expect(seen.some((value) => typeof value === 'object' && value !== null && 'big' in value)).toBe(false);
  const reader = sdkDatabase(limited.port);
  expect((await get(ref(reader.db, 'shop'))).val()).toEqual({ small: 'fits', after: 'fits too' });
  await Promise.all([writer.close(), watcher.close(), reader.close()]);
  await limited.stop();
  expect(limited.lines.join('\n')).toMatch(/EFBIG/);

  const unlimited = await databaseWithFileSizeLimit(null);
  const after = sdkDatabase(unlimited.port);
  expect((await get(ref(after.db, 'shop'))).val()).toEqual({ small: 'fits', after: 'fits too' });
  await after.close();
  await unlimited.stop();
});
