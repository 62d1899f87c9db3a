/**
 * The one Chromium every test, benchmark and script drives: the system's (browsers are never downloaded), or the
 * binary CHROME_PATH names.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Root in containers needs --no-sandbox; the rest keeps Chromium from calling out on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
