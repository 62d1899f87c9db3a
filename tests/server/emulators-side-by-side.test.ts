import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';
import { freePorts } from '../../scripts/stack/ports';

// Runs of firebase-tools that start at the same moment, as the stacks of parallel test workers do: each must come up
// and keep to itself (docs/production.md, "Running the emulators side by side").
const RUNS = 4;
const emulators: AuthEmulator[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(emulators.map((emulator) => emulator.stop()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}, 60_000);

it('Auth emulators started at the same moment all come up, each with its own accounts', async () => {
  const ports = await freePorts(RUNS);
  for (const port of ports) {
    const dir = await mkdtemp(join(tmpdir(), 'side-by-side-'));
    dirs.push(dir);
    emulators.push(await AuthEmulator.launch({ repo: resolve('.'), dir, host: '127.0.0.1', port }));
  }
  await Promise.all(emulators.map((emulator) => emulator.ready({ persist: false })));
  const users = emulators.map((_, i) => ({
    uid: `side-${i}`,
    email: `side-${i}@example.com`,
    password: 'password-1',
    firstname: 'Side',
    lastname: String(i),
    role: 'customer' as const,
  }));
  await Promise.all(emulators.map((emulator, i) => emulator.ensureUsers([users[i]!])));
  for (const [i, emulator] of emulators.entries()) {
    expect((await emulator.accounts()).map((account) => account.email)).toEqual([users[i]!.email]);
  }
}, 120_000);
