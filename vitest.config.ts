import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/build/lingui.ts';

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
        },
      },
      {
        plugins: linguiPlugins(),
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/english.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
