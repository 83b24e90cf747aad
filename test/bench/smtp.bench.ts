/**
 * `npm run bench:smtp`: SMTP intake with durable commit next to a bare smtp-server + mailparser in the
 * same run, and the pipeline's latency from 250 to written with zero-latency model and document fakes.
 * Writes docs/benchmarks-smtp.md.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { buildContainer } from '../../src/container.js';
import { CreateDocument } from '../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../src/modules/documents/infra/knex.document.repository.js';
import { GrantTokens } from '../../src/modules/token-ledger/index.js';
import { KnexLedgerRepository } from '../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { openDatabase, type OpenDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { startRuntime } from '../../src/roles/runtime.js';
import type { Llm } from '../../src/modules/summarization/index.js';
import { InMemoryDocStore } from '../support/fakes/in-memory-documents.js';
import { verdictOf } from '../support/mail.js';
import { testConfig } from '../support/test-config.js';
import { aUser } from '../support/users.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 400);
const CONCURRENCY = 8;
const BODY = `Hello team,\n\n${'The quarterly numbers are in and they look good. Please review the attached summary by Friday. '.repeat(12)}\n\nThanks,\nAda`;

const DOCUMENTS = 40;

async function blast(port: number, to: string | string[]): Promise<number> {
  const recipients = Array.isArray(to) ? to : [to];
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: CONCURRENCY, maxMessages: Infinity });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        next += 1;
        await transport.sendMail({ from: 'ada@example.com', to: recipients[next % recipients.length], subject: `Report ${next}`, text: BODY });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return MESSAGES / seconds;
}

async function rawBaseline(): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(() => callback())
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  try {
    return await blast(port, ['doc-abcdefghij@in.example.com']);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Mail spread over many users and documents, as in real use (one user's writes are rate-limited). */
async function setup(kind: 'pglite' | 'postgres'): Promise<{ database: OpenDatabase; forwards: string[]; externalIds: string[] }> {
  const url = process.env.TEST_DATABASE_URL;
  const database = kind === 'postgres' && url ? await openDatabase({ url }) : await openDatabase({ dataDir: 'memory' });
  await migrateToLatest(database.db);
  await database.db.raw('TRUNCATE users CASCADE');
  const config = testConfig({ INBOUND_DOMAIN: 'in.example.com' });
  const forwards: string[] = [];
  const externalIds: string[] = [];
  for (let n = 0; n < DOCUMENTS; n += 1) {
    const userId = await aUser(database.db, `bench-${n}@example.com`);
    const doc = await new CreateDocument(new KnexDocumentRepository(database.db), new InMemoryDocStore(), config).execute({
      ownerId: userId,
      documentId: crypto.randomUUID(),
      name: `Bench ${n}`,
      description: '',
      allowedEmails: ['ada@example.com'],
    });
    await new GrantTokens(new KnexLedgerRepository(database.db)).execute({ userId, sourceKey: `${userId}:bench`, tokens: 100_000, kind: 'admin_grant', description: 'Bench', payedUsdCents: 0 });
    forwards.push(doc.forwardEmail);
    externalIds.push(doc.externalId);
  }
  return { database, forwards, externalIds };
}

const instantLlm: Llm = {
  summarise: () => Promise.resolve({ summary: { title: 'T', summary: 'The numbers are in.', keyPoints: [], actionItems: [] }, usage: { inputTokens: 1, outputTokens: 1 } }),
};

async function intake(kind: 'pglite' | 'postgres'): Promise<number> {
  const { database, forwards } = await setup(kind);
  const config = testConfig({ INBOUND_DOMAIN: 'in.example.com', SMTP_MESSAGES_PER_MINUTE_PER_IP: '1000000', SMTP_MAX_CONNECTIONS_PER_IP: '1000', BILLING: 'off' });
  const c = buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }), overrides: { docStore: new InMemoryDocStore() } });
  const runtime = await startRuntime(c, ['smtp'], { smtp: 0 });
  try {
    return await blast(runtime.smtpPort ?? 0, forwards);
  } finally {
    await runtime.stop();
    await database.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function pipeline(kind: 'pglite' | 'postgres') {
  const { database, forwards, externalIds } = await setup(kind);
  const store = new InMemoryDocStore();
  const config = testConfig({ INBOUND_DOMAIN: 'in.example.com', JOB_POLLING_SECONDS: '0.5', WORKER_CONCURRENCY: '4', SMTP_MESSAGES_PER_MINUTE_PER_IP: '1000000', SMTP_MAX_CONNECTIONS_PER_IP: '1000', BILLING: 'off' });
  const c = buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }), overrides: { llm: instantLlm, senderAuthenticator: verdictOf('none'), docStore: store } });
  // The in-memory store needs the document the repository points at.
  for (const externalId of externalIds) store.docs.set(externalId, { ownerId: '', title: 'Bench', intro: '', blocks: [] });
  const runtime = await startRuntime(c, ['smtp', 'worker'], { smtp: 0 });
  const started = performance.now();
  try {
    await blast(runtime.smtpPort ?? 0, forwards);
    for (;;) {
      const left = (await database.db('inbound_messages').whereNot({ status: 'processed' }).count({ n: '*' }).first()) as { n: number };
      if (Number(left.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = (await database.db('inbound_messages').select(database.db.raw('extract(epoch from (written_at - received_at)) * 1000 as ms'))) as { ms: string | number }[];
    const latencies = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), perSecond: MESSAGES / seconds };
  } finally {
    await runtime.stop();
    await database.close();
  }
}

const kinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const raw = await rawBaseline();
const lines = [
  '# SMTP intake and pipeline benchmark',
  '',
  `Run ${new Date().toISOString()} with \`npm run bench:smtp\` on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
  `${MESSAGES} messages of ${BODY.length} characters over ${CONCURRENCY} concurrent SMTP connections, spread over ${DOCUMENTS} users' documents.`,
  '',
  '| measure | value |',
  '|---|---|',
  `| bare smtp-server + mailparser (no storage) | ${raw.toFixed(0)} msg/s |`,
];
for (const kind of kinds) {
  const ours = await intake(kind);
  lines.push(`| Mailscribe intake, durable commit (${kind}) | ${ours.toFixed(0)} msg/s (${((ours / raw) * 100).toFixed(0)}% of bare) |`);
}
for (const kind of kinds) {
  const result = await pipeline(kind);
  lines.push(`| pipeline 250 → written, p50 / p99 (${kind}) | ${result.p50.toFixed(0)} ms / ${result.p99.toFixed(0)} ms |`);
  lines.push(`| pipeline throughput (${kind}, 4 workers) | ${result.perSecond.toFixed(0)} mails/s |`);
}
lines.push('', 'The model and the document store are zero-latency fakes here: the numbers are the app\'s own cost (SMTP, storage, queue, ledger).', '');
writeFileSync('docs/benchmarks-smtp.md', `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
