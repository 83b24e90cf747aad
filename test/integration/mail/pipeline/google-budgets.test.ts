/**
 * The whole app against the fake Google Docs server enforcing Google's per-minute limits: with the
 * project's write budget (DOC_WRITES_PER_MINUTE_PER_PROJECT) below Google's project limit, mail of
 * several users beyond a minute's budget waits for the next window; none fails, none spends an attempt,
 * each block is written once and Google never answers 429.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentListItem } from '../../../../src/contract/documents.js';
import { GoogleDocsDocStore } from '../../../../src/modules/documents/infra/google-docs.doc-store.js';
import type { ProviderCredentials } from '../../../../src/modules/identity/application/ports/provider-credentials.port.js';
import type { Clock } from '../../../../src/shared/clock.js';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument } from '../../../support/documents.js';
import { startFakeGoogleDocs, type FakeGoogleDocs } from '../../../support/fakes/fake-google-docs.server.js';
import { receivedMails, sendMail, verdictOf } from '../../../support/mail.js';
import { signIn } from '../../../support/sign-in.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../support/test-database.js';

const USERS = 3;
const MAILS_PER_USER = 4;
const PROJECT_BUDGET = 5;
const ENV = { JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com', DOC_WRITES_PER_MINUTE_PER_PROJECT: String(PROJECT_BUDGET) };

/**
 * A clock held in the last seconds of one minute, which the test moves on to the next: a window never
 * turns by itself while its writes are under way, and a mail refused near a minute's end is due again
 * (on the database's real clock) a few seconds later.
 */
function minuteClock(): Clock & { nextMinute(): void } {
  let minute = Math.floor(Date.now() / 60_000);
  let since = Date.now();
  return {
    now: () => new Date(minute * 60_000 + 55_000 + Math.min(Date.now() - since, 4_500)),
    nextMinute: () => {
      minute += 1;
      since = Date.now();
    },
  };
}

describe.each(databaseKinds())('mail of several users under the project write budget, against Google with its limits (%s)', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogleDocs;
  let app: TestApp;
  const clock = minuteClock();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Google's limits, with a project limit above the install's budget (Google's is 600 for 500): writes
    // still in flight when a minute turns land in Google's next one, at most one per worker (2).
    google = await startFakeGoogleDocs({ limits: { writesPerMinutePerUser: 60, writesPerMinutePerProject: PROJECT_BUDGET + 3, readsPerMinutePerUser: 300, now: () => clock.now() } });
    const tokens = new Map<string, string>();
    const credentials: ProviderCredentials = {
      refreshTokenOf: (userId) => {
        if (!tokens.has(userId)) tokens.set(userId, google.issueRefreshToken(userId));
        return Promise.resolve(tokens.get(userId) ?? null);
      },
    };
    const store = new GoogleDocsDocStore({ clientId: google.clientId, clientSecret: google.clientSecret, credentials, rootUrl: google.rootUrl, tokenUrl: google.tokenUrl, timeoutMs: 5_000, retry: { retries: 2, baseDelayMs: 5 } });
    app = await startTestApp(database, { env: ENV, roles: ['http', 'smtp', 'worker'], overrides: { docStore: store, clock, senderAuthenticator: verdictOf('none') } });
  });
  afterEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await google.close();
    await database.close();
  });

  it('writes every mail once, fails none and spends no attempt, while no minute passes the budget and Google answers no 429', async () => {
    const owners: { token: string; doc: DocumentListItem }[] = [];
    for (let n = 0; n < USERS; n += 1) {
      const token = await signIn(app, { email: `owner${n}@example.com` });
      const userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
      await activateLocalSubscription(app.container, userId, `owner${n}@example.com`);
      owners.push({ token, doc: await createDocument(app, token, { docName: `Invoices ${n}`, allowedEmails: ['boss@example.com'] }) });
    }
    // Creating the documents used Google's writes of this minute: the mail starts in a fresh one.
    clock.nextMinute();
    for (let m = 0; m < MAILS_PER_USER; m += 1) {
      for (const [n, owner] of owners.entries()) {
        await sendMail(app, { from: 'Boss <boss@example.com>', to: owner.doc.forwardEmail, subject: `Invoice ${n}-${m}`, text: `Invoice number ${n}-${m} is due on Friday.` });
      }
    }

    const statuses = async () => (await Promise.all(owners.map((owner) => receivedMails(app, owner.token, owner.doc.documentId)))).flat();
    await vi.waitFor(
      async () => {
        const mails = await statuses();
        const processed = mails.filter((mail) => mail.status === 'processed').length;
        if (processed < USERS * MAILS_PER_USER) {
          // The minute's budget spent and every write it let through done: on to the next minute, where
          // the waiting mail is due. (Moving on with writes in flight would land them in Google's next
          // minute on top of that minute's budget.)
          const window = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000);
          const windows = (await database.db('doc_project_windows').select('window_start', 'writes')) as { window_start: Date; writes: number }[];
          const used = windows.find((row) => new Date(row.window_start).getTime() === window.getTime())?.writes ?? 0;
          const taken = windows.reduce((sum, row) => sum + row.writes, 0);
          if (used >= PROJECT_BUDGET && processed === taken) clock.nextMinute();
        }
        expect(mails.map((mail) => mail.status)).toEqual(Array.from({ length: USERS * MAILS_PER_USER }, () => 'processed'));
      },
      { timeout: 50_000, interval: 250 },
    );

    const rows = (await database.db('inbound_messages').select('attempts')) as { attempts: number }[];
    expect(rows.map((row) => row.attempts)).toEqual(Array.from({ length: USERS * MAILS_PER_USER }, () => 0));
    const windows = (await database.db('doc_project_windows').select('writes')) as { writes: number }[];
    expect(windows.length).toBeGreaterThanOrEqual(Math.ceil((USERS * MAILS_PER_USER) / PROJECT_BUDGET));
    expect(Math.max(...windows.map((window) => window.writes))).toBeLessThanOrEqual(PROJECT_BUDGET);
    expect(google.quota.refused).toBe(0);
    for (const [n, owner] of owners.entries()) {
      const text = google.document(owner.doc.googleDocumentId)?.text ?? '';
      for (let m = 0; m < MAILS_PER_USER; m += 1) expect(text.split(`Invoice ${n}-${m}`).length - 1, `Invoice ${n}-${m}`).toBe(1);
    }
  });
});
