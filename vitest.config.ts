import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/build/lingui.ts';

export default defineConfig({
  test: {
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
