/**
 * The parts every local stack shares (`npm start`, `npm run start:firebase`): the local realtime database
 * (server/cli.ts) and the Firebase Auth emulator, seeded with demo data on first start, data in one folder
 * (`.data/` unless --data), and a front that serves the app (vite preview, or the Hosting and Functions
 * emulators). Ctrl-C (or SIGTERM) stops everything, the front first and the database last.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_NAMESPACE } from '../../server/server';
import { AuthEmulator } from './auth-emulator';
import { type ManagedProcess, portIsFree, startProcess, waitForHttp, Watchdog } from './processes';
import { DatabaseAdmin, ensureProfiles, readSeed } from './seed';
import { LOCAL_INBOX_PORT, LOCAL_SMTP_PORT } from '../../functions/src/mail/localMail';
import { startMailbox } from '../mailbox/mailbox';
import { startFakeCardProvider } from '../cardProvider/fakeCardProvider';
import { LOCAL_CARD_KEYS, LOCAL_CARD_PROVIDER_PORT, localCardEnv } from '../../functions/src/payments/cardSettings';
import { CARD_WEBHOOK_ENDPOINT } from '../../src/features/payments/model/paymentEndpoint';

/** How long the app's front may take to answer before the stack gives up on it. */
const FRONT_READY_MS = 240_000;

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const HOST = '127.0.0.1';
const SEEDED_MARKER = 'seeded';

/** The database a front renders first visits from (functions/src/firstVisitPages.ts): the stack's own. */
function firstVisitDatabaseUrl(dbPort: number): string {
  return `http://${HOST}:${dbPort}?ns=${DEFAULT_NAMESPACE}`;
}

/**
 * What a front's trusted code (first visits, the order allocator in functions/src/orders/) needs to reach the
 * stack's own database: in production Cloud Functions finds the project's database by itself.
 */
export function trustedCodeEnv(dbPort: number, smtpPort?: number, cardPort?: number): Record<string, string> {
  const url = firstVisitDatabaseUrl(dbPort);
  return {
    FIRST_VISIT_DATABASE_URL: url,
    TRUSTED_CODE_DATABASE_URL: url,
    // The mail sender (functions/src/mail/) sends to the stack's own mailbox.
    ...(smtpPort === undefined ? {} : { SMTP_URL: `smtp://${HOST}:${smtpPort}` }),
    // Card payments go to the stack's own card provider (scripts/cardProvider/).
    ...(cardPort === undefined ? {} : localCardEnv(cardPort)),
  };
}

export interface StackOptions {
  data: string;
  dbPort: number;
  authPort: number;
  /** The local mailbox (scripts/mailbox/): its SMTP server and its web inbox. */
  smtpPort: number;
  inboxPort: number;
  /** The local card provider (scripts/cardProvider/): its API and test checkout page. */
  cardPort: number;
}

/** What serves the app in front of the database and the Auth emulator. */
export interface Front {
  ports: [string, number][];
  /** Files that must be built before it starts. */
  required: string[];
  /** Answers 2xx once the front is ready. */
  url: string;
  /** The port browsers load the app from: the database lets that port's pages in (server/boundary.ts). */
  appPort: number;
  banner: string[];
  start(logs: string): Promise<ManagedProcess>;
}

function port(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 65535) throw new Error(`--${name} must be a port number`);
  return parsed;
}

/**
 * Reads --data, --db-port and --auth-port, and the front's own ports (`--name`, with their defaults), strings and
 * boolean flags from the command line.
 */
export function stackOptions<P extends string, F extends string = never, S extends string = never>(
  frontPorts: Record<P, number>,
  booleans: readonly F[] = [],
  strings: readonly S[] = [],
): { stack: StackOptions; ports: Record<P, number>; flags: Record<F, boolean>; values: Partial<Record<S, string>> } {
  const options: Record<string, { type: 'string' | 'boolean' }> = {
    data: { type: 'string' },
    'db-port': { type: 'string' },
    'auth-port': { type: 'string' },
    'smtp-port': { type: 'string' },
    'inbox-port': { type: 'string' },
    'card-port': { type: 'string' },
  };
  for (const name of [...Object.keys(frontPorts), ...strings]) options[name] = { type: 'string' };
  for (const name of booleans) options[name] = { type: 'boolean' };
  const { values } = parseArgs({ strict: true, options });
  const text = (name: string) => values[name] as string | undefined;
  const ports = Object.fromEntries(
    Object.entries<number>(frontPorts).map(([name, fallback]) => [name, port(name, text(name), fallback)]),
  ) as Record<P, number>;
  const flags = Object.fromEntries(booleans.map((name) => [name, values[name] === true])) as Record<F, boolean>;
  const given = Object.fromEntries(strings.map((name) => [name, text(name)])) as Partial<Record<S, string>>;
  return {
    stack: {
      data: resolve(text('data') ?? join(REPO, '.data')),
      dbPort: port('db-port', text('db-port'), 9000),
      authPort: port('auth-port', text('auth-port'), 9099),
      smtpPort: port('smtp-port', text('smtp-port'), LOCAL_SMTP_PORT),
      inboxPort: port('inbox-port', text('inbox-port'), LOCAL_INBOX_PORT),
      cardPort: port('card-port', text('card-port'), LOCAL_CARD_PROVIDER_PORT),
    },
    ports,
    flags,
    values: given,
  };
}

async function checkPorts(wanted: [string, number][]): Promise<void> {
  for (const [what, port] of wanted) {
    if (!(await portIsFree(HOST, port))) {
      throw new Error(
        `port ${port} (${what}) is already in use: is the stack already running? Stop it, or free the port.`,
      );
    }
  }
}

function startDatabase(
  options: StackOptions,
  importFile: string | undefined,
  appPort: number | undefined,
): ManagedProcess {
  const args = ['--import', 'tsx', join(REPO, 'server', 'cli.ts'), '--host', HOST, '--port', String(options.dbPort)];
  args.push('--data', join(options.data, 'database'), '--rules', join(REPO, 'database.rules.json'));
  if (importFile) args.push('--import', importFile);
  if (appPort !== undefined) args.push('--app-port', String(appPort));
  return startProcess('db', process.execPath, args, {
    cwd: REPO,
    logFile: join(options.data, 'logs', 'database.log'),
    onLine: (line) => console.log(`db   | ${line}`),
  });
}

function banner(
  options: StackOptions,
  front: Front | null,
  users: readonly { email: string; password: string; role: string }[],
): string {
  const inside = relative(process.cwd(), options.data);
  const data = inside.startsWith('..') ? options.data : inside || '.';
  const lines = ['', 'Storefront stack is running:', ...(front?.banner ?? [])];
  lines.push(
    `  Database:  http://${HOST}:${options.dbPort} (namespace ${DEFAULT_NAMESPACE}, data in ${data}/database)`,
  );
  lines.push(`  Auth:      http://${HOST}:${options.authPort} (Firebase Auth emulator, accounts in ${data}/auth)`);
  lines.push(
    `  Mail:      http://localhost:${options.inboxPort} (the shop's email, caught here; SMTP on ${HOST}:${options.smtpPort})`,
  );
  lines.push(
    `  Cards:     http://localhost:${options.cardPort} (a local card provider: pay with 4242 4242 4242 4242, nothing is charged)`,
  );
  lines.push('Demo sign-ins:');
  for (const user of users) lines.push(`  ${user.role.padEnd(9)} ${user.email} / ${user.password}`);
  lines.push(`Logs in ${data}/logs and ${data}/auth/emulator.log. Press Ctrl-C to stop.`, '');
  return lines.join('\n');
}

/** Runs the stack until Ctrl-C or until one of its parts dies, which takes the rest down. */
export async function runStack(options: StackOptions, front: Front | null): Promise<void> {
  try {
    await run(options, front);
  } catch (error) {
    console.error(`start: ${(error as Error).message}`);
    process.exit(1);
  }
}

async function run(options: StackOptions, front: Front | null): Promise<void> {
  for (const file of front?.required ?? []) {
    if (!existsSync(file)) throw new Error(`${relative(REPO, file)} is missing: run \`npm run build\` first`);
  }
  await checkPorts([
    ['database', options.dbPort],
    ['Auth emulator', options.authPort],
    ['mail (SMTP)', options.smtpPort],
    ['mail (web inbox)', options.inboxPort],
    ['card provider', options.cardPort],
    ...(front?.ports ?? []),
  ]);
  const authDir = join(options.data, 'auth');
  const logs = join(options.data, 'logs');
  await mkdir(authDir, { recursive: true });
  await mkdir(logs, { recursive: true });
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
    // Reverse start order: the front first, the database (which flushes its data) last.
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
    const seedFile = firstStart ? join(REPO, 'seed', 'database.json') : undefined;
    const database = startDatabase(options, seedFile, front?.appPort);
    own(database, database);
    await database.waitForLine(/database listening on/, 60_000);
    const auth = await AuthEmulator.launch({ repo: REPO, dir: authDir, host: HOST, port: options.authPort });
    own(auth, auth.process);
    await auth.ready();
    const uids = await auth.ensureUsers(seed.users);
    await ensureProfiles(new DatabaseAdmin(`http://${HOST}:${options.dbPort}`, DEFAULT_NAMESPACE), seed.users, uids);
    if (firstStart) await writeFile(join(options.data, SEEDED_MARKER), `${new Date().toISOString()}\n`);
    const mailbox = await startMailbox({ host: HOST, smtpPort: options.smtpPort, webPort: options.inboxPort });
    running.push({ stop: () => mailbox.close(), kill: () => undefined });
    // Its events go to the front's webhook endpoint, as the provider's go to the Hosting rewrite in production.
    const cards = await startFakeCardProvider({
      host: HOST,
      port: options.cardPort,
      secretKey: LOCAL_CARD_KEYS.secretKey,
      ...(front
        ? {
            webhook: {
              url: `http://localhost:${front.appPort}${CARD_WEBHOOK_ENDPOINT}`,
              secret: LOCAL_CARD_KEYS.webhookSecret,
            },
          }
        : {}),
    });
    running.push({ stop: () => cards.close(), kill: () => undefined });
    const parts = [database, auth.process];
    if (front) {
      const app = await front.start(logs);
      own(app, app);
      parts.push(app);
      // The Functions emulator loads each function's code before Hosting's rewrites answer; on a busy two-core
      // machine, with the mail functions beside the others, that took over two minutes once.
      await waitForHttp(front.url, FRONT_READY_MS, app.unexpectedExit);
    }
    console.log(banner(options, front, seed.users));
    await Promise.race(parts.map((part) => part.unexpectedExit));
  } catch (error) {
    if (stopping) return;
    await stopAll();
    throw error;
  }
}
