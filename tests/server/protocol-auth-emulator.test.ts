import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signOut } from 'firebase/auth';
import { get, onValue, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { eventually, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';
import { freePorts } from './support/ports';

const RULES = `{ "rules": { "users": { "$uid": {
  ".read": "auth != null && auth.uid === $uid && auth.token.email === data.child('email').val()",
  ".write": "auth != null && auth.uid === $uid && auth.provider === 'password'"
} } } }`;

let emulator: ChildProcess;
let emulatorDir: string;
let authPort: number;
let server: DatabaseServer;
const clients: SdkClient[] = [];

beforeAll(async () => {
  const [auth, hub, logging] = (await freePorts(3)) as [number, number, number];
  authPort = auth;
  emulatorDir = mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  writeFileSync(
    join(emulatorDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const cli = resolve('node_modules/.bin/firebase');
  emulator = spawn(cli, ['emulators:start', '--only', 'auth', '--project', 'demo-storefront'], { cwd: emulatorDir });
  await new Promise<void>((ready, fail) => {
    let output = '';
    emulator.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('All emulators ready')) ready();
    });
    emulator.once('exit', (code) => fail(new Error(`Auth emulator exited (${code}): ${output}`)));
  });
  server = await startTestServer({ rules: compileRules(RULES) });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise((done) => emulator.once('exit', done));
    emulator.kill('SIGINT');
    await exited;
  }
  rmSync(emulatorDir, { recursive: true, force: true });
}, 60_000);

function signedInClient(): { client: SdkClient; auth: ReturnType<typeof getAuth> } {
  const client = sdkClient(server);
  clients.push(client);
  const auth = getAuth(client.app);
  connectAuthEmulator(auth, `http://127.0.0.1:${authPort}`, { disableWarnings: true });
  return { client, auth };
}

describe('ID tokens from the real Auth emulator', () => {
  it('carries uid, provider and email claims to rules, and revokes listens on sign-out', async () => {
    const { client, auth } = signedInClient();
    const { user } = await createUserWithEmailAndPassword(auth, 'ann@example.com', 'ann-password');
    await set(ref(client.db, `users/${user.uid}`), { email: 'ann@example.com', name: 'Ann' });
    const values: unknown[] = [];
    const cancelled = new Promise<Error>((done) => {
      onValue(ref(client.db, `users/${user.uid}`), (snapshot) => values.push(snapshot.val()), done);
    });
    await eventually(() => (values.length > 0 ? true : undefined));
    expect(values[0]).toEqual({ email: 'ann@example.com', name: 'Ann' });

    const other = signedInClient();
    await createUserWithEmailAndPassword(other.auth, 'bob@example.com', 'bob-password');
    await expect(get(ref(other.client.db, `users/${user.uid}`))).rejects.toThrow(/permission/i);

    await signOut(auth);
    expect((await cancelled).message).toMatch(/permission_denied/);
  });
});
