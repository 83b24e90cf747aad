// Graceful shutdown of the real entry point (src/main.ts, all roles, embedded PGlite in a temp DATA_DIR):
// SIGTERM while a mail is being summarised (the fake model holds its answer until the test lets it go).
// New SMTP sessions get 421, HTTP stops accepting, the running job finishes, the process exits 0 within
// its 30 s limit; after a restart nothing is lost.
import { rmSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { blockRef } from '../../../src/modules/mail/domain/mail-block.js';
import { openDatabase, type OpenDatabase } from '../../../src/platform/db/database.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fakes/fake-openai.server.js';
import { walkDevSignInWith } from '../../support/dev-sign-in-walk.js';
import { openEventStream } from '../../support/event-stream.js';
import { queuedIds, startAppProcess, type AppProcess } from '../../support/operations/app-process.js';
import { freePorts } from '../../support/free-ports.js';
import { RawSmtpClient } from '../../support/smtp-client.js';
import { testConfig } from '../../support/test-config.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';
import { aUser } from '../../support/users.js';

const SUMMARY = JSON.stringify({ title: 'Numbers are in', summary: 'The quarterly numbers are in; review them by Friday.', keyPoints: [], actionItems: ['Review by Friday.'] });

/** Connects until the greeting is no longer the normal 220 (the signal may not be handled yet). */
async function smtpGreetingAfterSignal(port: number, timeoutMs = 60_000): Promise<{ code: number; last: string } | 'refused'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let reply;
    try {
      const { client, greeting } = await RawSmtpClient.connect(port);
      reply = greeting;
      if (greeting.code === 220) await client.quit();
      else client.destroy();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return 'refused';
      throw error;
    }
    if (reply.code !== 220) return { code: reply.code, last: reply.last };
    if (Date.now() > deadline) throw new Error('the listener still greets with 220');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Polls GET /healthz until the connection is refused. */
async function httpRefused(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      // A slow answer on a busy machine is not a refusal.
      if ((error as Error).name !== 'TimeoutError') return;
    }
    if (Date.now() > deadline) throw new Error('HTTP still answers');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function send(port: number, to: string, subject: string): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = (await transport.sendMail({ from: 'Boss <boss@example.com>', to, subject, text: 'The quarterly numbers are in. Please review them by Friday.' })) as { response: string };
    const [id] = queuedIds(info.response);
    if (!id) throw new Error(`no message id in ${info.response}`);
    return id;
  } finally {
    transport.close();
  }
}

describe('graceful shutdown on SIGTERM (real entry point, embedded database)', () => {
  let dataDir: string;
  let openai: FakeOpenAi;
  let app: AppProcess | null = null;
  let forwardEmail: string;
  let documentId: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = migratedDataDir();
    // The embedded database belongs to one process: seed it before the app opens it.
    const seed = await openDatabase({ dataDir });
    try {
      const config = testConfig({ INBOUND_DOMAIN: 'in.example.com' });
      const userId = await aUser(seed.db, 'owner@example.com');
      const create = new CreateDocument(new KnexDocumentRepository(seed.db), new LocalDocStore(seed.db, config.PUBLIC_URL), config);
      const doc = await create.execute({ ownerId: userId, documentId: crypto.randomUUID(), name: 'Shutdown', description: '', allowedEmails: ['boss@example.com'] });
      forwardEmail = doc.forwardEmail;
      documentId = doc.id;
    } finally {
      await seed.close();
    }
    openai = await startFakeOpenAi({ apiKey: 'sk-test', models: ['gpt-test'] });
    const [port, smtpPort] = (await freePorts(2)) as [number, number];
    env = {
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      INBOUND_DOMAIN: 'in.example.com',
      SENDER_AUTH: 'off',
      BILLING: 'off',
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      // One job at a time: the second mail waits in the queue while the first is being summarised.
      WORKER_CONCURRENCY: '1',
      JOB_POLLING_SECONDS: '0.5',
    };
  });

  afterEach(async () => {
    await app?.stop(10_000);
    app = null;
  });

  afterAll(async () => {
    await openai?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function inspectDatabase<T>(look: (db: OpenDatabase['db']) => Promise<T>): Promise<T> {
    const database = await openDatabase({ dataDir });
    try {
      return await look(database.db);
    } finally {
      await database.close();
    }
  }

  it('finishes the running job, refuses new sessions with 421, stops HTTP, exits 0; a restart loses nothing', async () => {
    // The model answers mail A only when the test says so: the shutdown is checked while A is surely
    // still in flight, however slow this machine is, and nobody waits for a fixed delay.
    let releaseModel = (): void => undefined;
    const modelReleased = new Promise<void>((resolve) => (releaseModel = resolve));
    openai.enqueue({ until: modelReleased, content: SUMMARY }, { content: SUMMARY }, { content: SUMMARY });
    app = await startAppProcess('app', env);
    const smtpPort = app.smtpPort ?? 0;
    const httpPort = app.httpPort ?? 0;

    // Mail A is being summarised (the model holds its answer); mail B waits behind it in the queue.
    const first = await send(smtpPort, forwardEmail, 'A: in flight');
    await vi.waitFor(() => expect(openai.requests, `the model was not asked:\n${app?.output() ?? ''}`).toHaveLength(1), { timeout: 120_000, interval: 20 });
    const second = await send(smtpPort, forwardEmail, 'B: queued');
    // A tab's live-update stream never ends by itself: the shutdown must end it, not wait for it.
    const base = `http://127.0.0.1:${httpPort}`;
    const signedIn = await walkDevSignInWith((path, init) => fetch(`${base}${path}`, { redirect: 'manual', ...init }));
    const stream = await openEventStream(base, new URL(signedIn, base).searchParams.get('token'));
    expect(stream.status).toBe(200);

    const signalled = Date.now();
    app.kill('SIGTERM');
    const [greeting] = await Promise.all([smtpGreetingAfterSignal(smtpPort), httpRefused(httpPort)]);
    // Both happen while mail A is still with the model: the process is draining, not gone.
    expect(openai.requests[0]?.status).toBe(0);
    expect(app.running()).toBe(true);
    expect(greeting).toMatchObject({ code: 421 });
    // Only now may the model answer: the draining process finishes A, then exits.
    releaseModel();

    const exit = await app.exited;
    await stream.ended;
    const shutdownMs = exit.at - signalled;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(openai.requests[0]?.status).toBe(200);
    expect(app.logs().some((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM')).toBe(true);
    expect(app.logs().some((line) => line.msg === 'mail processed' && line.messageId === first)).toBe(true);
    console.info(`graceful shutdown: SIGTERM → exit 0 in ${shutdownMs} ms (the running summary was held until the checks were done)`);

    // A finished before the exit; B is still queued, untouched.
    const afterStop = await inspectDatabase(async (db) => ({
      statuses: Object.fromEntries(((await db('inbound_messages').select('id', 'status')) as { id: string; status: string }[]).map((m) => [m.id, m.status])),
      secondDue: ((await db('inbound_messages').where({ id: second }).first('due_at')) as { due_at: Date | null }).due_at !== null,
    }));
    expect(afterStop.statuses).toEqual({ [first]: 'processed', [second]: 'received' });
    expect(afterStop.secondDue).toBe(true);

    // Restart: B is processed, new mail is accepted and processed, and A is not summarised again.
    app = await startAppProcess('app-restarted', env);
    await app.waitForLog((line) => line.msg === 'mail processed' && line.messageId === second, 120_000);
    const third = await send(smtpPort, forwardEmail, 'C: after the restart');
    await app.waitForLog((line) => line.msg === 'mail processed' && line.messageId === third, 120_000);
    const restartExit = await app.stop();
    expect(restartExit.code).toBe(0);
    app = null;

    expect(openai.requests.map((request) => request.status)).toEqual([200, 200, 200]);
    const final = await inspectDatabase(async (db) => ({
      messages: (await db('inbound_messages').orderBy('received_at').select('id', 'status')) as { id: string; status: string }[],
      metas: (await db('local_doc_blocks').pluck('meta')) as string[],
      ledger: (await db('token_ledger').orderBy('id').pluck('source_key')) as string[],
      count: (await db('documents').where({ id: documentId }).first('processed_emails_count')) as { processed_emails_count: number },
    }));
    const ids = [first, second, third];
    expect(final.messages).toEqual(ids.map((id) => ({ id, status: 'processed' })));
    for (const id of ids) expect(final.metas.filter((meta) => meta.includes(blockRef(id)))).toHaveLength(1);
    expect(final.metas).toHaveLength(3);
    expect([...final.ledger].sort()).toEqual(ids.flatMap((id) => [`reserve:${id}#0`, `settle:${id}#0`]).sort());
    expect(final.count.processed_emails_count).toBe(3);
  }, 900_000);

  it('lets a message still arriving over SMTP finish with 250 and processes it after the restart', async () => {
    openai.enqueue({ content: SUMMARY });
    app = await startAppProcess('app', env);
    const smtpPort = app.smtpPort ?? 0;

    // A sender is in the middle of DATA when the signal arrives.
    const { client } = await RawSmtpClient.connect(smtpPort);
    await client.startTransaction('boss@example.com', [forwardEmail]);
    expect((await client.command('DATA')).code).toBe(354);
    client.write(`From: Boss <boss@example.com>\r\nTo: <${forwardEmail}>\r\nSubject: D: arriving\r\n\r\nThe quarterly numbers `);
    await new Promise((resolve) => setTimeout(resolve, 100));

    app.kill('SIGTERM');
    expect(await smtpGreetingAfterSignal(smtpPort)).toMatchObject({ code: 421 });
    client.write('are in. Please review them by Friday.\r\n.\r\n');
    const accepted = await client.read();
    expect(accepted.code).toBe(250);
    const arrived = queuedIds(accepted.last)[0] ?? '';
    expect(arrived).not.toBe('');
    await client.quit();

    const exit = await app.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    const stored = await inspectDatabase(async (db) => ({
      status: ((await db('inbound_messages').where({ id: arrived }).first('status')) as { status: string } | undefined)?.status,
      due: ((await db('inbound_messages').where({ id: arrived }).first('due_at')) as { due_at: Date | null } | undefined)?.due_at !== null,
    }));
    expect(stored).toEqual({ status: 'received', due: true });

    app = await startAppProcess('app-restarted', env);
    await app.waitForLog((line) => line.msg === 'mail processed' && line.messageId === arrived, 120_000);
    expect((await app.stop()).code).toBe(0);
    app = null;
    const block = await inspectDatabase(async (db) => (await db('local_doc_blocks').pluck('meta')) as string[]);
    expect(block.filter((meta) => meta.includes(blockRef(arrived)))).toHaveLength(1);
  }, 600_000);
});
