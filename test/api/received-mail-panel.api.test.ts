// A received mail's panel (its block as written, its history, its link), the filters of a document's
// received-mails table, and the one search across the user's documents (docs/api.md § Received mail).
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { FoundMailsResponse, ReceivedMail, ReceivedMailDetail, ReceivedMailStatus } from '../../src/contract/received-mails.js';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

const aMessage = (from: string, to: string, subject: string, messageId: string) =>
  [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${messageId}>`, 'Content-Type: text/plain; charset=utf-8', '', 'The board meets on Friday. Please send the figures by Thursday.', ''].join('\r\n');

describe.each(databaseKinds())('a received mail’s panel, filters and search (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { ...receivingMail(), resetAfterEach: true });
  let token: string;
  let userId: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    ({ token, userId, doc } = await aDocumentOwner(app, { docName: 'Board', allowedEmails: ['ada@example.com'] }));
  });

  const get = async <Body>(path: string, as = token) => {
    const response = await app.fetch(path, { token: as });
    return { status: response.status, body: (await response.json()) as Body };
  };
  const detail = (mailId: string, documentId = doc.documentId, as = token) => get<ReceivedMailDetail>(`/api/document/${documentId}/received-mails/${mailId}`, as);
  const list = (query: string, documentId = doc.documentId) => get<{ data: ReceivedMail[]; total: number }>(`/api/document/${documentId}/received-mails${query}`);
  const search = (query: string, as = token) => get<FoundMailsResponse>(`/api/received-mails${query}`, as);

  /** A mail record as the pipeline leaves it, straight into the table: the filters need chosen dates. */
  async function aRecord(documentId: string, mail: { subject: string; sender: string; status?: ReceivedMailStatus; receivedAt: string; ownerId?: string }): Promise<string> {
    const id = randomUUID();
    await database.db('inbound_messages').insert({
      id,
      document_id: documentId,
      owner_id: mail.ownerId ?? userId,
      status: mail.status ?? 'processed',
      envelope: '{}',
      size_bytes: 10,
      subject: mail.subject,
      source_mail: mail.sender,
      received_at: new Date(mail.receivedAt),
    });
    return id;
  }

  describe('the panel of one mail', () => {
    it('shows a processed mail’s block exactly as written into the document, its history oldest first and its link', async () => {
      await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: 'Board meeting', raw: aMessage('Ada <ada@example.com>', doc.forwardEmail, 'Board meeting', 'board-1@example.com') });
      const [mail] = await waitForMails(app, token, doc.documentId, 1);
      const { status, body } = await detail(mail?.id ?? '');

      expect(status).toBe(200);
      const ref = `ref-${(mail?.id ?? '').replace(/-/g, '').slice(0, 12)}`;
      expect(body).toMatchObject({ id: mail?.id, documentId: doc.documentId, subject: 'Board meeting', sourceMail: 'ada@example.com', status: 'processed', documentUrl: `${doc.documentUrl}#${ref}` });
      // The local document's page has that anchor on the mail's block.
      const page = await (await app.fetch(new URL(doc.documentUrl).pathname)).text();
      expect(page).toContain(`<section id="${ref}">\n<h2>Board meeting</h2>`);
      const [written] = (await database.db('local_doc_blocks').select('heading', 'meta', 'body')) as { heading: string; meta: string; body: string }[];
      expect(body.block?.heading).toBe(written?.heading);
      expect(body.block?.meta.join('\n')).toBe(written?.meta);
      expect(body.block?.meta[0]).toMatch(/^From Ada <ada@example\.com> · .+ · ref [0-9a-f]{12}$/);
      const sections = [body.block?.summary.join('\n\n'), body.block?.keyPoints.length ? ['Key points:', ...body.block.keyPoints.map((item) => `• ${item}`)].join('\n') : null, body.block?.actionItems.length ? ['Action items:', ...body.block.actionItems.map((item) => `• ${item}`)].join('\n') : null];
      expect(sections.filter(Boolean).join('\n\n')).toBe(written?.body);
      expect(body.history.map((change) => change.status)).toEqual(['received', 'processing', 'processed']);
      expect(body.history.map((change) => Date.parse(change.at))).toEqual([...body.history.map((change) => Date.parse(change.at))].sort((a, b) => a - b));
      expect(Object.keys(body).sort()).toEqual(['action', 'attachments', 'authentication', 'block', 'documentId', 'documentUrl', 'history', 'id', 'reason', 'receivedAt', 'sourceMail', 'status', 'subject', 'usedTokens']);
    });

    it('has no block and no link for a mail that was not written, and its history says why it ended', async () => {
      await sendMail(app, { from: 'eve@example.com', to: doc.forwardEmail, subject: 'Hello', text: 'Not on the list.' });
      const [mail] = await waitForMails(app, token, doc.documentId, 1);
      const { body } = await detail(mail?.id ?? '');
      expect(body).toMatchObject({ status: 'ignored', block: null, documentUrl: null, action: { kind: 'allow-sender', sender: 'eve@example.com' } });
      expect(body.history.at(-1)).toMatchObject({ status: 'ignored', reason: mail?.reason });
    });

    it('answers 404 for another user’s mail, a mail of another document, an unknown mail and a malformed id', async () => {
      const mailId = await aRecord(doc.documentId, { subject: 'Mine', sender: 'ada@example.com', receivedAt: '2026-11-01T10:00:00Z' });
      const intruder = await signIn(app, { email: 'intruder@example.com' });
      const theirs = await createDocument(app, intruder, { allowedEmails: ['x@example.com'] });
      const other = await createDocument(app, token, { docName: 'Other', allowedEmails: ['ada@example.com'] });
      expect((await detail(mailId)).status).toBe(200);
      expect((await detail(mailId, doc.documentId, intruder)).status).toBe(404);
      expect((await detail(mailId, theirs.documentId, intruder)).status).toBe(404);
      expect((await detail(mailId, other.documentId)).status).toBe(404);
      expect((await detail(randomUUID())).status).toBe(404);
      expect((await detail('nope')).status).toBe(404);
    });
  });

  describe('a redelivered copy', () => {
    it('shows the subject and sender of the mail it repeats in the list, the panel and the search', async () => {
      const raw = aMessage('Ada <ada@example.com>', doc.forwardEmail, 'Twice sent', 'twice@example.com');
      await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: 'Twice sent', raw });
      await waitForMails(app, token, doc.documentId, 1);
      await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: 'Twice sent', raw });
      const mails = await waitForMails(app, token, doc.documentId, 2);

      expect(mails.map((mail) => [mail.status, mail.subject, mail.sourceMail])).toEqual([
        ['duplicate', 'Twice sent', 'ada@example.com'],
        ['processed', 'Twice sent', 'ada@example.com'],
      ]);
      const duplicate = mails[0]?.id ?? '';
      expect((await detail(duplicate)).body).toMatchObject({ status: 'duplicate', subject: 'Twice sent', sourceMail: 'ada@example.com', block: null });
      expect((await search('?status=duplicate')).body.data.map((mail) => [mail.id, mail.subject, mail.sourceMail])).toEqual([[duplicate, 'Twice sent', 'ada@example.com']]);
    });
  });

  describe('the filters of a document’s list', () => {
    beforeEach(async () => {
      await aRecord(doc.documentId, { subject: 'Invoice 42', sender: 'billing@acme.example', receivedAt: '2026-11-01T08:00:00Z' });
      await aRecord(doc.documentId, { subject: 'Board minutes', sender: 'ada@example.com', receivedAt: '2026-11-02T23:59:59Z' });
      await aRecord(doc.documentId, { subject: 'You won', sender: 'eve@spam.example', status: 'ignored', receivedAt: '2026-11-03T00:00:00Z' });
      await aRecord(doc.documentId, { subject: '100% off INVOICE', sender: 'ada@example.com', status: 'failed', receivedAt: '2026-11-04T12:00:00Z' });
    });
    const subjects = async (query: string) => {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      return { subjects: body.data.map((mail) => mail.subject), total: body.total };
    };

    it('matches a case-insensitive part of the subject or the sender', async () => {
      expect(await subjects('?q=invoice')).toEqual({ subjects: ['100% off INVOICE', 'Invoice 42'], total: 2 });
      expect(await subjects('?q=ACME')).toEqual({ subjects: ['Invoice 42'], total: 1 });
      expect(await subjects('?q=100%25')).toEqual({ subjects: ['100% off INVOICE'], total: 1 });
      expect(await subjects('?q=_')).toEqual({ subjects: [], total: 0 });
    });

    it('keeps one status or several', async () => {
      expect(await subjects('?status=ignored')).toEqual({ subjects: ['You won'], total: 1 });
      expect(await subjects('?status=failed,ignored')).toEqual({ subjects: ['100% off INVOICE', 'You won'], total: 2 });
    });

    it('keeps a date range, both days included, on the arrival in UTC', async () => {
      expect(await subjects('?from=2026-11-02&to=2026-11-03')).toEqual({ subjects: ['You won', 'Board minutes'], total: 2 });
      expect(await subjects('?from=2026-11-04')).toEqual({ subjects: ['100% off INVOICE'], total: 1 });
      expect(await subjects('?to=2026-11-01')).toEqual({ subjects: ['Invoice 42'], total: 1 });
    });

    it('combines the filters with paging and sorting, and counts every match past the last page', async () => {
      expect(await subjects('?q=example&status=processed,failed&from=2026-11-02&sortBy=subject&sortOrder=asc')).toEqual({ subjects: ['100% off INVOICE', 'Board minutes'], total: 2 });
      expect(await subjects('?q=i&pageSize=5&page=1&sortBy=receivedAt&sortOrder=asc')).toEqual({ subjects: ['Invoice 42', 'Board minutes', '100% off INVOICE'], total: 3 });
      expect(await subjects('?q=i&page=2')).toEqual({ subjects: [], total: 3 });
    });

    it.each([
      'status=lost',
      'status=processed,lost',
      'from=2026-02-30',
      'from=28.11.2026',
      'to=2026-11-1',
      'from=2026-11-05&to=2026-11-01',
      `q=${'x'.repeat(201)}`,
    ])('answers 400 for %s', async (query) => {
      const { status, body } = await list(`?${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: 'REQUEST.INVALID' } });
    });

    it('answers 404 for another user’s document, filtered or not', async () => {
      const intruder = await signIn(app, { email: 'intruder@example.com' });
      expect((await get(`/api/document/${doc.documentId}/received-mails?q=invoice`, intruder)).status).toBe(404);
    });
  });

  describe('the search across documents', () => {
    it('finds the user’s mail in every live document with the document’s name, and nothing of deleted documents or other users', async () => {
      const second = await createDocument(app, token, { docName: 'Finance', allowedEmails: ['ada@example.com'] });
      const deleted = await createDocument(app, token, { docName: 'Gone', allowedEmails: ['ada@example.com'] });
      const hidden = await createDocument(app, token, { docName: 'Hidden', allowedEmails: ['ada@example.com'] });
      const intruder = await signIn(app, { email: 'intruder@example.com' });
      const theirs = await createDocument(app, intruder, { docName: 'Theirs', allowedEmails: ['ada@example.com'] });
      const intruderId = ((await database.db('users').where({ email: 'intruder@example.com' }).first('id')) as { id: string }).id;

      const board = await aRecord(doc.documentId, { subject: 'Quarterly report', sender: 'ada@example.com', receivedAt: '2026-11-01T08:00:00Z' });
      const finance = await aRecord(second.documentId, { subject: 'Quarterly invoice', sender: 'billing@acme.example', status: 'failed', receivedAt: '2026-11-02T08:00:00Z' });
      await aRecord(deleted.documentId, { subject: 'Quarterly gone', sender: 'ada@example.com', receivedAt: '2026-11-03T08:00:00Z' });
      await aRecord(hidden.documentId, { subject: 'Quarterly hidden', sender: 'ada@example.com', receivedAt: '2026-11-03T09:00:00Z' });
      await aRecord(theirs.documentId, { subject: 'Quarterly theirs', sender: 'ada@example.com', receivedAt: '2026-11-03T10:00:00Z', ownerId: intruderId });
      expect((await app.fetch(`/api/deleteGoogleDoc/${deleted.documentId}`, { method: 'DELETE', token })).status).toBe(200);
      // A document an earlier version only hid (deleted_at set, its mail left): not the user's live document.
      await database.db('documents').where({ id: hidden.documentId }).update({ deleted_at: new Date() });

      const found = await search('?q=quarterly');
      expect(found.status).toBe(200);
      expect(found.body.total).toBe(2);
      expect(found.body.data.map((mail) => [mail.id, mail.documentId, mail.documentName, mail.subject])).toEqual([
        [finance, second.documentId, 'Finance', 'Quarterly invoice'],
        [board, doc.documentId, 'Board', 'Quarterly report'],
      ]);
      expect(found.body.data[0]).toMatchObject({ status: 'failed', sourceMail: 'billing@acme.example', usedTokens: 0, attachments: 0, receivedAt: '2026-11-02T08:00:00.000Z' });
      expect((await search('?q=quarterly&status=processed')).body.data.map((mail) => mail.id)).toEqual([board]);
      expect((await search('?from=2026-11-02&to=2026-11-02')).body.data.map((mail) => mail.id)).toEqual([finance]);
      expect((await search('?sortBy=subject&sortOrder=asc&pageSize=5&page=1')).body.data.map((mail) => mail.subject)).toEqual(['Quarterly invoice', 'Quarterly report']);
      expect((await search('?page=2')).body).toEqual({ data: [], total: 2 });
      expect((await search('', intruder)).body.data.map((mail) => mail.subject)).toEqual(['Quarterly theirs']);
    });

    it('answers 401 without a session and 400 for invalid filters', async () => {
      expect((await app.fetch('/api/received-mails')).status).toBe(401);
      expect((await search('?status=lost')).status).toBe(400);
      expect((await search('?pageSize=7')).status).toBe(400);
    });
  });
});
