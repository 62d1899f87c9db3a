import { existsSync } from 'node:fs';

/**
 * The one Chromium every benchmark and script drives: the system's (browsers are never downloaded), or the binary
 * CHROME_PATH names.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the tests drive: Chromium's headless shell where it is installed (Debian: chromium-headless-shell, as
 * `.ci/run` installs it), the same engine without the browser's own interface, whose processes took CPU from the
 * tests on two cores (docs/testing.md#the-browser). CHROME_PATH still decides when set.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Root in containers needs --no-sandbox; the rest keeps Chromium from calling out on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
