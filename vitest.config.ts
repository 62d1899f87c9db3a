import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/build/lingui.ts';

/** Server tests that replace modules with vi.mock: they run isolated, in a project of their own. */
const SERVER_TESTS_THAT_MOCK = ['tests/server/write-round-rules.test.ts', 'tests/server/write-round-waits.test.ts'];

export default defineConfig({
  test: {
    // A worker per core, two at least: the server tests mostly wait on their database and sockets, and with
    // vitest's default (one less than the cores) a two-core CI host ran them one file at a time (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // Unit tests import modules that speak through Lingui's macros (docs/languages.md).
        plugins: linguiPlugins(),
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/english.ts'],
          // A worker's files share what they import (the SDKs, Lingui, the models) instead of importing it all again
          // for each file: half the phase's time went to imports (docs/testing.md#the-phases).
          isolate: false,
        },
      },
      {
        plugins: linguiPlugins(),
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_TESTS_THAT_MOCK,
          environment: 'node',
          setupFiles: ['tests/setup/english.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        // The server tests that replace a module (vi.mock) keep a module registry of their own: shared, a module they
        // replace is the one another file imported first, or theirs leaks into the next file.
        plugins: linguiPlugins(),
        test: {
          name: 'server-mocking',
          include: SERVER_TESTS_THAT_MOCK,
          environment: 'node',
          setupFiles: ['tests/setup/english.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
