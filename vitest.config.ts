import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its main process, which on a two-core machine means one file at
    // a time; most files wait on a database, a socket or a child process, so two at once halve the wall
    // time (measured: 359 s → 236 s for `npm test` here) without starving either.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/api/**/*.test.ts', 'test/security/**/*.test.ts'],
          setupFiles: ['test/support/setup.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          env: { TZ: 'UTC' },
          // One module graph per worker instead of one per file: the server's files re-imported the app
          // (Koa, knex, PGlite, the SDKs) about 130 times. Measured on a two-core AMD EPYC: 330 s → 177 s for
          // this project; green in file orders shuffled on both databases. Each file still builds its own
          // app, database and container, and test/support/setup.ts puts back timers, mocks, globals and env.
          isolate: false,
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
          // One Chromium and one migrated database template for the run (test/e2e/support/global-setup.ts).
          globalSetup: ['test/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two journey files at a time (each with its own app process and browser context on the shared
          // Chromium): much of a journey waits on its app, so two cores run two (measured here: 202 s → 170 s).
          maxWorkers: 2,
        },
      },
    ],
  },
});
