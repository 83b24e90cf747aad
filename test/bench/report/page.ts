/** The whole of docs/benchmarks.md around the sections `npm run bench` (run.ts) measured: title, machine, notes. */

/** The page a full run writes: its sections' `body` between the machine it ran on and the notes. */
export function benchmarksPage(machine: string[], body: string): string {
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (see [Running them](#running-them)); do not edit the numbers by hand.',
    '',
    '## Machine',
    '',
    ...machine,
    '',
    body,
    '',
    NOTES,
  ].join('\n');
}

// Not a benchmark run here: CI is timed on a clean clone (below), and this text says what it took last.
const NOTES = `## CI

\`.ci/run\` on a clean clone (npm ci, lint, typecheck, \`npm test\` on both databases, the browser journeys, the
bundle budgets), on a quiet two-core machine, is timed by hand: its target is 10 minutes. At commit 1aedafe on
2026-11-29 it took 528 s: npm ci 18 s, lint 19 s, typecheck 23 s, \`npm test\` with Postgres 287 s (292 files,
3,482 tests), the journeys 177 s (20 files, two at a time, including the build), the bundle budgets 3 s.

The same run depends on the machine. At commit f1b179e, on 2026-11-29, it took 1,060 s on another two-core
machine, where \`npm run typecheck\` alone takes 37 s instead of 23 s. The steps took: npm ci 32 s, lint 30 s,
typecheck 36 s, \`npm test\` with Postgres 500 s, the journeys 456 s, the bundle budgets 5 s. So on that
machine the run is over its target.

## Running them

\`npm run bench\` builds the web app, then runs every benchmark on PGlite and, when \`TEST_DATABASE_URL\` points
at a Postgres server, on Postgres too, in databases of their own that are dropped afterwards. It takes a few
minutes. Run it on an otherwise idle machine: the load generators share the CPU with the app.
\`BENCH_ONLY=attachments\` (names from test/bench/bench-selection.ts; another name is refused) runs some benchmarks and prints them;
with \`BENCH_WRITE_SECTIONS=1\` their sections here are replaced and marked as measured alone.`;
