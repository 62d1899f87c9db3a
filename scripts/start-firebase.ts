/**
 * `npm run start:firebase`: the production build served as Firebase serves it, on this machine: the Hosting
 * emulator (firebase.json's rewrites and headers) with the Functions emulator behind it running the first-visit
 * function, and the same database, Auth emulator, seeding and data folder as `npm start` (scripts/stack).
 *
 *   node --import tsx scripts/start-firebase.ts [--data DIR] [--db-port 9000] [--auth-port 9099] [--hosting-port 5000]
 *                                 [--functions-port 5001] [--public dist] [--functions functions]
 */
import { join, resolve } from 'node:path';
import { firebaseFront } from './stack/firebaseFront';
import { REPO, runStack, stackOptions } from './stack/localStack';

const { stack, ports, values } = stackOptions(
  { 'hosting-port': 5000, 'functions-port': 5001 },
  [],
  ['public', 'functions'],
);

await runStack(
  stack,
  firebaseFront({
    dir: join(stack.data, 'firebase'),
    hostingPort: ports['hosting-port'],
    functionsPort: ports['functions-port'],
    dbPort: stack.dbPort,
    smtpPort: stack.smtpPort,
    cardPort: stack.cardPort,
    publicDir: resolve(values.public ?? join(REPO, 'dist')),
    functionsDir: resolve(values.functions ?? join(REPO, 'functions')),
  }),
);
