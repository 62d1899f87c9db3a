import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './scripts/chromium';

if (!existsSync(TEST_CHROMIUM_PATH)) {
  throw new Error(
    `No Chromium at ${TEST_CHROMIUM_PATH}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.`,
  );
}

const PORT = Number(process.env.E2E_PORT ?? 4183);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Two workers keep two cores at a load of 10 to 12: a page's first load fetches its chunks from `vite preview`,
  // each taking up to a second, so the staff desk after a reload took over 7 s, and a test of a few pages over 30 s,
  // in clean-clone CIs. A test that passes takes no longer for these bounds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's snapshot and a screencast, for every test, to keep the failing ones: in CI, whose
    // output keeps no files, that cost a tenth of the run's time (docs/testing.md#the-browser) for nothing.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The suites were written for pages without a service worker; the PWA specs allow it for themselves.
    serviceWorkers: 'block',
    // Motion reduced, as a visitor may ask for (src/styles/base.css): a transition or a spinner redrawn in software
    // on a two-core machine cost about a quarter of the desk's test time (docs/testing.md#the-browser). The phone keeps
    // motion, so every @phone path also runs with it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      // The production stack (Hosting and Functions emulators, tests/e2e-firebase/firebaseStack.ts): one stack on
      // fixed ports, so its tests run one after another in one worker. Its files too: the stack's rush test has the
      // Functions emulator start a process per waiting call, and a second stack starting beside that (the
      // start-and-stop test) did not answer within four minutes in a clean-clone CI. Listed between the desktop and
      // the phone: its worker starts once the desktop tests are all under way, and the other worker runs the phone
      // tests beside it. Listed last, it ran alone at the end, five minutes on one worker that kept a two-core machine
      // less than half busy; listed first, beside the desktop tests, it slowed them for no shorter run
      // (docs/testing.md#the-production-stack-beside-the-phone).
      name: 'firebase',
      testDir: 'tests/e2e-firebase',
      fullyParallel: false,
      workers: 1,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        reducedMotion: 'no-preference',
      },
    },
  ],
  // The e2e build (.env.e2e) expects its database on a port of its own; tests relay it to their own servers. Its app
  // server relays a page's calls to trusted code to the test's own, on the port its cookie names
  // (docs/testing.md#trusted-code-on-a-port-of-the-tests-own).
  webServer: [
    {
      command: `npm run --silent build:e2e && npx tsx tests/e2e/appServer.ts ${PORT}`,
      url: `http://localhost:${PORT}/home`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      // The Auth emulator the e2e build signs in against (.env.e2e, or VITE_AUTH_EMULATOR_PORT from the environment,
      // which also reaches the build); SIGTERM lets it stop its own process group.
      command: 'npx tsx tests/e2e/accounts-emulator.ts',
      url: `http://127.0.0.1:${process.env.VITE_AUTH_EMULATOR_PORT ?? 9199}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
