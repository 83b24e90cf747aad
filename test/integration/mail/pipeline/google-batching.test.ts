/**
 * A burst of mail to one Google document under a small write budget (docs/operations.md § Google's
 * quotas): the mails the budget refuses leave their blocks pending, and the next run with a slot writes
 * them with its own in one batchUpdate. The whole app against the fake Google Docs server.
 */
import { describe, expect, it, vi } from 'vitest';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument } from '../../../support/documents.js';
import { googlePipelineEnv, minuteClock, useGooglePipeline } from '../../../support/google-pipeline.js';
import { receivedMails, sendMail } from '../../../support/mail.js';
import { signIn } from '../../../support/sign-in.js';
import { databaseKinds } from '../../../support/test-database.js';

const MAILS = 12;
const BUDGET = 2;
const ENV = googlePipelineEnv({ DOC_WRITES_PER_MINUTE_PER_USER: String(BUDGET) });

describe.each(databaseKinds())('a burst of mail to one Google document under a small write budget (%s)', (kind) => {
  const clock = minuteClock(55_000, 4_500);
  const pipeline = useGooglePipeline(kind, { env: ENV, clock });
  const { database } = pipeline;

  it('writes the burst in fewer batchUpdates than mails, each block once with its own marker, and spends no attempt', async () => {
    const { app, google } = pipeline;
    const token = await signIn(app, { email: 'owner@example.com' });
    const userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
    await activateLocalSubscription(app.container, userId, 'owner@example.com');
    const doc = await createDocument(app, token, { docName: 'Invoices', allowedEmails: ['boss@example.com'] });
    clock.nextMinute();
    const before = google.count('POST', ':batchUpdate');
    for (let m = 0; m < MAILS; m += 1) await sendMail(app, { from: 'Boss <boss@example.com>', to: doc.forwardEmail, subject: `Invoice ${m}`, text: `Invoice number ${m} is due on Friday.` });

    await vi.waitFor(
      async () => {
        const mails = await receivedMails(app, token, doc.documentId);
        const window = new Date(Math.floor(clock.now().getTime() / 60_000) * 60_000);
        const used = (await database.db('doc_write_windows').where({ window_start: window }).first('writes')) as { writes: number } | undefined;
        const waiting = Number(((await database.db('pending_doc_blocks').count({ n: '*' }).first()) as { n: string | number }).n);
        const processed = mails.filter((mail) => mail.status === 'processed').length;
        // The minute's budget is spent and every other mail waits with its block: on to the next minute,
        // where the waiting mail is due.
        if ((used?.writes ?? 0) >= BUDGET && processed + waiting >= MAILS) clock.nextMinute();
        expect(mails.map((mail) => mail.status)).toEqual(Array.from({ length: MAILS }, () => 'processed'));
      },
      { timeout: 60_000, interval: 250 },
    );

    const rows = (await database.db('inbound_messages').select('attempts')) as { attempts: number }[];
    expect(rows.map((row) => row.attempts)).toEqual(Array.from({ length: MAILS }, () => 0));
    const batchUpdates = google.count('POST', ':batchUpdate') - before;
    expect(batchUpdates).toBeLessThanOrEqual(MAILS / 2);
    const text = google.document(doc.googleDocumentId)?.text ?? '';
    for (let m = 0; m < MAILS; m += 1) expect(text.split(`Invoice ${m}\n`).length - 1, `Invoice ${m}`).toBe(1);
    expect(google.document(doc.googleDocumentId)?.namedRanges.filter((range) => range.name.startsWith('mailscribe-block-'))).toHaveLength(MAILS);
    // Each block left with its mail.
    expect(Number(((await database.db('pending_doc_blocks').count({ n: '*' }).first()) as { n: string | number }).n)).toBe(0);
  });
});
