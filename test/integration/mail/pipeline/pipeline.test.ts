import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SweepHeldMail } from '../../../../src/modules/mail/index.js';
import { DOC_STORE, type DocStore } from '../../../../src/modules/documents/index.js';
import { GrantTokens } from '../../../../src/modules/token-ledger/index.js';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument, type DocumentItem } from '../../../support/documents.js';
import { sendMail, verdictOf, waitForMails } from '../../../support/mail.js';
import { signIn } from '../../../support/sign-in.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../support/test-database.js';

const FAST_JOBS = { JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com' };

describe.each(databaseKinds())('the mail pipeline end to end (%s)', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let token: string;
  let userId: string;
  let doc: DocumentItem;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await startTestApp(database, { env: FAST_JOBS, roles: ['http', 'smtp', 'worker'], overrides: { senderAuthenticator: verdictOf('none') } });
  });
  beforeEach(async () => {
    token = await signIn(app, { email: 'owner@example.com' });
    userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
    doc = await createDocument(app, token, { docName: 'Invoices', allowedEmails: ['boss@example.com'], description: 'Keep it short.' });
  });
  const subscribe = () => activateLocalSubscription(app.container, userId);
  afterEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const grant = (tokens: number, key = 'grant-1') =>
    app.container.resolve(GrantTokens).execute({ userId, sourceKey: `${userId}:${key}`, tokens, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
  const docText = () => app.container.resolve<DocStore>(DOC_STORE).readText({ userId }, doc.googleDocumentId);

  it('summarises a mail from an allowed sender into the linked document, once, and charges it once', async () => {
    await subscribe();
    await grant(10);
    await sendMail(app, { from: 'Boss <boss@example.com>', to: doc.forwardEmail, subject: 'Q3 invoice overdue', text: 'Hello team. The Q3 invoice from Acme is overdue. Please pay it by Friday. Thanks.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'processed', sourceMail: 'boss@example.com', subject: 'Q3 invoice overdue', usedTokens: 1, reason: null });
    const text = await docText();
    expect(text.match(/Q3 invoice overdue/g)).toHaveLength(1);
    expect(text).toContain('From Boss <boss@example.com>');
    expect(text).toContain('overdue');
    const usage = (await (await app.fetch('/api/tokens/usage/table', { token })).json()) as { total: number; data: { usedTokens: number }[] };
    expect(usage.total).toBe(1);
    const state = (await (await app.fetch('/api/tokens/state', { token })).json()) as { tokenState: { subscriptionTokens: number; additionalTokens: number } };
    expect(state.tokenState).toMatchObject({ subscriptionTokens: 499, additionalTokens: 10 });
    const details = (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as { processedEmailsCount: number };
    expect(details.processedEmailsCount).toBe(1);
    const row = (await database.db('inbound_messages').first('raw', 'parsed', 'summary')) as Record<string, unknown>;
    expect(row).toEqual({ raw: null, parsed: null, summary: null });
  });

  it('ignores a sender who is not on the allow-list, with the reason, at no cost', async () => {
    await subscribe();
    await sendMail(app, { from: 'stranger@example.org', to: doc.forwardEmail, subject: 'Hi', text: 'Buy now.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', usedTokens: 0, reason: expect.stringContaining('stranger@example.org') });
    expect(mail?.reason).toContain('allow-list');
    expect(await docText()).not.toContain('Buy now');
  });

  it('holds a mail without an active plan and processes it by itself once the user subscribes', async () => {
    await grant(5);
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'Waiting for a plan', text: 'Short mail.' });
    const [held] = await waitForMails(app, token, doc.documentId, 1);
    expect(held).toMatchObject({ status: 'held', reason: expect.stringContaining('No active subscription') });
    expect(await app.container.resolve(SweepHeldMail).execute()).toEqual({ resumed: 0, expired: 0 });
    await subscribe();
    expect(await app.container.resolve(SweepHeldMail).execute()).toEqual({ resumed: 1, expired: 0 });
    const [done] = await waitForMails(app, token, doc.documentId, 1, ['processed', 'failed']);
    expect(done).toMatchObject({ status: 'processed', usedTokens: 1 });
  });

  it('processes a manual forward when the quoted original sender is allowed', async () => {
    await subscribe();
    const text = 'FYI\n\n---------- Forwarded message ---------\nFrom: Boss <boss@example.com>\nDate: Mon, 2 Nov 2026\nSubject: Budget\nTo: Me <me@gmail.com>\n\nThe budget for 2027 is approved. Please prepare the plan by Monday.';
    await sendMail(app, { from: 'owner@example.com', to: doc.forwardEmail, subject: 'Fwd: Budget', text });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'processed', sourceMail: 'boss@example.com' });
  });

  it('ignores a quoted allowed sender in mail that someone else forwarded', async () => {
    await subscribe();
    const text = '---------- Forwarded message ---------\nFrom: Boss <boss@example.com>\nSubject: Pay me\n\nPlease wire money.';
    await sendMail(app, { from: 'eve@example.org', to: doc.forwardEmail, subject: 'Fwd: Pay me', text });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', usedTokens: 0 });
  });

  it('shows a Gmail forwarding confirmation on the document instead of summarising it', async () => {
    const raw = [
      'From: Gmail Team <forwarding-noreply@google.com>',
      `To: ${doc.forwardEmail}`,
      'Subject: (#123456789) Gmail Forwarding Confirmation - Receive Mail from owner@gmail.com',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'owner@gmail.com has requested to automatically forward mail to your email address.',
      'Confirmation code: 123456789',
      'To allow owner@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:',
      'https://mail-settings.google.com/mail/vf-%5BANGjdJ9abc%5D-xyz',
      '',
    ].join('\r\n');
    await sendMail(app, { from: 'forwarding-noreply@google.com', to: doc.forwardEmail, subject: '', raw });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', reason: expect.stringContaining('123456789') });
    const confirmation = (await (await app.fetch(`/api/document/${doc.documentId}/forwarding-confirmation`, { token })).json()) as {
      forwardingConfirmation: { code: string; link: string | null };
    };
    expect(confirmation.forwardingConfirmation).toMatchObject({ code: '123456789', link: expect.stringContaining('mail-settings.google.com') });
  });

  it('delivers one mail addressed to two documents to each', async () => {
    await subscribe();
    const other = await createDocument(app, token, { docName: 'Other', allowedEmails: ['boss@example.com'] });
    await sendMail(app, { from: 'boss@example.com', to: [doc.forwardEmail, other.forwardEmail], subject: 'Both', text: 'For both documents.' });
    expect((await waitForMails(app, token, doc.documentId, 1))[0]?.status).toBe('processed');
    expect((await waitForMails(app, token, other.documentId, 1))[0]?.status).toBe('processed');
  });
});
