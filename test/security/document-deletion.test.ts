import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListItem } from '../../src/contract/documents.js';
import { LLM, LlmFailedError, OfflineSummariser, type Llm, type SummaryRequest } from '../../src/modules/summarization/index.js';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { verdictOf } from '../support/fakes/fixed-sender-authenticator.js';
import { signInUser } from '../support/sign-in.js';
import { RawSmtpClient } from '../support/smtp-client.js';
import { databaseKinds } from '../support/test-database.js';
import { holders, type Holding } from '../support/database-search.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

// Deleting a document deletes: after it, nothing in the database says what its mail was about or who
// sent it. The check does not trust a list of tables: it reads every column of every table there is.

const SUBJECT = 'Zephyr';
const ALLOWED = 'ada.verity@senders.example';
const STRANGER = 'mallory.quill@strangers.example';
const FORWARDER = 'zephyr.forwarder@gmail.example';
const CODE = '482913057';
const BODY = 'periwinkle reconciliation';
const NEEDLES = [SUBJECT, ALLOWED, STRANGER, FORWARDER, CODE, BODY];

/** The offline summariser, refusing mail whose subject says so: a mail that fails for good, keeping its content. */
class RefusingLlm implements Llm {
  private readonly offline = new OfflineSummariser();
  summarise(request: SummaryRequest) {
    if (request.subject.includes('refuse')) return Promise.reject(new LlmFailedError('the model refused'));
    return this.offline.summarise(request);
  }
}

describe.each(databaseKinds())('deleting a document deletes its data (%s)', (kind) => {
  // A pass: the Gmail confirmation counts as Google's own.
  const { app, database } = useTestApp(kind, receivingMail({ env: { BILLING: 'off' }, overrides: [override(SENDER_AUTHENTICATOR, verdictOf('pass')), override(LLM, new RefusingLlm())] }));
  let token: string;
  let userId: string;
  let doomed: DocumentListItem;
  let kept: DocumentListItem;
  let before: Holding[];

  beforeAll(async () => {
    ({ token, userId } = await signInUser(app, { email: 'owner@example.com' }));
    doomed = await createDocument(app, token, { docName: 'Doomed notes', allowedEmails: [ALLOWED] });
    kept = await createDocument(app, token, { docName: 'Kept notes', allowedEmails: ['keeper@senders.example'] });

    // Processed (summary in the local document, tokens reserved and settled), failed (content kept,
    // tokens refunded), ignored for an unlisted sender (content kept), and Gmail's forwarding confirmation.
    await sendMail(app, { from: `Ada Verity <${ALLOWED}>`, to: doomed.forwardEmail, subject: `${SUBJECT} budget 4821`, text: `Hello,\n\nThe ${BODY} is done. Please approve the budget by Friday.\n\nAda` });
    await sendMail(app, { from: ALLOWED, to: doomed.forwardEmail, subject: `${SUBJECT} refuse 4822`, text: `The ${BODY} needs another look.` });
    await sendMail(app, { from: STRANGER, to: doomed.forwardEmail, subject: `${SUBJECT} invitation 4823`, text: `Join us for the ${BODY} party.` });
    await sendMail(app, {
      from: 'Gmail Team <forwarding-noreply@google.com>',
      to: doomed.forwardEmail,
      subject: `(#${CODE}) Gmail Forwarding Confirmation - Receive Mail from ${FORWARDER}`,
      text: [
        `${FORWARDER} has requested to automatically forward mail to your email address ${doomed.forwardEmail}.`,
        `Confirmation code: ${CODE}`,
        `To allow ${FORWARDER} to automatically forward mail to your address, please click the link below to confirm the request:`,
        'https://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-confirm',
      ].join('\n\n'),
    });
    await sendMail(app, { from: 'keeper@senders.example', to: kept.forwardEmail, subject: 'Keeper note 77', text: 'The keeper note stays.' });
    const mails = await waitForMails(app, token, doomed.documentId, 4);
    expect(mails.map((mail) => mail.status).sort()).toEqual(['failed', 'ignored', 'ignored', 'processed']);
    await waitForMails(app, token, kept.documentId, 1);
    expect((await app.fetch(`/local-docs/${doomed.googleDocumentId}`)).status).toBe(200);
    before = await holders(database.db, NEEDLES);

    const response = await app.fetch(`/api/deleteGoogleDoc/${doomed.documentId}`, { method: 'DELETE', token });
    expect(response.status).toBe(200);
  });

  it('held the subject, the senders, the content and the confirmation in many places before (the search finds them)', () => {
    const where = (needle: string) => new Set(before.filter((holding) => holding.needle === needle).map((holding) => `${holding.table}.${holding.column}`));
    expect([...where(SUBJECT)]).toEqual(expect.arrayContaining(['public.inbound_messages.subject', 'public.token_ledger.description', 'public.local_doc_blocks.heading']));
    expect([...where(ALLOWED)]).toEqual(expect.arrayContaining(['public.document_allowed_emails.email', 'public.inbound_messages.source_mail', 'public.inbound_messages.raw']));
    expect([...where(STRANGER)]).toEqual(expect.arrayContaining(['public.inbound_messages.refusal_sender', 'public.inbound_messages.raw']));
    expect([...where(FORWARDER)]).toEqual(expect.arrayContaining(['public.forwarding_confirmations.requester']));
    expect([...where(CODE)]).toEqual(expect.arrayContaining(['public.forwarding_confirmations.code']));
    expect([...where(BODY)]).toEqual(expect.arrayContaining(['public.inbound_messages.raw', 'public.inbound_messages.parsed', 'public.local_doc_blocks.body']));
  });

  it('leaves no row of any table holding its subject, a sender, its content or its forwarding confirmation', async () => {
    expect(await holders(database.db, NEEDLES)).toEqual([]);
  });

  it('keeps the amounts and dates of its tokens, under neutral words', async () => {
    const entries = (await database.db('token_ledger').where({ user_id: userId }).whereIn('kind', ['reserve', 'settle', 'refund']).orderBy('id').select('kind', 'tokens', 'description')) as {
      kind: string;
      tokens: number;
      description: string;
    }[];
    const forgotten = entries.filter((entry) => entry.description.endsWith('(deleted document)'));
    // The processed mail's reservation and settlement, the failed one's reservation and refund.
    expect(forgotten.map((entry) => `${entry.kind}: ${entry.description}`).sort()).toEqual([
      'refund: Refund (deleted document)',
      'reserve: Mail (deleted document)',
      'reserve: Mail (deleted document)',
      'settle: Summary (deleted document)',
    ]);
    expect(forgotten.every((entry) => entry.tokens > 0)).toBe(true);
    // The other document's entries say what they said.
    expect(entries.filter((entry) => !forgotten.includes(entry)).map((entry) => entry.description)).toEqual(['Mail: Keeper note 77', 'Summary: Keeper note 77 → Kept notes']);
  });

  it('no longer serves its local document', async () => {
    const response = await app.fetch(`/local-docs/${doomed.googleDocumentId}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(SUBJECT);
  });

  it('refuses mail to its forward address for good (550 at RCPT)', async () => {
    const { client } = await RawSmtpClient.connect(app.smtpPort ?? 0);
    try {
      expect((await client.command('EHLO client.test')).code).toBe(250);
      expect((await client.command(`MAIL FROM:<${ALLOWED}>`)).code).toBe(250);
      const rcpt = await client.command(`RCPT TO:<${doomed.forwardEmail}>`);
      expect(rcpt.code).toBe(550);
      expect(rcpt.last).toContain('5.1.1');
    } finally {
      await client.quit();
    }
  });

  it('leaves the other document, its mail and its summary as they were', async () => {
    expect((await waitForMails(app, token, kept.documentId, 1)).map((mail) => [mail.subject, mail.status])).toEqual([['Keeper note 77', 'processed']]);
    expect(await (await app.fetch(`/local-docs/${kept.googleDocumentId}`)).text()).toContain('Keeper note 77');
    expect((await app.fetch(`/api/getDocumentDetails/${doomed.documentId}`, { token })).status).toBe(404);
  });
});
