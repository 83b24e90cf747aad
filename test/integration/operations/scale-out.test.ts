// Scale-out proof: two app processes (roles smtp + worker) on one Postgres database, each with its own
// SMTP listener, share 500 mails. Every mail is processed exactly once (one block, one reservation,
// one settlement, one count) and both processes do part of the work.
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { blockRef } from '../../../src/modules/mail/domain/mail-block.js';
import { processedIds, queuedIds, startAppProcess, type AppProcess } from '../../support/operations/app-process.js';
import { freePorts } from '../../support/free-ports.js';
import { testConfig } from '../../support/test-config.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const MAILS = 500;
// A user's document writes are limited to 50 a minute (Google allows 60): 20 users of 25 mails each
// stay below that, so no mail waits for the limiter and the run measures the processes, not the limit.
const USERS = 20;
const SENDERS = 16;
const PROCESSING_TIMEOUT_MS = 120_000;

describe.skipIf(!inject('postgresTemplate'))('scale-out: two smtp+worker processes on one Postgres database', () => {
  const database = useTestDatabase('postgres');
  const apps: AppProcess[] = [];

  // Runs before the database's own afterAll (registered earlier): the processes stop before it is dropped.
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop(10_000)));
  });

  it(`${MAILS} mails sent to both listeners are each processed exactly once, by both processes`, async () => {
    const db = database.db;
    const config = testConfig({ INBOUND_DOMAIN: 'in.example.com' });
    const create = new CreateDocument(new KnexDocumentRepository(db), new LocalDocStore(db, config.PUBLIC_URL), config);
    const targets: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const userId = await aUser(db, `scale-${i}@example.com`);
      const doc = await create.execute({ ownerId: userId, documentId: crypto.randomUUID(), name: `Scale ${i}`, description: '', allowedEmails: ['boss@example.com'] });
      targets.push(doc.forwardEmail);
    }

    const ports = await freePorts(2);
    const env = {
      ROLES: 'smtp,worker',
      DATABASE_URL: database.url ?? '',
      INBOUND_DOMAIN: 'in.example.com',
      SENDER_AUTH: 'off',
      // Self-hosted mode: every user is active with unlimited tokens; the ledger still records each
      // mail's reservation and settlement (with zero deltas), once.
      BILLING: 'off',
      JOB_POLLING_SECONDS: '0.5',
      // Every test mail comes from 127.0.0.1: lift the per-IP limits an MX would keep.
      SMTP_MESSAGES_PER_MINUTE_PER_IP: '10000',
      SMTP_MAX_CONNECTIONS_PER_IP: '50',
    };
    // One after the other: two processes starting at the same moment on a fresh database can deadlock
    // in pg-boss's queue creation (reported separately); once the queues exist, starts are independent.
    for (const [i, port] of ports.entries()) apps.push(await startAppProcess(`app-${i + 1}`, { ...env, SMTP_PORT: String(port) }));

    const transports = apps.map((app) =>
      nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort ?? 0, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: Infinity }),
    );
    const accepted: string[] = [];
    const sendStarted = performance.now();
    let next = 0;
    const sender = async () => {
      for (let i = next++; i < MAILS; i = next++) {
        const forwardEmail = targets[i % USERS] ?? '';
        const transport = transports[i % transports.length] as (typeof transports)[number];
        const info = (await transport.sendMail({
          from: 'Boss <boss@example.com>',
          to: forwardEmail,
          subject: `Report ${i}`,
          text: `Status report number ${i}. The numbers are in and the team is on track. Please review them by Friday.`,
        })) as { response: string };
        accepted.push(...queuedIds(info.response));
      }
    };
    try {
      await Promise.all(Array.from({ length: SENDERS }, sender));
    } finally {
      for (const transport of transports) transport.close();
    }
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    expect(accepted).toHaveLength(MAILS);
    expect(new Set(accepted).size).toBe(MAILS);

    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    for (;;) {
      const counts = (await db('inbound_messages').select('status').count({ n: '*' }).groupBy('status')) as { status: string; n: number }[];
      const processed = counts.find((row) => row.status === 'processed')?.n ?? 0;
      if (processed === MAILS) break;
      if (counts.some((row) => ['failed', 'ignored', 'held', 'expired'].includes(row.status)) || Date.now() > deadline) {
        throw new Error(`not all processed: ${JSON.stringify(counts)}\n${apps.map((app) => `${app.name}:\n${app.output().slice(-3000)}`).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const totalSeconds = (performance.now() - sendStarted) / 1000;

    // Exactly the 500 accepted messages, all processed.
    const messages = (await db('inbound_messages').select('id', 'status', 'document_id', 'used_tokens')) as { id: string; status: string; document_id: string; used_tokens: number }[];
    expect(messages).toHaveLength(MAILS);
    expect(new Set(messages.map((m) => m.id))).toEqual(new Set(accepted));
    expect(messages.every((m) => m.status === 'processed' && m.used_tokens === 1)).toBe(true);

    // One block per message in the documents.
    const metas = (await db('local_doc_blocks').pluck('meta')) as string[];
    expect(metas).toHaveLength(MAILS);
    const refs = new Map<string, number>();
    for (const meta of metas) {
      const ref = /ref [0-9a-f]{12}/.exec(meta)?.[0] ?? `unreferenced: ${meta}`;
      refs.set(ref, (refs.get(ref) ?? 0) + 1);
    }
    expect(new Set(messages.map((m) => blockRef(m.id)))).toEqual(new Set(refs.keys()));
    expect([...refs.values()].every((n) => n === 1)).toBe(true);

    // One reservation and one settlement per message (one token each, zero deltas with billing off).
    const entries = (await db('token_ledger').select('kind', 'source_key', 'tokens', 'subscription_delta', 'additional_delta')) as {
      kind: string;
      source_key: string;
      tokens: number;
      subscription_delta: number;
      additional_delta: number;
    }[];
    expect(entries).toHaveLength(2 * MAILS);
    expect(new Set(entries.map((e) => e.source_key))).toEqual(new Set(messages.flatMap((m) => [`reserve:${m.id}#0`, `settle:${m.id}#0`])));
    expect(entries.every((e) => e.tokens === 1 && e.subscription_delta === 0 && e.additional_delta === 0)).toBe(true);

    // Every document counted its own mails.
    const documents = (await db('documents').select('id', 'processed_emails_count')) as { id: string; processed_emails_count: number }[];
    expect(documents.reduce((sum, d) => sum + d.processed_emails_count, 0)).toBe(MAILS);
    expect(documents.every((d) => d.processed_emails_count === MAILS / USERS)).toBe(true);

    // Both processes did part of the work, and no mail was finished by both.
    const byProcess = apps.map((app) => processedIds(app));
    const finished = byProcess.flat();
    expect(finished).toHaveLength(MAILS);
    expect(new Set(finished)).toEqual(new Set(accepted));
    for (const ids of byProcess) expect(ids.length).toBeGreaterThan(0);

    const acceptedBy = apps.map((app) => app.logs().filter((line) => line.msg === 'smtp message accepted').length);
    console.info(
      `scale-out: ${MAILS} mails accepted in ${sendSeconds.toFixed(1)} s (per listener ${acceptedBy.join(' / ')}), ` +
        `all processed after ${totalSeconds.toFixed(1)} s; processed per process ${byProcess.map((ids) => ids.length).join(' / ')}`,
    );
  }, 180_000);
});
