/**
 * Mail written into Google Docs with Google's limits enforced (docs/architecture.md, "Write once"): the
 * fake Google Docs server answers 429 RESOURCE_EXHAUSTED past 60 writes a minute per user, 600 per
 * project and 300 reads a minute per user, as Google does; the app keeps its default budgets below
 * those. Measured on the wall clock: the time from the first mail sent until the last one is written.
 */
import 'reflect-metadata';
import { pino } from 'pino';
import { buildContainer } from '../../../src/container.js';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import { GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { blockRef } from '../../../src/modules/mail/domain/mail-block.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import { GrantTokens } from '../../../src/modules/token-ledger/index.js';
import { noBalanceEvents } from '../../../src/modules/token-ledger/application/ports/balance-events.port.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import type { Database } from '../../../src/platform/db/database.js';
import { startRuntime } from '../../../src/roles/runtime.js';
import { GOOGLE_LIMITS, startFakeGoogleDocs, type FakeGoogleDocs } from '../../support/fakes/fake-google-docs.server.js';
import { verdictOf } from '../../support/fakes/fixed-sender-authenticator.js';
import { aUser } from '../../support/users.js';
import { openBenchDatabase, type DatabaseKind } from '../support/bench-database.js';
import { benchConfig, instantLlm, SENDER, sendMails } from './mail-fixture.js';
import { DOC_STORE } from '../../../src/modules/documents/index.js';
import { SENDER_AUTHENTICATOR } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { LLM } from '../../../src/modules/summarization/index.js';
import { override } from '../../../src/platform/wiring/overrides.js';

const WORKERS = 4;
const CONNECTIONS = 4;

export interface GoogleLimitsRow {
  kind: DatabaseKind;
  mails: number;
  users: number;
  /** From the first mail sent to the last block written. */
  seconds: number;
  /** batchUpdate calls Google carried out for the mail (documents' creation left out). */
  writes: number;
  reads: number;
  refused429: number;
  failed: number;
  duplicates: number;
  missing: number;
  budgets: { writesPerUser: number; writesPerProject: number; readsPerUser: number };
}

/** `users` users, one Google document each, made in the fake through the store as the app makes them. */
async function seed(db: Database, google: FakeGoogleDocs, users: number) {
  const tokens = new Map<string, string>();
  const credentials: ProviderCredentials = { refreshTokenOf: (userId) => Promise.resolve(tokens.get(userId) ?? null) };
  const store = new GoogleDocsDocStore({ clientId: google.clientId, clientSecret: google.clientSecret, credentials, rootUrl: google.rootUrl, tokenUrl: google.tokenUrl });
  const config = benchConfig();
  const docs: { forward: string; externalId: string }[] = [];
  for (let n = 0; n < users; n += 1) {
    const userId = await aUser(db, `google-${n}@example.com`);
    tokens.set(userId, google.issueRefreshToken(userId));
    const doc = await new CreateDocument(new KnexDocumentRepository(db), store, config).execute({ ownerId: userId, documentId: crypto.randomUUID(), name: `Google ${n}`, description: '', allowedEmails: [SENDER] });
    await new GrantTokens(new KnexLedgerRepository(db), noBalanceEvents).execute({ userId, sourceKey: `${userId}:bench`, tokens: 100_000, kind: 'admin_grant', description: 'Bench', payedUsdCents: 0 });
    docs.push({ forward: doc.forwardEmail, externalId: doc.externalId });
  }
  return { store, docs };
}

async function settledCount(db: Database): Promise<{ done: number; failed: number }> {
  const rows = (await db('inbound_messages').select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: number | string }[];
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { done: of('processed') + of('failed') + of('ignored'), failed: of('failed') };
}

export async function googleLimitsBenchmark(kind: DatabaseKind, options: { mails: number; users: number }): Promise<GoogleLimitsRow> {
  const database = await openBenchDatabase(kind, `google_${options.users}`);
  const google = await startFakeGoogleDocs({ limits: GOOGLE_LIMITS });
  try {
    const { store, docs } = await seed(database.db, google, options.users);
    const config = benchConfig({ JOB_POLLING_SECONDS: '0.5', WORKER_CONCURRENCY: String(WORKERS), SENDER_AUTH: 'off', ...(database.url ? { DATABASE_URL: database.url } : {}) });
    const c = buildContainer({ config, db: database.db, logger: pino({ level: 'silent' }), overrides: [override(LLM, instantLlm), override(SENDER_AUTHENTICATOR, verdictOf('none')), override(DOC_STORE, store)] });
    const runtime = await startRuntime(c, ['smtp', 'worker'], { smtp: 0 });
    const before = { writes: google.count('POST', ':batchUpdate'), reads: google.quota.reads };
    try {
      const started = Date.now();
      await sendMails({ port: runtime.smtpPort ?? 0, recipients: docs.map((doc) => doc.forward), messages: options.mails, connections: CONNECTIONS });
      let settled = await settledCount(database.db);
      while (settled.done < options.mails) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        settled = await settledCount(database.db);
      }
      const last = (await database.db('inbound_messages').max({ at: 'written_at' }).first()) as { at: Date | string | null };
      const seconds = ((last.at ? new Date(last.at).getTime() : Date.now()) - started) / 1000;
      const ids = ((await database.db('inbound_messages').select('id')) as { id: string }[]).map((row) => row.id);
      const text = docs.map((doc) => google.document(doc.externalId)?.text ?? '').join('\n');
      let duplicates = 0;
      let missing = 0;
      for (const id of ids) {
        const copies = text.split(blockRef(id)).length - 1;
        if (copies === 0) missing += 1;
        duplicates += Math.max(0, copies - 1);
      }
      const writes = google.requests.filter((request) => request.path.endsWith(':batchUpdate') && request.status === 200).length - before.writes;
      return {
        kind,
        mails: options.mails,
        users: options.users,
        seconds,
        writes,
        reads: google.quota.reads - before.reads,
        refused429: google.quota.refused,
        failed: settled.failed,
        duplicates,
        missing,
        budgets: { writesPerUser: config.DOC_WRITES_PER_MINUTE_PER_USER, writesPerProject: config.DOC_WRITES_PER_MINUTE_PER_PROJECT, readsPerUser: config.DOC_READS_PER_MINUTE_PER_USER },
      };
    } finally {
      await runtime.stop();
    }
  } finally {
    await google.close();
    await database.close();
  }
}
