import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FilePersistence } from '../../server/persistence/journal';

const WRITER = fileURLToPath(new URL('./persistence-writer.fixture.ts', import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'persistence-crash-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the writer child until `acks` writes are acknowledged, kills it with SIGKILL mid-stream, returns the acks. */
async function writeThenKill(acks: number, compactBytes: number, run = 'r'): Promise<Map<number, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir, String(compactBytes), run], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const acknowledged = new Map<number, number>();
  let count = 0;
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === 'ready') {
      // While the child holds the directory, nobody else may open it.
      await expect(new FilePersistence({ dir }).load()).rejects.toThrow(/in use by process \d+/);
      continue;
    }
    const [writer, sequence] = line.split(' ').map(Number) as [number, number];
    acknowledged.set(writer, sequence);
    if (++count === acks) child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
  return acknowledged;
}

async function expectEveryAcknowledgedWrite(runs: Record<string, Map<number, number>>): Promise<void> {
  const recovered: string[] = [];
  const persistence = new FilePersistence({ dir, log: (line) => recovered.push(line) });
  const tree = (await persistence.load()).get('crash') as { writers: Record<string, Record<string, number>> };
  await persistence.close();
  for (const [run, acknowledged] of Object.entries(runs)) {
    expect(acknowledged.size).toBe(8);
    for (const [writer, last] of acknowledged) {
      const keys = tree.writers[`${run}w${writer}`] ?? {};
      for (let sequence = 0; sequence <= last; sequence++) expect(keys[`k${sequence}`]).toBe(sequence);
      // Each writer waits for its acknowledgement before the next write, so at most one more can have landed.
      expect(Object.keys(keys).length - (last + 1)).toBeLessThanOrEqual(1);
    }
  }
}

it('keeps every acknowledged write when killed with SIGKILL mid-stream', async () => {
  await expectEveryAcknowledgedWrite({ r: await writeThenKill(3000, 1 << 20) });
});

it('keeps every acknowledged write across kills during frequent compaction', async () => {
  // Small compaction threshold: the kill lands among snapshot writes and journal switches.
  const first = await writeThenKill(1500, 16 * 1024, 'first');
  const second = await writeThenKill(1500, 16 * 1024, 'second');
  await expectEveryAcknowledgedWrite({ first, second });
});
