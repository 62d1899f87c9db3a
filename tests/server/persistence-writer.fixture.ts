/**
 * Child process for persistence-crash.test.ts: several writers commit forever to a FilePersistence and print
 * "<writer> <sequence>" once each write is acknowledged, until the test kills the process with SIGKILL.
 */
import { FilePersistence } from '../../server/persistence/journal';

const [dir, compactBytes, run = 'r'] = process.argv.slice(2);
if (!dir) throw new Error('usage: persistence-writer.fixture.ts DIR [COMPACT_BYTES] [RUN]');
const persistence = new FilePersistence({ dir, compactBytes: Number(compactBytes ?? 1 << 20) });
await persistence.load();
process.stdout.write('ready\n');

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
    process.stdout.write(`${id} ${sequence}\n`);
  }
}

await Promise.all(Array.from({ length: 8 }, (_, id) => writer(id)));
