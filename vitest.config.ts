import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/api/**/*.test.ts', 'test/security/**/*.test.ts'],
          setupFiles: ['test/support/setup.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          env: { TZ: 'UTC' },
          // Hang guards only (no test relies on them): generous, because a loaded two-core machine can
          // be several times slower than a quiet one.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // Real browser journeys on a small, busy machine: one retry absorbs a timing hiccup; a real
          // failure fails twice.
          retry: 1,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
