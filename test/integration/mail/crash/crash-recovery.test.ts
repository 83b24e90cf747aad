import { spawn, type ChildProcess } from 'node:child_process';
import nodemailer from 'nodemailer';
import { describe, expect, inject, it, vi } from 'vitest';
import { CreateDocument } from '../../../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../../../src/modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from '../../../../src/modules/documents/infra/local.doc-store.js';
import { pino } from 'pino';
import { buildContainer } from '../../../../src/container.js';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { KnexLedgerRepository } from '../../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { blockRef } from '../../../../src/modules/mail/domain/mail-block.js';
import { freePorts } from '../../../support/free-ports.js';
import { builtServerFile } from '../../../support/server-build.js';
import { TEST_ENCRYPTION_KEY, TEST_JWT_SECRET, testConfig } from '../../../support/test-config.js';
import { aUser } from '../../../support/users.js';
import { useTestDatabase } from '../../../support/use-test-app.js';

const POINTS = ['stored', 'parsed', 'reserved', 'summarised', 'written', 'settled'] as const;

interface Harness {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the app under test; resolves once its SMTP listener is up. */
async function startApp(env: Record<string, string>): Promise<Harness> {
  const child = spawn(process.execPath, [builtServerFile('test/support/crash/app-under-crash.ts')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!output.includes('READY')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, exited, output: () => output };
}

describe.skipIf(!inject('postgresTemplate'))('crash recovery: SIGKILL at every step (Postgres)', () => {
  const database = useTestDatabase('postgres');

  /** A subscribed user's document that takes mail from boss@example.com. */
  async function subscribedDocument(email: string, name: string) {
    const db = database.db;
    const userId = await aUser(db, email);
    const config = testConfig({ INBOUND_DOMAIN: 'in.example.com' });
    const create = new CreateDocument(new KnexDocumentRepository(db), new LocalDocStore(db, config.PUBLIC_URL), config);
    const doc = await create.execute({ ownerId: userId, documentId: crypto.randomUUID(), name, description: '', allowedEmails: ['boss@example.com'] });
    await activateLocalSubscription(buildContainer({ config, db, logger: pino({ level: 'silent' }) }), userId, email);
    return { userId, doc };
  }

  /** The app's variables: this file's database, a free SMTP port, fast job polling, a job lease of `leaseSeconds`. */
  async function appEnv(leaseSeconds: string): Promise<Record<string, string>> {
    const [smtpPort] = await freePorts(1);
    return {
      DATABASE_URL: database.url ?? '',
      SMTP_PORT: String(smtpPort),
      INBOUND_DOMAIN: 'in.example.com',
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LOG_LEVEL: 'warn',
      JOB_POLLING_SECONDS: '0.5',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_TIMEOUT_SECONDS: leaseSeconds,
    };
  }

  /** Runs the app armed to die at `point`, forwards it one mail and waits until it has killed itself there. */
  async function crashOnMail(env: Record<string, string>, point: (typeof POINTS)[number], to: string, subject: string): Promise<void> {
    const doomed = await startApp({ ...env, CRASH_AT: point });
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.SMTP_PORT), secure: false, ignoreTLS: true });
    // The reply may never come: the process can die before it answers.
    await transport.sendMail({ from: 'boss@example.com', to, subject, text: 'The quarterly numbers are in. Please review them by Friday.' }).catch(() => undefined);
    transport.close();
    await doomed.exited;
    expect(doomed.output()).toContain(`CRASH ${point}`);
  }

  it.each(POINTS)('after a crash at "%s" the mail ends processed exactly once: one block, one charge', async (point) => {
    const db = database.db;
    const { userId, doc } = await subscribedDocument(`${point}@example.com`, `Crash ${point}`);
    const env = await appEnv('2');
    await crashOnMail(env, point, doc.forwardEmail, `Crash at ${point}`);

    const revived = await startApp(env);
    try {
      // Generous: the revived process starts from scratch, slow on a loaded machine.
      const row = await vi.waitFor(
        async () => {
          const found = (await db('inbound_messages').where({ document_id: doc.id }).first('id', 'status')) as { id: string; status: string } | undefined;
          expect(found?.status, revived.output()).toMatch(/^(processed|failed|ignored)$/);
          return found as { id: string; status: string };
        },
        { timeout: 100_000, interval: 200 },
      );
      expect(row.status).toBe('processed');
      expect(await db('inbound_messages').where({ document_id: doc.id }).count({ n: '*' }).first()).toEqual({ n: 1 });
      const blocks = await db('local_doc_blocks').where({ doc_id: doc.externalId }).where('meta', 'like', `%${blockRef(row.id)}%`).count({ n: '*' }).first();
      expect(blocks).toEqual({ n: 1 });
      const entries = (await db('token_ledger').where({ user_id: userId }).orderBy('id').pluck('kind')) as string[];
      expect(entries).toEqual(['period_grant', 'reserve', 'settle']);
      expect((await new KnexLedgerRepository(db).balanceOf(userId)).subscriptionTokens).toBe(499);
      expect(await db('documents').where({ id: doc.id }).first('processed_emails_count')).toEqual({ processed_emails_count: 1 });
    } finally {
      revived.child.kill('SIGTERM');
      await revived.exited;
    }
  }, 150_000);

  it('a worker SIGKILLed mid-run is not waited for: its next start on this host releases the lease before claiming (docs/adr/0007)', async () => {
    const db = database.db;
    const { userId, doc } = await subscribedDocument('killed-lease@example.com', 'Killed lease');
    // The default: a ten-minute lease, far longer than this test may take.
    const env = await appEnv('300');
    await crashOnMail(env, 'parsed', doc.forwardEmail, 'Killed mid-run');
    const left = (await db('inbound_messages').where({ document_id: doc.id }).first('id', 'status', 'run_owner', 'run_boot_id', db.raw('run_lease_until > CURRENT_TIMESTAMP AS leased'))) as {
      id: string;
      status: string;
      run_owner: string | null;
      run_boot_id: string | null;
      leased: boolean;
    };
    // The killed process's claim: leased for ten minutes more, in its name.
    expect(left).toMatchObject({ status: 'processing', leased: true });
    expect(left.run_owner).toMatch(/^host:/);
    expect(left.run_boot_id).not.toBeNull();

    const revived = await startApp(env);
    try {
      // Generous for a loaded machine, and still a sixth of the lease.
      await vi.waitFor(async () => expect(await db('inbound_messages').where({ id: left.id }).first('status')).toEqual({ status: 'processed' }), { timeout: 100_000, interval: 200 });
      const blocks = await db('local_doc_blocks').where({ doc_id: doc.externalId }).where('meta', 'like', `%${blockRef(left.id)}%`).count({ n: '*' }).first();
      expect(blocks).toEqual({ n: 1 });
      expect((await db('token_ledger').where({ user_id: userId }).orderBy('id').pluck('kind')) as string[]).toEqual(['period_grant', 'reserve', 'settle']);
    } finally {
      revived.child.kill('SIGTERM');
      await revived.exited;
    }
  }, 150_000);
});
