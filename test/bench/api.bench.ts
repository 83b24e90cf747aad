/**
 * The API benchmark: p50/p90/p99 of the read calls the web app makes most (documents list, document
 * details, received mails, the Usage page's chart and tables), beside `/healthz` and the session check
 * alone (`/api/status`), at 50 concurrent connections (autocannon), on one user
 * with 1,000 documents and 100,000 received mails. Every call is checked once before the load, and a run
 * with more than 0.1% non-2xx answers or errors fails.
 *
 *   tsx test/bench/api.bench.ts        PGlite, and Postgres too when TEST_DATABASE_URL is set
 *
 * Environment: BENCH_API_SECONDS (measured seconds per call, default 10), BENCH_API_WARMUP_SECONDS
 * (default 2), BENCH_API_CONNECTIONS (default 50), BENCH_API_WORKERS (autocannon worker threads, default 1,
 * 0 = on the server's own event loop), BENCH_API_CALLS (comma-separated parts of call names: only those
 * calls run, e.g. `healthz,status,usage`).
 *
 * Data: one user owns all 1,000 documents (the heaviest list). 20,000 of the 100,000 mails go to one "hot"
 * document (the oldest), the rest ~80 per document; the details and received-mails calls ask for the hot
 * one (its COUNT and newest-first page are the costliest), and received mails once more for a typical one. Mail dates spread over the last ~180 days; 90%
 * processed (each with its reserve + settle ledger entries, which the chart sums), 5% ignored, 2% failed
 * (reserve + refund), 1% expired, 2% held. Postgres runs in a database of its own
 * (`mailscribe_bench_api_<pid>`, created and dropped), PGlite in a temporary data directory (see
 * support/bench-database.ts).
 *
 * Here the run; the calls and their checks are in support/api-calls.ts, the autocannon runs in
 * support/api-load.ts, the shares of /healthz and the table in support/api-report.ts.
 */
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { buildContainer } from '../../src/container.js';
import { startRuntime } from '../../src/roles/runtime.js';
import { describeMachine } from './machine.js';
import { benchDatabaseKinds, openBenchDatabase, type DatabaseKind } from './support/bench-database.js';
import { seedApiBenchmark } from './support/api-seed.js';
import { API_BENCH_DOCUMENTS, API_BENCH_HOT_DOCUMENT_MAILS, API_BENCH_MAILS, callsFor, selected, type Call } from './support/api-calls.js';
import { assertAnswered, load, probeOnce, settle } from './support/api-load.js';
import { apiBenchTable, type ApiBenchResult, type ApiCallResult } from './support/api-report.js';
import { devSignIn } from './support/dev-sign-in.js';
import { testConfig } from '../support/test-config.js';

export { API_BENCH_DOCUMENTS, API_BENCH_HOT_DOCUMENT_MAILS, API_BENCH_MAILS } from './support/api-calls.js';
export { apiBenchTable, callsBelowShare, healthzShares, healthzShareTarget, type ApiBenchResult, type ApiCallResult } from './support/api-report.js';

const INBOUND_DOMAIN = 'in.example.com';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return value;
}

export async function apiBenchmark(kind: DatabaseKind): Promise<ApiBenchResult> {
  const durationSeconds = envNumber('BENCH_API_SECONDS', 10);
  const warmupSeconds = envNumber('BENCH_API_WARMUP_SECONDS', 2);
  const connections = envNumber('BENCH_API_CONNECTIONS', 50);
  const workers = envNumber('BENCH_API_WORKERS', 1);

  const database = await openBenchDatabase(kind, 'api');
  const config = testConfig({ INBOUND_DOMAIN, BILLING: 'off' });
  try {
    const c = buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }) });
    const runtime = await startRuntime(c, ['http'], { http: 0, httpHost: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${runtime.httpPort ?? 0}`;
      // A real session, through the same sign-in the browser walks.
      const { token, userId } = await devSignIn(base, 'bench-owner@example.com', 'Bench Owner');

      const seedStarted = performance.now();
      const seeded = await seedApiBenchmark(database.db, userId, {
        documents: API_BENCH_DOCUMENTS,
        mails: API_BENCH_MAILS,
        hotDocumentMails: API_BENCH_HOT_DOCUMENT_MAILS,
        inboundDomain: INBOUND_DOMAIN,
      });
      const seedSeconds = (performance.now() - seedStarted) / 1000;

      const measure = async (call: Call): Promise<ApiCallResult> => {
        const url = `${base}${call.path}`;
        const probe = await probeOnce(url, token);
        const body: unknown = await probe.json();
        const problem = probe.status === 200 ? call.check(body) : `status ${probe.status}: ${JSON.stringify(body)}`;
        if (problem) throw new Error(`${kind} ${call.name} (${call.path}): ${problem}`);

        if (warmupSeconds > 0) {
          await load(url, token, warmupSeconds, connections, workers);
          await settle(database.db);
        }
        const result = await load(url, token, durationSeconds, connections, workers);
        await settle(database.db);
        const requests = result.requests.total;
        assertAnswered(kind, call, result);
        // Closed-loop connections measure the server saturated (latency ≈ connections ÷ throughput);
        // a steady half of that throughput shows what a request costs when the server keeps up.
        const rate = Math.max(1, Math.floor(requests / result.duration / 2));
        const steady = await load(url, token, durationSeconds, connections, workers, rate);
        await settle(database.db);
        assertAnswered(kind, call, steady);
        return {
          name: call.name,
          path: call.path,
          requests,
          p50Ms: result.latency.p50,
          p90Ms: result.latency.p90,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
          requestsPerSecond: requests / result.duration,
          non2xx: result.non2xx + steady.non2xx,
          errors: result.errors + steady.errors,
          steady: { rate, p50Ms: steady.latency.p50, p99Ms: steady.latency.p99 },
        };
      };

      const chosen = selected(callsFor(seeded));
      const calls: ApiCallResult[] = [];
      for (const call of chosen) calls.push(await measure(call));
      // `/healthz` is the floor every share is taken of: measured first and again last, the better of the two
      // kept, so a slow moment of the machine during its 10 s cannot make the other calls look cheaper.
      const healthz = chosen.find((call) => call.name === 'healthz');
      const first = calls.findIndex((call) => call.name === 'healthz');
      if (healthz && first >= 0 && chosen.length > 1) {
        const again = await measure(healthz);
        if (again.requestsPerSecond > (calls[first]?.requestsPerSecond ?? 0)) calls[first] = again;
      }
      return {
        kind,
        seedSeconds,
        documents: API_BENCH_DOCUMENTS,
        mails: API_BENCH_MAILS,
        hotDocumentMails: API_BENCH_HOT_DOCUMENT_MAILS,
        ledgerEntries: seeded.ledgerEntries,
        connections,
        durationSeconds,
        calls,
      };
    } finally {
      await runtime.stop();
    }
  } finally {
    await database.close();
    rmSync(config.DATA_DIR, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results: ApiBenchResult[] = [];
  for (const kind of benchDatabaseKinds()) results.push(await apiBenchmark(kind));
  const first = results[0];
  const lines = [
    '# API benchmark',
    '',
    ...(await describeMachine()),
    '',
    first
      ? `One user with ${first.documents} documents and ${first.mails} received mails (${first.hotDocumentMails} on the benchmarked document), ${first.ledgerEntries} ledger entries; ${first.connections} connections, ${first.durationSeconds} s per call after a warm-up. Target: each call's throughput a share of /healthz's in the same run.`
      : '',
    `Seeding: ${results.map((result) => `${result.kind} ${result.seedSeconds.toFixed(1)} s`).join(', ')}.`,
    '',
    apiBenchTable(results),
    '',
  ];
  console.log(lines.join('\n'));
}
