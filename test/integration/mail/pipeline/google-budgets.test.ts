/**
 * The whole app against the fake Google Docs server enforcing Google's per-minute limits: with the
 * project's write budget (DOC_WRITES_PER_MINUTE_PER_PROJECT) below Google's project limit, mail of
 * several users beyond a minute's budget waits for the next window; none fails, none spends an attempt,
 * each block is written once and Google never answers 429.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DocumentListItem } from '../../../../src/contract/documents.js';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument } from '../../../support/documents.js';
import { googlePipelineEnv, minuteClock, useGooglePipeline } from '../../../support/google-pipeline.js';
import { receivedMails, sendMail } from '../../../support/mail.js';
import { signIn } from '../../../support/sign-in.js';
import { databaseKinds } from '../../../support/test-database.js';

const USERS = 3;
const MAILS_PER_USER = 4;
const PROJECT_BUDGET = 5;
const ENV = googlePipelineEnv({ DOC_WRITES_PER_MINUTE_PER_PROJECT: String(PROJECT_BUDGET) });

describe.each(databaseKinds())('mail of several users under the project write budget, against Google with its limits (%s)', (kind) => {
  const clock = minuteClock(59_000, 900);
  // Google's limits, with a project limit above the install's budget (Google's is 600 for 500): writes
  // still in flight when a minute turns land in Google's next one, at most one per worker (2).
  const pipeline = useGooglePipeline(kind, { env: ENV, clock, google: { limits: { writesPerMinutePerUser: 60, writesPerMinutePerProject: PROJECT_BUDGET + 3, readsPerMinutePerUser: 300, now: () => clock.now() } } });
  const { database } = pipeline;

  it('writes every mail once, fails none and spends no attempt, while no minute passes the budget and Google answers no 429', async () => {
    const { app, google } = pipeline;
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
          // (A write may carry a burst's pending blocks: processed mails can outnumber writes.)
          if (used >= PROJECT_BUDGET && processed >= taken) clock.nextMinute();
        }
        expect(mails.map((mail) => mail.status)).toEqual(Array.from({ length: USERS * MAILS_PER_USER }, () => 'processed'));
      },
      { timeout: 50_000, interval: 250 },
    );

    const rows = (await database.db('inbound_messages').select('attempts')) as { attempts: number }[];
    expect(rows.map((row) => row.attempts)).toEqual(Array.from({ length: USERS * MAILS_PER_USER }, () => 0));
    const windows = (await database.db('doc_project_windows').select('writes')) as { writes: number }[];
    // The mail the first minute's budget refused waited for a later one (where a write carries a document's waiting blocks).
    expect(windows.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...windows.map((window) => window.writes))).toBeLessThanOrEqual(PROJECT_BUDGET);
    expect(google.quota.refused).toBe(0);
    for (const [n, owner] of owners.entries()) {
      const text = google.document(owner.doc.googleDocumentId)?.text ?? '';
      for (let m = 0; m < MAILS_PER_USER; m += 1) expect(text.split(`Invoice ${n}-${m}`).length - 1, `Invoice ${n}-${m}`).toBe(1);
    }
  });
});
