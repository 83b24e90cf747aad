/**
 * The real app for the summary eval: PGlite in memory, roles http + smtp + worker, the embedded
 * defaults (offline summariser, local document store), a signed-in user with an active plan. Plain
 * code (no vitest), so the CLI and the acceptance test drive it the same way.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { openDatabase, type OpenDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { activateLocalSubscription } from '../support/billing/subscribe.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

export interface ReceivedMailRow {
  sourceMail: string;
  subject: string;
  usedTokens: number;
  status: string;
  reason: string | null;
}

export interface StoredBlock {
  heading: string;
  meta: string;
  body: string;
}

export interface EvalDocument {
  documentId: string;
  forwardEmail: string;
  googleDocumentId: string;
}

/** Statuses after which nothing more happens to a mail by itself. */
const FINAL_STATUSES = new Set(['processed', 'ignored', 'failed', 'expired', 'held', 'duplicate']);

export const EVAL_ENV: Record<string, string> = {
  SENDER_AUTH: 'off',
  JOB_POLLING_SECONDS: '0.5',
  JOB_MAINTENANCE_SECONDS: '1',
  LLM_PROVIDER: 'offline',
  DOC_STORE: 'local',
  INBOUND_DOMAIN: 'in.example.com',
  // The whole corpus comes from one address in a few seconds; the per-IP limit is not under test here.
  SMTP_MESSAGES_PER_MINUTE_PER_IP: '10000',
  // Nor is Google's write quota: one user's 74 documents in a few seconds would wait out the minute
  // past the 50th write.
  DOC_WRITES_PER_MINUTE_PER_USER: '10000',
  // Mails are independent and mostly wait (the attachment reader's process, the pipeline's steps): the
  // corpus runs eight at a time.
  WORKER_CONCURRENCY: '4',
};

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/**
 * A polling GET again after a network error: a keep-alive socket the server closes just as the client
 * reuses it answers ECONNRESET, which says nothing about the mail under test.
 */
async function withRetry(request: () => Promise<Response>, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

function locationPath(response: Response): string {
  const location = response.headers.get('location');
  assert(location, `expected a redirect, got ${response.status}`);
  const url = new URL(location, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}

export class EvalApp {
  private constructor(
    private readonly database: OpenDatabase,
    readonly app: TestApp,
    private readonly token: string,
  ) {}

  /** `migrated`: a dump of a migrated database to start from (the test run's template) instead of migrating here. */
  static async start(migrated?: Blob): Promise<EvalApp> {
    const database = await openDatabase({ dataDir: 'memory', ...(migrated ? { loadDataDir: migrated } : {}) });
    try {
      if (!migrated) await migrateToLatest(database.db);
      const app = await startTestApp({ kind: 'pglite', url: null, db: database.db, reset: () => Promise.resolve(), close: () => database.close(), release: () => database.close() }, {
        env: EVAL_ENV,
        roles: ['http', 'smtp', 'worker'],
      });
      const token = await devSignIn(app, 'owner@example.com');
      const status = (await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } };
      await activateLocalSubscription(app.container, status.user.id);
      return new EvalApp(database, app, token);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  async createDocument(input: { name: string; allowedEmails: string[]; description: string }): Promise<EvalDocument> {
    const response = await this.app.fetch('/api/createGoogleDoc', {
      method: 'POST',
      token: this.token,
      json: { documentId: randomUUID(), docName: input.name, description: input.description, allowedEmails: input.allowedEmails },
    });
    if (response.status !== 201) throw new Error(`creating a document answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as EvalDocument;
  }

  /** Sends the raw message as it is, with the envelope sender a real client would use. */
  async sendRaw(input: { envelopeFrom: string; to: string; raw: Buffer }): Promise<void> {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: this.app.smtpPort ?? 0, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ envelope: { from: input.envelopeFrom, to: [input.to] }, raw: input.raw });
    } finally {
      transport.close();
    }
  }

  async receivedMails(documentId: string): Promise<ReceivedMailRow[]> {
    const response = await withRetry(() => this.app.fetch(`/api/document/${documentId}/received-mails?pageSize=25`, { token: this.token }));
    assert(response.status === 200, `received-mails answered ${response.status}`);
    return ((await response.json()) as { data: ReceivedMailRow[] }).data;
  }

  /** The first mail of the document once it reached a final status, or its last state when time is up. */
  async settledMail(documentId: string, deadline: number): Promise<ReceivedMailRow | null> {
    for (;;) {
      const [mail] = await this.receivedMails(documentId);
      if (mail && FINAL_STATUSES.has(mail.status)) return mail;
      if (Date.now() > deadline) return mail ?? null;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async blocks(googleDocumentId: string): Promise<StoredBlock[]> {
    return (await this.database.db('local_doc_blocks').where({ doc_id: googleDocumentId }).orderBy('position').select('heading', 'meta', 'body')) as StoredBlock[];
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.close();
  }
}

/** The dev sign-in walked as a browser would: /oauth/login → consent form → callback with the token. */
async function devSignIn(app: TestApp, email: string): Promise<string> {
  const start = await app.fetch('/oauth/login');
  const authorize = new URL(locationPath(start), 'http://app.invalid');
  const form = new URLSearchParams({
    state: authorize.searchParams.get('state') ?? '',
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    email,
    name: 'Mikel Owner',
    decision: 'allow',
    grant_docs: 'on',
  });
  const consent = await app.fetch('/oauth/dev/authorize', { method: 'POST', body: form });
  // The callback must come from the browser that started the sign-in: replay its cookie.
  const cookie = start.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const callback = await app.fetch(locationPath(consent), { headers: { cookie } });
  const token = new URL(callback.headers.get('location') ?? '', 'http://app.invalid').searchParams.get('token');
  assert(token, 'the dev sign-in gave no token');
  return token;
}
