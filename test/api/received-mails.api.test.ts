import { beforeEach, describe, expect, it } from 'vitest';
import { LLM, LlmFailedError, OfflineSummariser, type Llm, type SummaryRequest } from '../../src/modules/summarization/index.js';
import { FixedAttachmentReader } from '../support/fakes/in-memory-mail.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { ReceivedMail } from '../../src/contract/received-mails.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';
import { ATTACHMENT_READER } from '../../src/modules/mail/application/ports/attachment-reader.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

/** The offline summariser, but refusing mail whose subject says so: a permanent failure on demand. */
class SwitchableLlm implements Llm {
  refuse = true;
  private readonly offline = new OfflineSummariser();
  summarise(request: SummaryRequest) {
    if (this.refuse && request.subject.includes('refuse')) return Promise.reject(new LlmFailedError('the model refused'));
    return this.offline.summarise(request);
  }
}

/** A mail with one PDF attached: the parser finds a file to read, the reader decides what it holds. */
function aMailWithAFile(from: string, to: string, subject: string): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'Message-ID: <files-1@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="next-part"',
    '',
    '--next-part',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The quarterly figures and the scan are attached.',
    '--next-part',
    'Content-Type: application/pdf; name="q3.pdf"',
    'Content-Disposition: attachment; filename="q3.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4\n% a stand-in: the fake reader never opens it\n').toString('base64'),
    '--next-part--',
    '',
  ].join('\r\n');
}

describe.each(databaseKinds())('received mails of a document (%s)', (kind) => {
  const llm = new SwitchableLlm();
  const attachments = new FixedAttachmentReader();
  const { app, database } = useTestApp(kind, receivingMail({ overrides: [override(LLM, llm), override(ATTACHMENT_READER, attachments)], resetAfterEach: true }));
  let token: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    ({ token, doc } = await aDocumentOwner(app, { allowedEmails: ['a@example.com', 'b@example.com', 'c@example.com'] }));
    llm.refuse = true;
    attachments.attachments = [];
    attachments.calls = 0;
  });

  const list = async (query = '') => {
    const response = await app.fetch(`/api/document/${doc.documentId}/received-mails${query}`, { token });
    return { status: response.status, body: (await response.json()) as { data: ReceivedMail[]; total: number } };
  };

  it('pages and sorts, newest first by default, with status and reason', async () => {
    for (const [from, subject] of [['a@example.com', 'Alpha'], ['b@example.com', 'Bravo'], ['c@example.com', 'Charlie']] as const) {
      await sendMail(app, { from, to: doc.forwardEmail, subject, text: `${subject} body text.` });
      await waitForMails(app, token, doc.documentId, subject === 'Alpha' ? 1 : subject === 'Bravo' ? 2 : 3);
    }
    const first = await list();
    expect(first.body.total).toBe(3);
    expect(first.body.data.map((mail) => mail.subject)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(first.body.data[0]).toEqual({ id: expect.any(String), sourceMail: 'c@example.com', subject: 'Charlie', attachments: 0, usedTokens: 1, receivedAt: expect.any(String), status: 'processed', reason: null, authentication: { result: 'none', detail: 'test verdict none' }, action: null });
    expect((await list('?sortBy=subject&sortOrder=asc&pageSize=5&page=1')).body.data.map((mail) => mail.subject)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect((await list('?sortBy=sourceMail&sortOrder=desc')).body.data.map((mail) => mail.sourceMail)).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    expect((await list('?page=2&pageSize=5')).body).toEqual({ data: [], total: 3 });
  });

  it('shows how many attachments the mail’s block lists, read or not, after its content is gone', async () => {
    const file = { contentType: 'application/pdf', size: 60, truncated: false } as const;
    attachments.attachments = [
      { ...file, name: 'q3.pdf', status: 'read', reason: null, pages: 1, text: 'Revenue rose 4% in the third quarter.' },
      { ...file, name: 'scan.pdf', status: 'not-read', reason: 'encrypted PDF', pages: null, text: '' },
      { ...file, name: 'logo.png', contentType: 'image/png', status: 'skipped', reason: 'inline image', pages: null, text: '' },
    ];
    await sendMail(app, { from: 'a@example.com', to: doc.forwardEmail, subject: 'Plain', text: 'No files here.' });
    await waitForMails(app, token, doc.documentId, 1);
    await sendMail(app, { from: 'a@example.com', to: doc.forwardEmail, subject: 'With files', raw: aMailWithAFile('a@example.com', doc.forwardEmail, 'With files') });
    const mails = await waitForMails(app, token, doc.documentId, 2);

    expect(attachments.calls).toBe(1);
    expect(mails.map((mail) => [mail.subject, mail.status, mail.attachments])).toEqual([
      ['With files', 'processed', 2],
      ['Plain', 'processed', 0],
    ]);
    const stored = (await database.db('inbound_messages').where({ document_id: doc.documentId }).orderBy('received_at', 'desc').select('raw', 'attachment_count')) as { raw: unknown; attachment_count: number }[];
    expect(stored).toEqual([{ raw: null, attachment_count: 2 }, { raw: null, attachment_count: 0 }]);
  });

  it('gives an empty list and a total of zero for a document without mail', async () => {
    expect((await list()).body).toEqual({ data: [], total: 0 });
  });

  it.each(['pageSize=7', 'sortBy=status', 'sortOrder=sideways', 'page=0', 'extra=1'])('answers 400 for %s', async (query) => {
    expect((await list(`?${query}`)).status).toBe(400);
  });

  it('answers 404 for another user\'s document and for a malformed id', async () => {
    const intruder = await signIn(app, { email: 'intruder@example.com' });
    expect((await app.fetch(`/api/document/${doc.documentId}/received-mails`, { token: intruder })).status).toBe(404);
    expect((await app.fetch('/api/document/nope/received-mails', { token })).status).toBe(404);
  });

  it('answers 404 for a deleted document, whose mail went with it', async () => {
    await sendMail(app, { from: 'a@example.com', to: doc.forwardEmail, subject: 'Gone', text: 'Gone body text.' });
    await waitForMails(app, token, doc.documentId, 1);
    expect((await app.fetch(`/api/deleteGoogleDoc/${doc.documentId}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await database.db('inbound_messages').where({ document_id: doc.documentId }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await list()).status).toBe(404);
  });

  it('fails a mail the model refuses, refunds it, and retries it on request with a new charge', async () => {
    await sendMail(app, { from: 'a@example.com', to: doc.forwardEmail, subject: 'Please refuse', text: 'Text.' });
    const [failed] = await waitForMails(app, token, doc.documentId, 1);
    expect(failed).toMatchObject({ status: 'failed', usedTokens: 0, reason: expect.stringContaining('the model refused'), action: { kind: 'retry' } });
    const state = async () => ((await (await app.fetch('/api/tokens/state', { token })).json()) as { tokenState: { subscriptionTokens: number } }).tokenState.subscriptionTokens;
    expect(await state()).toBe(500);

    llm.refuse = false;
    const retry = await app.fetch(`/api/document/${doc.documentId}/received-mails/${failed?.id ?? ''}/retry`, { method: 'POST', token });
    expect(retry.status).toBe(202);
    const [done] = await waitForMails(app, token, doc.documentId, 1, ['processed', 'failed']);
    expect(done).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(await state()).toBe(499);
    const again = await app.fetch(`/api/document/${doc.documentId}/received-mails/${failed?.id ?? ''}/retry`, { method: 'POST', token });
    expect(again.status).toBe(409);
  });
});
