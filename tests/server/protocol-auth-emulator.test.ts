import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signOut } from 'firebase/auth';
import { get, onValue, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../server/rules/index';
import type { DatabaseServer } from '../../server/server';
import { eventually, sdkClient, type SdkClient, startTestServer } from './support/protocol-harness';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';
import { freePort } from '../../scripts/stack/ports';

const RULES = `{ "rules": { "users": { "$uid": {
  ".read": "auth != null && auth.uid === $uid && auth.token.email === data.child('email').val()",
  ".write": "auth != null && auth.uid === $uid && auth.provider === 'password'"
} } } }`;

let emulator: AuthEmulator | undefined;
let emulatorDir: string;
let authPort: number;
let server: DatabaseServer;
const clients: SdkClient[] = [];

beforeAll(async () => {
  authPort = await freePort();
  emulatorDir = mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  emulator = await AuthEmulator.launch({ repo: resolve('.'), dir: emulatorDir, host: '127.0.0.1', port: authPort });
  await emulator.ready({ persist: false });
  server = await startTestServer({ rules: compileRules(RULES) });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
  await emulator?.stop();
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
