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
import { NAMESPACE, type RunningProcess, runTs } from './cli-support';
import { freePort, freePorts } from '../../scripts/stack/ports';
import { isFree, portsFreed, startStackInGroup } from './support/stackGroup';

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

function startStack(ports: { db: number; auth: number }): RunningProcess {
  return runTs(
    'scripts/start.ts',
    ['--no-app', '--data', join(dir, 'data'), '--db-port', String(ports.db), '--auth-port', String(ports.auth)],
    { NODE_OPTIONS: `--import ${GUARD}`, STACK_NETWORK_LOG: networkLog },
  );
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
    'leaves neither the database nor the Auth emulator running when its process group is killed (SIGKILL)',
    async () => {
      const [db, auth] = (await freePorts(2)) as [number, number];
      const args = [
        '--no-app',
        '--data',
        join(dir, 'group-data'),
        '--db-port',
        String(db),
        '--auth-port',
        String(auth),
      ];
      // SIGKILL, as a process manager sends after its grace period: start.ts cannot stop anything itself, and the
      // parts it started live in process groups of their own.
      const killed = startStackInGroup('scripts/start.ts', args);
      await killed.ready(STARTUP_MS);
      killed.signalGroup('SIGKILL');
      expect(await portsFreed([db, auth], 20_000)).toBe(true);

      // SIGTERM and SIGINT to the group, which stop the stack cleanly, are tried on the whole of `npm start`, the app
      // and the mailbox with these two, by tests/e2e-firebase/stack-signals.spec.ts (docs/testing.md#moving-checks-to-where-they-belong).
    },
    4 * STARTUP_MS,
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
