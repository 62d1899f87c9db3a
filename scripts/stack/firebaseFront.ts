import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ID, firebaseCli, privateEmulatorRun } from './auth-emulator';
import { type Front, HOST, REPO, trustedCodeEnv } from './localStack';
import { startProcess } from './processes';

export interface FirebaseFrontOptions {
  /** Where the generated firebase.json, the emulators' settings and logs go. */
  dir: string;
  hostingPort: number;
  functionsPort: number;
  dbPort: number;
  /** The stack's mailbox, where the functions send mail (scripts/mailbox/). */
  smtpPort?: number;
  cardPort?: number;
  /** The client build Hosting serves (firebase.json's "public"), `dist` unless a test built another. */
  publicDir: string;
  /** The functions codebase (package.json and lib/), `functions` unless a test built another. */
  functionsDir: string;
}

interface FirebaseConfig {
  hosting: { public: string; predeploy?: unknown };
  functions: { source: string; predeploy?: unknown }[];
  emulators?: Record<string, unknown>;
}

/**
 * The repository's firebase.json with the folders and ports of this run; paths in it are relative to the file,
 * as firebase-tools reads them. Predeploy steps are left out: the emulators never run them anyway.
 */
function emulatorConfig(options: FirebaseFrontOptions, helpers: Record<string, unknown>): string {
  const config = JSON.parse(readFileSync(join(REPO, 'firebase.json'), 'utf8')) as FirebaseConfig;
  delete config.hosting.predeploy;
  config.hosting.public = relative(options.dir, options.publicDir);
  for (const codebase of config.functions) {
    delete codebase.predeploy;
    codebase.source = relative(options.dir, options.functionsDir);
  }
  config.emulators = {
    ...config.emulators,
    ...helpers,
    hosting: { host: HOST, port: options.hostingPort },
    functions: { host: HOST, port: options.functionsPort },
  };
  const file = join(options.dir, 'firebase.json');
  mkdirSync(options.dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

/**
 * The Hosting emulator with the Functions emulator behind it, serving the build as Firebase would: firebase.json's
 * rewrites and headers, and the functions working on our database (FIRST_VISIT_DATABASE_URL,
 * TRUSTED_CODE_DATABASE_URL).
 */
export function firebaseFront(options: FirebaseFrontOptions): Front {
  const url = `http://localhost:${options.hostingPort}`;
  return {
    ports: [
      ['Hosting emulator', options.hostingPort],
      ['Functions emulator', options.functionsPort],
    ],
    required: [join(options.publicDir, 'index.html'), join(options.functionsDir, 'lib', 'index.cjs')],
    // Through Hosting to the function: Hosting answers 404 for its rewrites until the function is loaded.
    url: `${url}/home`,
    appPort: options.hostingPort,
    banner: [
      `  App:       ${url} (Firebase Hosting emulator)`,
      `  Functions: http://${HOST}:${options.functionsPort} (first visits' pages, order allocation)`,
    ],
    start: async (logs) => {
      const run = await privateEmulatorRun(options.dir, HOST);
      const config = emulatorConfig(options, run.helpers);
      const args = [firebaseCli(), 'emulators:start', '--only', 'hosting,functions', '--project', PROJECT_ID];
      return startProcess('firebase', process.execPath, [...args, '--config', config], {
        cwd: options.dir,
        env: {
          ...run.env,
          ...trustedCodeEnv(options.dbPort, options.smtpPort, options.cardPort),
          TRUSTED_CODE_SHOP_URL: url,
          // The Functions emulator starts a process for every request that finds all of a function's processes
          // busy (it ignores `concurrency`), and gives each 30 s to load. When buyers all press at once on a small
          // machine, two dozen processes load side by side: they get longer (docs/production.md#the-allocator).
          FUNCTIONS_DISCOVERY_TIMEOUT: '120',
        },
        logFile: join(logs, 'firebase.log'),
      });
    },
  };
}
