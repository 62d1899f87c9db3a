import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import {
  connectDatabaseEmulator,
  equalTo,
  get,
  getDatabase,
  goOffline,
  orderByChild,
  query,
  ref,
  serverTimestamp,
  set,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACE, REPO, type RunningProcess, runTs } from './cli-support';
import { freePort, freePorts } from './support/ports';

const GUARD = fileURLToPath(new URL('./stack-network-guard.mjs', import.meta.url));
const STARTUP_MS = 120_000;

let dir: string;
let networkLog: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stack-start-'));
  networkLog = join(dir, 'network.log');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});


async function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function startStack(ports: { db: number; auth: number }): RunningProcess {
  return runTs(
    'scripts/start.ts',
    ['--no-app', '--data', join(dir, 'data'), '--db-port', String(ports.db), '--auth-port', String(ports.auth)],
    { NODE_OPTIONS: `--import ${GUARD}`, STACK_NETWORK_LOG: networkLog },
  );
}

/**
 * The stack as `npm start` runs it after the build: a shell running the tsx command line (which runs start.ts in a
 * child of its own), all in a new process group, as a process manager or a terminal job would start it.
 */
function startStackInGroup(ports: { db: number; auth: number }) {
  const tsx = join(REPO, 'node_modules', '.bin', 'tsx');
  const args = `--no-app --data "${join(dir, 'group-data')}" --db-port ${ports.db} --auth-port ${ports.auth}`;
  const child = spawn('sh', ['-c', `true && "${tsx}" scripts/start.ts ${args}`], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    lines,
    exited,
    ready: async () => {
      const deadline = Date.now() + STARTUP_MS;
      while (!lines.some((line) => line.includes('Press Ctrl-C to stop'))) {
        if (Date.now() > deadline) throw new Error(`the stack did not start:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    signalGroup: (signal: NodeJS.Signals) => process.kill(-(child.pid as number), signal),
  };
}

/** Whether both ports are free within `timeoutMs`. */
async function portsFreed(ports: { db: number; auth: number }, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await isFree(ports.db)) && (await isFree(ports.auth))) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

let clients = 0;

/** A real SDK app (Auth + Database) signed in with email and password, or signed up when `create` is set. */
async function signedIn(ports: { db: number; auth: number }, email: string, password: string, create = false) {
  const app = initializeApp(
    {
      apiKey: 'demo-api-key',
      projectId: 'demo-storefront',
      authDomain: 'demo-storefront.firebaseapp.com',
      databaseURL: `https://${NAMESPACE}.firebaseio.com`,
    },
    `stack-${++clients}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', ports.db);
  const { user } = create
    ? await createUserWithEmailAndPassword(auth, email, password)
    : await signInWithEmailAndPassword(auth, email, password);
  return {
    uid: user.uid,
    db,
    close: async () => {
      goOffline(db);
      await deleteApp(app);
    },
  };
}

describe('npm start (scripts/start.ts --no-app)', () => {
  it(
    'serves the seeded database and demo sign-ins, keeps data and accounts across a restart, stays offline',
    async () => {
      const [db, auth] = (await freePorts(2)) as [number, number];
      const ports = { db, auth };
      const first = startStack(ports);
      try {
        await first.waitForLine(/Press Ctrl-C to stop/, STARTUP_MS);
        expect(first.lines.join('\n')).toContain('staff     staff@example.com / staff-password');

        const staff = await signedIn(ports, 'staff@example.com', 'staff-password');
        const profile = (await get(ref(staff.db, `users/${staff.uid}`))).val();
        expect(profile).toMatchObject({ email: 'staff@example.com', role: 'staff', firstname: expect.any(String) });
        expect(typeof profile.created).toBe('number');
        // Staff change the shop: this must survive the restart (the seed is not imported again).
        await set(ref(staff.db, 'properties/tagline'), 'Changed by staff before the restart');

        const customer = await signedIn(ports, 'customer@example.com', 'customer-password');
        expect((await get(ref(customer.db, `users/${customer.uid}/role`))).val()).toBe('customer');
        await expect(get(ref(customer.db, `users/${staff.uid}`))).rejects.toThrow(/permission/i);
        const active = await get(query(ref(customer.db, 'products'), orderByChild('active'), equalTo(true)));
        expect(Object.keys(active.val() as object).length).toBeGreaterThanOrEqual(24);

        const newcomer = await signedIn(ports, 'newcomer@example.com', 'newcomer-password', true);
        await set(ref(newcomer.db, `users/${newcomer.uid}`), {
          firstname: 'New',
          lastname: 'Comer',
          email: 'newcomer@example.com',
          role: 'customer',
          created: serverTimestamp(),
        });
        await Promise.all([staff.close(), customer.close(), newcomer.close()]);
      } finally {
        expect((await first.stop('SIGTERM')).code).toBe(0);
      }
      // One signal stopped everything: nothing is left listening.
      expect(await isFree(ports.db)).toBe(true);
      expect(await isFree(ports.auth)).toBe(true);

      const second = startStack(ports);
      try {
        await second.waitForLine(/Press Ctrl-C to stop/, STARTUP_MS);
        expect(second.lines.join('\n')).not.toMatch(/imported .*seed/);
        const newcomer = await signedIn(ports, 'newcomer@example.com', 'newcomer-password');
        expect((await get(ref(newcomer.db, `users/${newcomer.uid}/lastname`))).val()).toBe('Comer');
        expect((await get(ref(newcomer.db, 'properties/tagline'))).val()).toBe('Changed by staff before the restart');
        const staff = await signedIn(ports, 'staff@example.com', 'staff-password');
        expect((await get(ref(staff.db, `users/${staff.uid}/role`))).val()).toBe('staff');
        await Promise.all([newcomer.close(), staff.close()]);
      } finally {
        expect((await second.stop('SIGINT')).code).toBe(0);
      }

      // Ctrl-C while the Auth emulator is still starting: everything stops, and the saved accounts (not yet
      // restored into that emulator) are not overwritten.
      const accountsFile = join(dir, 'data', 'auth', 'accounts.json');
      const accounts = await readFile(accountsFile, 'utf8');
      expect(accounts).toContain('newcomer@example.com');
      const third = startStack(ports);
      await third.waitForLine(/database listening on/, STARTUP_MS);
      expect((await third.stop('SIGINT')).code).toBe(0);
      expect(await isFree(ports.db)).toBe(true);
      expect(await isFree(ports.auth)).toBe(true);
      expect(await readFile(accountsFile, 'utf8')).toBe(accounts);

      const attempts = await readFile(networkLog, 'utf8').catch(() => '');
      expect(attempts).toBe('');
    },
    4 * STARTUP_MS,
  );

  it(
    'stops the database and the Auth emulator when its process group is signalled, even with SIGKILL',
    async () => {
      const [db, auth] = (await freePorts(2)) as [number, number];
      const ports = { db, auth };
      // SIGKILL, as a process manager sends after its grace period, or tsx to a start.ts slow to answer a SIGTERM:
      // start.ts cannot stop anything itself, and the parts it started live in process groups of their own.
      const killed = startStackInGroup(ports);
      await killed.ready();
      killed.signalGroup('SIGKILL');
      expect(await portsFreed(ports, 20_000)).toBe(true);

      // SIGTERM to the group, as process managers that signal the group send first: everything stops cleanly,
      // and the next start gets the ports.
      const terminated = startStackInGroup(ports);
      await terminated.ready();
      terminated.signalGroup('SIGTERM');
      await terminated.exited;
      expect(await portsFreed(ports, 20_000)).toBe(true);
      expect(terminated.lines.join('\n')).toMatch(/database stopped/);
    },
    3 * STARTUP_MS,
  );

  it('says which port is taken and starts nothing', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const stack = startStack({ db: await freePort(), auth: port });
      expect((await stack.exited).code).toBe(1);
      expect(stack.lines.join('\n')).toContain(`start: port ${port} (Auth emulator) is already in use`);
    } finally {
      blocker.close();
    }
  });
});
