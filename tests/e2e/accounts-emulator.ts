/**
 * The Firebase Auth emulator for the end-to-end tests, started by playwright.config.ts on the port the e2e build
 * signs in against (.env.e2e). Tests create their own users in it (tests/e2e/accounts.ts), so it starts empty,
 * and its accounts vanish with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AuthEmulator } from '../../scripts/stack/auth-emulator';

// The same port as tests/e2e/accounts.ts uses (that module needs the Playwright runner, so it is not imported).
const PORT = Number(process.env.VITE_AUTH_EMULATOR_PORT ?? 9199);
const dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-auth-'));
const emulator = await AuthEmulator.launch({
  repo: resolve(import.meta.dirname, '../..'),
  dir,
  host: '127.0.0.1',
  port: PORT,
});

const stop = async () => {
  await emulator.process.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

emulator.ready({ persist: false }).then(
  () => console.log(`Auth emulator for e2e on http://127.0.0.1:${PORT}`),
  (error: unknown) => {
    console.error(error);
    emulator.kill();
    process.exit(1);
  },
);
