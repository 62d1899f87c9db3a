/**
 * Child process for persistence-lock.test.ts: opens a data directory, prints "<pid> ready" and holds it until it is
 * killed.
 */
import { FilePersistence } from '../../server/persistence/journal';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: persistence-lock.fixture.ts DIR');
await new FilePersistence({ dir }).load();
process.stdout.write(`${process.pid} ready\n`);
setInterval(() => {}, 60_000);
