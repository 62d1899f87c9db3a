/**
 * Runs the whole stack on this machine: the local realtime database (server/cli.ts), the Firebase Auth emulator
 * and the built app (vite preview, which also renders first visits' pages from the database: src/ssr). Seeds demo
 * data on first start; Ctrl-C (or SIGTERM) stops everything.
 *
 *   tsx scripts/start.ts [--no-app] [--data DIR] [--db-port 9000] [--auth-port 9099] [--app-port 4173]
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_NAMESPACE } from '../server/server';
import { AuthEmulator } from './stack/auth-emulator';
import { type ManagedProcess, portIsFree, startProcess, waitForHttp, Watchdog } from './stack/processes';
import { DatabaseAdmin, ensureProfiles, readSeed } from './stack/seed';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const SEEDED_MARKER = 'seeded';

interface StackOptions {
  app: boolean;
  data: string;
  dbPort: number;
  authPort: number;
  appPort: number;
}

function parseOptions(): StackOptions {
  const { values } = parseArgs({
    strict: true,
    options: {
      'no-app': { type: 'boolean' },
      data: { type: 'string' },
      'db-port': { type: 'string' },
      'auth-port': { type: 'string' },
      'app-port': { type: 'string' },
    },
  });
  const port = (name: string, value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535) throw new Error(`--${name} must be a port number`);
    return parsed;
  };
  return {
    app: !values['no-app'],
    data: resolve(values.data ?? join(REPO, '.data')),
    dbPort: port('db-port', values['db-port'], 9000),
    authPort: port('auth-port', values['auth-port'], 9099),
    appPort: port('app-port', values['app-port'], 4173),
  };
}

async function checkPorts(options: StackOptions): Promise<void> {
  const wanted: [string, number][] = [
    ['database', options.dbPort],
    ['Auth emulator', options.authPort],
  ];
  if (options.app) wanted.push(['app', options.appPort]);
  for (const [what, port] of wanted) {
    if (!(await portIsFree(HOST, port))) {
      throw new Error(`port ${port} (${what}) is already in use: is the stack already running? Stop it, or free the port.`);
    }
  }
}

function startDatabase(options: StackOptions, importFile: string | undefined): ManagedProcess {
  const args = ['--import', 'tsx', join(REPO, 'server', 'cli.ts'), '--host', HOST, '--port', String(options.dbPort)];
  args.push('--data', join(options.data, 'database'), '--rules', join(REPO, 'database.rules.json'));
  if (importFile) args.push('--import', importFile);
  return startProcess('db', process.execPath, args, {
    cwd: REPO,
    logFile: join(options.data, 'logs', 'database.log'),
    onLine: (line) => console.log(`db   | ${line}`),
  });
}

function startApp(options: StackOptions): ManagedProcess {
  const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
  return startProcess('app', process.execPath, [vite, 'preview', '--port', String(options.appPort), '--strictPort'], {
    cwd: REPO,
    logFile: join(options.data, 'logs', 'app.log'),
  });
}

function banner(options: StackOptions, users: readonly { email: string; password: string; role: string }[]): string {
  const inside = relative(process.cwd(), options.data);
  const data = inside.startsWith('..') ? options.data : inside || '.';
  const lines = ['', 'Storefront stack is running:'];
  if (options.app) lines.push(`  App:       http://localhost:${options.appPort}`);
  lines.push(`  Database:  http://${HOST}:${options.dbPort} (namespace ${DEFAULT_NAMESPACE}, data in ${data}/database)`);
  lines.push(`  Auth:      http://${HOST}:${options.authPort} (Firebase Auth emulator, accounts in ${data}/auth)`);
  lines.push('Demo sign-ins:');
  for (const user of users) lines.push(`  ${user.role.padEnd(9)} ${user.email} / ${user.password}`);
  lines.push(`Logs in ${data}/logs and ${data}/auth/emulator.log. Press Ctrl-C to stop.`, '');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (options.app && !existsSync(join(REPO, 'dist', 'index.html'))) {
    throw new Error('no built app in dist/: run `npm start` (it builds first) or `npm run build`');
  }
  await checkPorts(options);
  const authDir = join(options.data, 'auth');
  await mkdir(authDir, { recursive: true });
  await mkdir(join(options.data, 'logs'), { recursive: true });
  const seed = await readSeed(REPO);
  const firstStart = !existsSync(join(options.data, SEEDED_MARKER));

  const running: { stop(): Promise<void>; kill(): void }[] = [];
  // Stops the parts if this process is killed before it can (they run in process groups of their own).
  const watchdog = Watchdog.start(REPO);
  const own = (part: { stop(): Promise<void>; kill(): void }, managed: ManagedProcess): void => {
    watchdog.watch(managed);
    running.push({
      stop: async () => {
        await part.stop();
        watchdog.forget(managed);
      },
      kill: () => part.kill(),
    });
  };
  let stopping: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    // Reverse start order: the app first, the database (which flushes its data) last.
    stopping ??= (async () => {
      for (const part of running.reverse()) await part.stop();
    })();
    return stopping;
  };
  process.on('exit', () => running.forEach((part) => part.kill()));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      console.log(`\n${signal}: stopping the stack…`);
      void stopAll().then(() => process.exit(0));
    });
  }

  try {
    const database = startDatabase(options, firstStart ? join(REPO, 'seed', 'database.json') : undefined);
    own(database, database);
    await database.waitForLine(/database listening on/, 60_000);
    const auth = AuthEmulator.launch({ repo: REPO, dir: authDir, host: HOST, port: options.authPort });
    own(auth, auth.process);
    await auth.ready();
    const uids = await auth.ensureUsers(seed.users);
    await ensureProfiles(new DatabaseAdmin(`http://${HOST}:${options.dbPort}`, DEFAULT_NAMESPACE), seed.users, uids);
    if (firstStart) await writeFile(join(options.data, SEEDED_MARKER), `${new Date().toISOString()}\n`);
    const parts = [database, auth.process];
    if (options.app) {
      const app = startApp(options);
      own(app, app);
      parts.push(app);
      await waitForHttp(`http://localhost:${options.appPort}/`, 60_000, app.unexpectedExit);
    }
    console.log(banner(options, seed.users));
    // Any part dying on its own takes the rest down: a half-running stack only confuses.
    await Promise.race(parts.map((part) => part.unexpectedExit));
  } catch (error) {
    if (stopping) return;
    console.error(`start: ${(error as Error).message}`);
    await stopAll();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`start: ${(error as Error).message}`);
  process.exit(1);
});
