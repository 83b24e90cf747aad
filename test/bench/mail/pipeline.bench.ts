/**
 * The pipeline from 250 to written, with a zero-latency model and document store: its capacity
 * (a burst drained as fast as the workers go) and its latency at a steady rate below that capacity
 * (the p50/p99 a sender sees when the queue is not backed up).
 */
import 'reflect-metadata';
import { pino } from 'pino';
import { buildContainer } from '../../../src/container.js';
import { openDatabase, type Database } from '../../../src/platform/db/database.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { verdictOf } from '../../support/fakes/fixed-sender-authenticator.js';
import { openBenchDatabase, type DatabaseKind } from '../support/bench-database.js';
import { benchConfig, instantLlm, percentile, seedDocuments, sendMails } from './mail-fixture.js';
import { DOC_STORE } from '../../../src/modules/documents/index.js';
import { SENDER_AUTHENTICATOR } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { LLM } from '../../../src/modules/summarization/index.js';
import { override } from '../../../src/platform/wiring/overrides.js';

export const PIPELINE_WORKERS = 4;
const DOCUMENTS = 40;
const CONNECTIONS = 4;

export interface PipelineResult {
  kind: DatabaseKind;
  workers: number;
  burst: { mails: number; mailsPerSecond: number };
  steady: { mails: number; rate: number; p50Ms: number; p99Ms: number; maxMs: number };
}

async function waitUntilDone(db: Database, expected: number): Promise<void> {
  for (;;) {
    const row = (await db('inbound_messages').where({ status: 'processed' }).count({ n: '*' }).first()) as { n: number | string };
    if (Number(row.n) >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Received → written of every processed mail received after `since`, sorted (ms). */
async function latencies(db: Database, since: Date): Promise<number[]> {
  const rows = (await db('inbound_messages')
    .where('received_at', '>=', since)
    .whereNotNull('written_at')
    .select(db.raw('extract(epoch from (written_at - received_at)) * 1000 as ms'))) as { ms: string | number }[];
  return rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
}

/** Capacity from the first 250 to the last mail processed (sending time is the client's, not ours). */
async function drainRate(db: Database, since: Date): Promise<number> {
  const row = (await db('inbound_messages')
    .where('received_at', '>=', since)
    .select(db.raw('count(*) as n, extract(epoch from (max(updated_at) - min(received_at))) as seconds'))
    .first()) as { n: number | string; seconds: number | string };
  return Number(row.n) / Math.max(Number(row.seconds), 0.001);
}

export async function pipelineBenchmark(kind: DatabaseKind, options: { burst?: number; steady?: number } = {}): Promise<PipelineResult> {
  // Long enough that the rate is the pipeline's steady pace, not its start and its tail.
  const burst = options.burst ?? Number(process.env.BENCH_PIPELINE_BURST ?? 1_500);
  const steady = options.steady ?? 300;
  const database = await openBenchDatabase(kind, 'pipeline');
  const { forwards, store } = await seedDocuments(database.db, DOCUMENTS);
  // On Postgres the app runs as in production: notices and wakes over LISTEN/NOTIFY.
  const config = benchConfig({ JOB_POLLING_SECONDS: '0.5', WORKER_CONCURRENCY: String(PIPELINE_WORKERS), ...(database.url ? { DATABASE_URL: database.url } : {}) });
  const c = buildContainer({
    config,
    db: database.db,
    logger: pino({ level: 'silent' }),
    overrides: [override(LLM, instantLlm), override(SENDER_AUTHENTICATOR, verdictOf('none')), override(DOC_STORE, store)],
  });
  const runtime = await startRuntime(c, ['smtp', 'worker'], { smtp: 0 });
  const port = runtime.smtpPort ?? 0;
  try {
    // Warm-up: worker threads, statement caches, the JIT.
    await sendMails({ port, recipients: forwards, messages: 40, connections: CONNECTIONS });
    await waitUntilDone(database.db, 40);

    const burstStart = new Date();
    await sendMails({ port, recipients: forwards, messages: burst, connections: CONNECTIONS });
    await waitUntilDone(database.db, 40 + burst);
    const capacity = await drainRate(database.db, burstStart);

    // Half the capacity: a steady load the workers keep up with, as a production install should run.
    const rate = Math.max(1, Math.floor(capacity / 2));
    const steadyStart = new Date();
    await sendMails({ port, recipients: forwards, messages: steady, connections: CONNECTIONS, rate });
    await waitUntilDone(database.db, 40 + burst + steady);
    const sorted = await latencies(database.db, steadyStart);
    return {
      kind,
      workers: PIPELINE_WORKERS,
      burst: { mails: burst, mailsPerSecond: capacity },
      steady: { mails: sorted.length, rate, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), maxMs: sorted.at(-1) ?? 0 },
    };
  } finally {
    await runtime.stop();
    await database.close();
  }
}

export interface SplitRolesResult {
  workers: number;
  pollingSeconds: number;
  steady: { mails: number; rate: number; p50Ms: number; p99Ms: number; maxMs: number };
}

/**
 * The scale-out shape on Postgres: the SMTP role in one runtime, the workers in a second one with its own
 * connections and its own notification bus (as a second process would have), both on one database. A
 * job committed by the SMTP side reaches the workers by LISTEN/NOTIFY, not by their next poll, which is
 * left at its default so the difference shows.
 */
export async function splitRolesBenchmark(options: { rate: number; mails?: number }): Promise<SplitRolesResult> {
  const mails = options.mails ?? 300;
  const database = await openBenchDatabase('postgres', 'pipeline_split');
  const url = database.url ?? '';
  const workerDatabase = await openDatabase({ url });
  const { forwards, store } = await seedDocuments(database.db, DOCUMENTS);
  const config = benchConfig({ WORKER_CONCURRENCY: String(PIPELINE_WORKERS), DATABASE_URL: url });
  const overrides = [override(LLM, instantLlm), override(SENDER_AUTHENTICATOR, verdictOf('none')), override(DOC_STORE, store)];
  const workers = await startRuntime(buildContainer({ config, db: workerDatabase.db, logger: pino({ level: 'silent' }), overrides }), ['worker']);
  const smtp = await startRuntime(buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }), overrides }), ['smtp'], { smtp: 0 });
  const port = smtp.smtpPort ?? 0;
  try {
    await sendMails({ port, recipients: forwards, messages: 40, connections: CONNECTIONS });
    await waitUntilDone(database.db, 40);
    const start = new Date();
    await sendMails({ port, recipients: forwards, messages: mails, connections: CONNECTIONS, rate: options.rate });
    await waitUntilDone(database.db, 40 + mails);
    const sorted = await latencies(database.db, start);
    return {
      workers: PIPELINE_WORKERS,
      pollingSeconds: config.JOB_POLLING_SECONDS,
      steady: { mails: sorted.length, rate: options.rate, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), maxMs: sorted.at(-1) ?? 0 },
    };
  } finally {
    await smtp.stop();
    await workers.stop();
    await workerDatabase.close();
    await database.close();
  }
}
