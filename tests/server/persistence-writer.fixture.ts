/**
 * Child process for persistence-crash.test.ts: several writers commit forever to a FilePersistence and print
 * "<writer> <sequence>" once each write is acknowledged, until the test kills the process with SIGKILL.
 */
import { writeSync } from 'node:fs';
import { FilePersistence } from '../../server/persistence/journal';

/**
 * Prints a line before anything else happens. process.stdout buffers what a pipe does not take at once, and a
 * SIGKILL loses that: acknowledgements lost so would read as writes that landed without one.
 */
function print(line: string): void {
  const bytes = Buffer.from(line);
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(1, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error; // the pipe is full: the reader is slow
    }
  }
}

const [dir, compactBytes, run = 'r'] = process.argv.slice(2);
if (!dir) throw new Error('usage: persistence-writer.fixture.ts DIR [COMPACT_BYTES] [RUN]');
const persistence = new FilePersistence({ dir, compactBytes: Number(compactBytes ?? 1 << 20) });
await persistence.load();
print('ready\n');

async function writer(id: number): Promise<never> {
  for (let sequence = 0; ; sequence++) {
    // Alternate single sets and two-path batches, so both must come back whole.
    const ops =
      sequence % 2 === 0
        ? [{ path: `/writers/${run}w${id}/k${sequence}`, value: sequence }]
        : [
            { path: `/writers/${run}w${id}/k${sequence}`, value: sequence },
            { path: `/latest/${run}w${id}`, value: { sequence, padding: 'x'.repeat(sequence % 50) } },
          ];
    await persistence.commit('crash', ops);
    print(`${id} ${sequence}\n`);
  }
}

await Promise.all(Array.from({ length: 8 }, (_, id) => writer(id)));
