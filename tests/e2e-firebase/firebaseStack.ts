/**
 * The production stack as `npm run start:firebase` runs it (scripts/stack/firebaseFront.ts: the Hosting emulator
 * with firebase.json's rewrites and headers, the Functions emulator with the first-visit function), on ports of
 * its own, serving a build of its own that talks to this file's database and Auth emulator. The database runs in
 * the test process, so that a test can stop it and start it again.
 */
import { test as base } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailbox, type Mailbox } from '../../scripts/mailbox/mailbox';
import { startFakeCardProvider, type FakeCardProvider } from '../../scripts/cardProvider/fakeCardProvider';
import { LOCAL_CARD_KEYS } from '../../functions/src/payments/cardSettings';
import { CARD_WEBHOOK_ENDPOINT } from '../../src/features/payments/model/paymentEndpoint';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';
import { firebaseFront } from '../../scripts/stack/firebaseFront';
import { REPO } from '../../scripts/stack/localStack';
import { type ManagedProcess, waitForHttp } from '../../scripts/stack/processes';
import { FilePersistence } from '../../server/persistence/journal';
import { compileRules } from '../../server/rules';
import { DEFAULT_NAMESPACE, startDatabaseServer, type DatabaseServer } from '../../server/server';

/** Not the contracts' 5000/5001/9099/9000, so that a developer's running stack and the tests never meet. */
export interface StackPorts {
  hosting: number;
  functions: number;
  auth: number;
  db: number;
}

/** Not the contracts' 5000/5001/9099/9000, so that a developer's running stack and the tests never meet. */
export const PORTS: StackPorts = {
  hosting: Number(process.env.E2E_FIREBASE_HOSTING_PORT ?? 5301),
  functions: Number(process.env.E2E_FIREBASE_FUNCTIONS_PORT ?? 5302),
  auth: Number(process.env.E2E_FIREBASE_AUTH_PORT ?? 9304),
  db: Number(process.env.E2E_FIREBASE_DB_PORT ?? 9305),
};
export const HOSTING_URL = `http://localhost:${PORTS.hosting}`;
/** The function called directly, as Hosting's rewrites call it (firebase.json). */
export const FUNCTION_URL = functionUrl(PORTS);

function functionUrl(ports: StackPorts): string {
  return `http://127.0.0.1:${ports.functions}/demo-storefront/us-central1/firstVisitPage`;
}

/** The build a stack serves (talking to its ports), and its functions codebase, inside the repository. */
export function buildDirs(name: string): { client: string; functions: string } {
  return { client: join(REPO, name), functions: join(REPO, `${name}-functions`) };
}
export const CLIENT_DIR = buildDirs('dist-firebase-e2e').client;

/**
 * Runs `work` while holding `lock` (a folder: creating one is atomic), waiting for another process that holds it;
 * a lock whose holder has died is taken over. A synchronous wait: the build it guards is synchronous as well.
 */
function whileLocked(lock: string, work: () => void): void {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      // Just taken (no pid written yet) or just given back: look again.
    }
    if (holder > 0 && !isRunning(holder)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${lock} is still held by process ${holder}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds once per test run: a worker that starts again after a failed test finds the build of its run (workers are
 * children of the runner, so the parent's pid names the run), and workers that start at once build it once.
 */
export function buildFor(ports: StackPorts, dirs: { client: string; functions: string }): void {
  whileLocked(`${dirs.functions}.lock`, () => build(ports, dirs));
}

function build(ports: StackPorts, dirs: { client: string; functions: string }): void {
  const marker = join(dirs.functions, 'built-for');
  const run = `${process.ppid} ${JSON.stringify(ports)}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === run) return;
  // Emulators, whatever a .env.production.local for a real project says (the environment wins over .env files).
  const env = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: '',
    VITE_DATABASE_EMULATOR_PORT: String(ports.db),
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
  };
  const vite = join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
  const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: REPO, env, stdio: 'inherit' });
  node([vite, 'build', '--outDir', dirs.client, '--logLevel', 'warn']);
  node([vite, 'build', '--ssr', 'src/ssr/renderPage.tsx', '--outDir', `${dirs.client}-ssr`, '--logLevel', 'warn']);
  rmSync(dirs.functions, { recursive: true, force: true });
  // The codebase as deployed: its package.json, its environment (.env) and the built code.
  for (const file of ['package.json', '.env']) cpSync(join(REPO, 'functions', file), join(dirs.functions, file));
  const out = join(dirs.functions, 'lib');
  node(['--import', 'tsx', join(REPO, 'scripts', 'buildFunctions.ts'), '--client', dirs.client, '--out', out]);
  writeFileSync(marker, run);
}

export interface StackDatabase {
  write(path: string, value: unknown): Promise<void>;
  read(path: string): Promise<unknown>;
  /** Puts the seed back: every test starts from the demo shop. */
  reset(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface FirebaseStack {
  db: StackDatabase;
  /** Where the functions send the shop's mail (scripts/mailbox/, on free ports). */
  mailbox: Mailbox;
  /** The card provider the functions take payments through (scripts/cardProvider/, on a free port). */
  cards: FakeCardProvider;
  /** When the front first answered (epoch ms): the function has not run yet then. */
  readyAt: number;
  /**
   * Stops the Hosting and Functions emulators and starts them afresh; resolves once Hosting serves files and the
   * function is loaded, without calling it: the next request to one of its pages is a cold start (the emulator
   * starts a worker process for it, which loads the bundle, as a new instance does).
   */
  restartFront(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds for `ports` into `dirs`, then starts the database, the Auth emulator and the Firebase front. */
export async function startFirebaseStack(
  ports: StackPorts,
  dirs: { client: string; functions: string },
): Promise<FirebaseStack> {
  buildFor(ports, dirs);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-firebase-'));
  const seed: unknown = JSON.parse(readFileSync(join(REPO, 'seed', 'database.json'), 'utf8'));
  const rulesText = readFileSync(join(REPO, 'database.rules.json'), 'utf8');
  const rules = compileRules(rulesText);
  let server: DatabaseServer | null = null;
  const start = async () => {
    const persistence = new FilePersistence({ dir: join(dir, 'database') });
    server ??= await startDatabaseServer({
      port: ports.db,
      rules,
      rulesText,
      persistence,
      log: () => {},
      // The pages Hosting serves talk to the database straight from the browser.
      appPorts: [ports.hosting],
    });
  };
  const auth = await AuthEmulator.launch({ repo: REPO, dir, host: '127.0.0.1', port: ports.auth });
  const mailbox = await startMailbox({ smtpPort: 0, webPort: 0 });
  // The card provider's events go through Hosting's rewrite to allocateOrders, as Stripe's do in production.
  const cards = await startFakeCardProvider({
    secretKey: LOCAL_CARD_KEYS.secretKey,
    webhook: {
      url: `http://localhost:${ports.hosting}${CARD_WEBHOOK_ENDPOINT}`,
      secret: LOCAL_CARD_KEYS.webhookSecret,
    },
  });
  let front: ManagedProcess | undefined;
  const stop = async () => {
    await front?.stop();
    await auth.process.stop();
    await mailbox.close();
    await cards.close();
    await (server as DatabaseServer | null)?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const hosting = firebaseFront({
    dir: join(dir, 'firebase'),
    hostingPort: ports.hosting,
    functionsPort: ports.functions,
    dbPort: ports.db,
    smtpPort: mailbox.smtpPort,
    cardPort: cards.port,
    publicDir: dirs.client,
    functionsDir: dirs.functions,
  });
  try {
    await start();
    await (server as DatabaseServer | null)?.set(DEFAULT_NAMESPACE, '/', seed);
    await auth.ready({ persist: false });
    front = await hosting.start(dir);
    await waitForHttp(hosting.url, 240_000, front.unexpectedExit);
  } catch (error) {
    await stop();
    throw error;
  }
  const db: StackDatabase = {
    write: async (path, value) => {
      const response = await fetch(`http://127.0.0.1:${ports.db}/${path}.json?ns=${DEFAULT_NAMESPACE}`, {
        method: 'PUT',
        headers: { Authorization: 'Bearer owner' },
        body: JSON.stringify(value),
      });
      if (!response.ok) throw new Error(`write ${path}: ${response.status} ${await response.text()}`);
    },
    read: async (path) => {
      const response = await fetch(`http://127.0.0.1:${ports.db}/${path}.json?ns=${DEFAULT_NAMESPACE}`, {
        headers: { Authorization: 'Bearer owner' },
      });
      if (!response.ok) throw new Error(`read ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    },
    reset: async () => {
      await start();
      await (server as DatabaseServer | null)?.set(DEFAULT_NAMESPACE, '/', seed);
    },
    stop: async () => {
      await (server as DatabaseServer | null)?.close();
      server = null;
    },
    start,
  };
  const restartFront = async () => {
    await front?.stop();
    const fresh = await hosting.start(dir);
    front = fresh;
    await fresh.waitForLine(/function initialized/, 120_000);
    await waitForHttp(`http://localhost:${ports.hosting}/manifest.webmanifest`, 120_000, fresh.unexpectedExit);
  };
  return { db, mailbox, cards, readyAt: Date.now(), restartFront, stop };
}

export const test = base.extend<{ db: StackDatabase }, { stack: FirebaseStack }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, provide) => {
      const stack = await startFirebaseStack(PORTS, buildDirs('dist-firebase-e2e'));
      try {
        await provide(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  db: async ({ stack }, provide) => {
    await stack.db.reset();
    await provide(stack.db);
  },
});

export { expect } from '@playwright/test';
