import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SweepHeldMail } from '../../../../src/modules/mail/index.js';
import { DOC_STORE, type DocStore } from '../../../../src/modules/documents/index.js';
import { GrantTokens } from '../../../../src/modules/token-ledger/index.js';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument } from '../../../support/documents.js';
import type { SenderVerdict } from '../../../../src/modules/mail/domain/sender-authorisation.js';
import { sendMail, waitForMails } from '../../../support/mail.js';
import { databaseKinds } from '../../../support/test-database.js';
import type { DocumentListItem } from '../../../../src/contract/documents.js';
import { useTestApp } from '../../../support/use-test-app.js';
import { aDocumentOwner } from '../../../support/document-owner.js';
import { SENDER_AUTHENTICATOR } from '../../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../../../src/platform/wiring/overrides.js';

const FAST_JOBS = { JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com' };

describe.each(databaseKinds())('the mail pipeline end to end (%s)', (kind) => {
  let verdict: SenderVerdict = { result: 'none', detail: 'test verdict none' };
  const { app, database } = useTestApp(kind, {
    env: FAST_JOBS,
    roles: ['http', 'smtp', 'worker'],
    overrides: [override(SENDER_AUTHENTICATOR, { verify: () => Promise.resolve(verdict) })],
    resetAfterEach: true,
  });
  let token: string;
  let userId: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    ({ token, userId, doc } = await aDocumentOwner(app, { docName: 'Invoices', allowedEmails: ['boss@example.com'], description: 'Keep it short.' }, { subscribed: false }));
  });
  const subscribe = () => activateLocalSubscription(app.container, userId);
  afterEach(() => {
    verdict = { result: 'none', detail: 'test verdict none' };
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
    // The plan's first period is a credit: it wakes the held mail at once, no sweep needed.
    await subscribe();
    const [done] = await waitForMails(app, token, doc.documentId, 1, ['processed', 'failed']);
    expect(done).toMatchObject({ status: 'processed', usedTokens: 1 });
  });

  it('processes a manual forward from an allowed forwarder, attributed to the original sender in the block and the row', async () => {
    await subscribe();
    await app.fetch(`/api/addAllowedEmail/${doc.documentId}/emails`, { method: 'POST', token, json: { email: 'owner@example.com' } });
    const text =
      'Please handle this one.\n\n---------- Forwarded message ---------\nFrom: Jane Supplier <jane@supplier.example>\nDate: Mon, 2 Nov 2026 at 09:15\nSubject: Re: Budget 2027\nTo: Me <owner@example.com>\n\nThe budget for 2027 is approved. Please prepare the plan by Monday.';
    await sendMail(app, { from: 'Olivia Owner <owner@example.com>', to: doc.forwardEmail, subject: 'Fwd: Re: Budget 2027', text });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'processed', sourceMail: 'jane@supplier.example', subject: 'Budget 2027' });
    const written = await docText();
    expect(written).toContain("Budget 2027\nFrom Jane Supplier <jane@supplier.example> · 2 Nov 2026, 09:15 (forwarder's local time) · ref ");
    expect(written).toContain('Forwarded by Olivia Owner <owner@example.com>: Please handle this one.');
    expect(written).not.toContain('Fwd:');
  });

  it('ignores a forward from a sender who is not on the list, even when it quotes one who is, and names the forwarder', async () => {
    await subscribe();
    const text = '---------- Forwarded message ---------\nFrom: Boss <boss@example.com>\nSubject: Pay me\n\nPlease wire money.';
    await sendMail(app, { from: 'eve@example.org', to: doc.forwardEmail, subject: 'Fwd: Pay me', text });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', usedTokens: 0, sourceMail: 'eve@example.org', reason: expect.stringContaining('Forwarded by eve@example.org') });
  });

  const confirmationMail = () =>
    [
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
  const shownConfirmation = async () =>
    ((await (await app.fetch(`/api/document/${doc.documentId}/forwarding-confirmation`, { token })).json()) as { forwardingConfirmation: { code: string; link: string | null } | null })
      .forwardingConfirmation;

  it('shows a Gmail forwarding confirmation that Google signed on the document instead of summarising it', async () => {
    verdict = { result: 'pass', detail: 'dmarc=pass header.from=google.com' };
    await sendMail(app, { from: 'forwarding-noreply@google.com', to: doc.forwardEmail, subject: '', raw: confirmationMail() });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', reason: expect.stringContaining('123456789') });
    expect(await shownConfirmation()).toMatchObject({ code: '123456789', link: expect.stringContaining('mail-settings.google.com') });
  });

  it('ignores a forged Gmail forwarding confirmation that fails Google\'s DKIM check, and shows no code', async () => {
    verdict = { result: 'fail', detail: 'dkim=fail header.from=google.com' };
    await sendMail(app, { from: 'forwarding-noreply@google.com', to: doc.forwardEmail, subject: '', raw: confirmationMail() });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', reason: expect.stringContaining("did not pass Google's DKIM check") });
    expect(await shownConfirmation()).toBeNull();
  });

  it('records the same message delivered twice as a duplicate: one block, one charge', async () => {
    await subscribe();
    const raw = ['From: Boss <boss@example.com>', `To: ${doc.forwardEmail}`, 'Subject: Q4 plan', 'Message-ID: <q4-plan-1@example.com>', '', 'The Q4 plan is attached. Please review it by Thursday.', ''].join('\r\n');
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: '', raw });
    await waitForMails(app, token, doc.documentId, 1);
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: '', raw });
    const mails = await waitForMails(app, token, doc.documentId, 2);
    expect(mails.map((mail) => mail.status).sort()).toEqual(['duplicate', 'processed']);
    expect(mails.find((mail) => mail.status === 'duplicate')).toMatchObject({ usedTokens: 0, reason: expect.stringContaining('delivered again') });
    expect((await docText()).match(/Q4 plan\n/g)).toHaveLength(1);
    const usage = (await (await app.fetch('/api/tokens/usage/table', { token })).json()) as { total: number };
    expect(usage.total).toBe(1);
  });

  it('processes both copies of a redelivery that arrive together exactly once', async () => {
    await subscribe();
    const raw = ['From: Boss <boss@example.com>', `To: ${doc.forwardEmail}`, 'Subject: No id here', '', 'A mail with no Message-ID, delivered twice at once.', ''].join('\r\n');
    await Promise.all([1, 2].map(() => sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: '', raw })));
    const mails = await waitForMails(app, token, doc.documentId, 2);
    expect(mails.map((mail) => mail.status).sort()).toEqual(['duplicate', 'processed']);
    expect((await docText()).match(/No id here\n/g)).toHaveLength(1);
  });

  it('ignores a mail with two From headers as ambiguous', async () => {
    await subscribe();
    const raw = ['From: Boss <boss@example.com>', 'From: Eve <eve@example.org>', `To: ${doc.forwardEmail}`, 'Subject: Wire money', '', 'Please wire money.', ''].join('\r\n');
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: '', raw });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'ignored', usedTokens: 0, reason: expect.stringContaining('ambiguous') });
  });

  it('delivers one mail addressed to two documents to each', async () => {
    await subscribe();
    const other = await createDocument(app, token, { docName: 'Other', allowedEmails: ['boss@example.com'] });
    await sendMail(app, { from: 'boss@example.com', to: [doc.forwardEmail, other.forwardEmail], subject: 'Both', text: 'For both documents.' });
    expect((await waitForMails(app, token, doc.documentId, 1))[0]?.status).toBe('processed');
    expect((await waitForMails(app, token, other.documentId, 1))[0]?.status).toBe('processed');
  });
});
