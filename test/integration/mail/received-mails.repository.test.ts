import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KnexOwnedDocumentScope } from '../../../src/modules/documents/index.js';
import type { ReceivedMailRow, ReceivedMailSortKey } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexReceivedMailPages } from '../../../src/modules/mail/infra/persistence/knex.received-mail-pages.js';
import { presentReceivedMail } from '../../../src/modules/mail/http/received-mails.presenter.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

type Order = 'asc' | 'desc';

describe.each(databaseKinds())('the received-mails page of a document (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let pages: KnexReceivedMailPages;
  let ownerId: string;
  let documentId: string;

  beforeAll(async () => {
    pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
  });
  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocument();
  });

  async function aDocument(owner = ownerId): Promise<string> {
    const id = await aDocumentRow(database.db, owner);
    return id;
  }

  /** Inserted as the pipeline leaves them; equal sort values on purpose, so the id decides their order. */
  async function someMail(document: string, mails: { sourceMail: string; subject: string; usedTokens: number; receivedAt: string }[]): Promise<ReceivedMailRow[]> {
    const rows: ReceivedMailRow[] = mails.map((mail, index) => ({
      id: randomUUID(),
      sourceMail: mail.sourceMail,
      subject: mail.subject,
      attachments: index % 4,
      usedTokens: mail.usedTokens,
      receivedAt: new Date(mail.receivedAt),
      status: index % 3 === 0 ? 'failed' : 'processed',
      reason: index % 3 === 0 ? 'The model refused.' : null,
      authentication: index % 2 === 0 ? { result: 'pass', detail: 'dmarc=pass header.from=example.com' } : null,
      refusal: null,
      hasContent: false,
    }));
    await database.db('inbound_messages').insert(
      rows.map((row) => ({
        id: row.id,
        document_id: document,
        owner_id: ownerId,
        status: row.status,
        reason: row.reason,
        envelope: JSON.stringify({ mailFrom: row.sourceMail, recipients: [] }),
        size_bytes: 100,
        source_mail: row.sourceMail,
        subject: row.subject,
        attachment_count: row.attachments,
        used_tokens: row.usedTokens,
        received_at: row.receivedAt,
        auth_verdict: row.authentication ? JSON.stringify(row.authentication) : null,
      })),
    );
    return rows;
  }

  const sevenMails = () =>
    someMail(documentId, [
      { sourceMail: 'a@example.com', subject: 'alpha', usedTokens: 3, receivedAt: '2026-05-01T10:00:00Z' },
      { sourceMail: 'b@example.com', subject: 'bravo', usedTokens: 1, receivedAt: '2026-05-01T10:00:00Z' },
      { sourceMail: 'a@example.com', subject: 'alpha', usedTokens: 1, receivedAt: '2026-05-02T10:00:00Z' },
      { sourceMail: 'c@example.com', subject: 'charlie', usedTokens: 2, receivedAt: '2026-05-03T10:00:00Z' },
      { sourceMail: 'b@example.com', subject: 'delta', usedTokens: 2, receivedAt: '2026-05-03T10:00:00Z' },
      { sourceMail: 'a@example.com', subject: 'echo', usedTokens: 0, receivedAt: '2026-05-04T10:00:00Z' },
      { sourceMail: 'c@example.com', subject: 'alpha', usedTokens: 3, receivedAt: '2026-05-05T10:00:00Z' },
    ]);

  /** The order the table promises: the chosen column, then the id, both in the chosen direction. */
  function sorted(rows: ReceivedMailRow[], sortBy: ReceivedMailSortKey, sortOrder: Order): ReceivedMailRow[] {
    const key = (row: ReceivedMailRow) => (sortBy === 'receivedAt' ? row.receivedAt.getTime() : row[sortBy]);
    const direction = sortOrder === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * direction;
      return (a.id < b.id ? -1 : 1) * direction;
    });
  }

  const page = async (page: number, pageSize: number, sortBy: ReceivedMailSortKey = 'receivedAt', sortOrder: Order = 'desc') => {
    const found = await pages.pageOf(ownerId, documentId, { page, pageSize, sortBy, sortOrder });
    if (!found) throw new Error('the owner’s document was not found');
    return found;
  };

  it('gives the exact total on the first, a middle, the last and a page past the end', async () => {
    const all = sorted(await sevenMails(), 'receivedAt', 'desc');
    expect(await page(1, 2)).toEqual({ rows: all.slice(0, 2), total: 7 });
    expect(await page(2, 2)).toEqual({ rows: all.slice(2, 4), total: 7 });
    expect(await page(4, 2)).toEqual({ rows: all.slice(6), total: 7 });
    expect(await page(5, 2)).toEqual({ rows: [], total: 7 });
    expect(await page(100, 5)).toEqual({ rows: [], total: 7 });
  });

  it('shows the attachment count the pipeline recorded, also after the mail’s content is dropped', async () => {
    const messages = new KnexInboundMessageRepository(database.db, { wake: () => undefined }, { dedupDays: 7 });
    const [withFiles, without] = [randomUUID(), randomUUID()];
    const envelope = { mailFrom: 'a@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'test' };
    await messages.storeReceived(
      [withFiles, without].map((id) => ({ id, documentId, ownerId, envelope, raw: Buffer.from(`raw ${id}`), dedupKey: `mid:${id}` })),
    );
    expect(await messages.findById(withFiles)).toMatchObject({ attachmentCount: 0 });
    await messages.saveStep(withFiles, { subject: 'Two files', attachmentCount: 2 });
    await messages.saveStep(without, { subject: 'No files' });
    expect(await messages.findById(withFiles)).toMatchObject({ attachmentCount: 2 });
    for (const id of [withFiles, without]) await messages.finish(id, { status: 'processed', reason: null, usedTokens: 1 });
    // Final: a later step cannot change it, and the content is gone while the count stays.
    await messages.saveStep(withFiles, { attachmentCount: 5 });
    expect(await messages.findById(withFiles)).toMatchObject({ raw: null, parsed: null, attachmentCount: 2 });

    const { rows } = await page(1, 5, 'subject', 'desc');
    expect(rows.map((row) => [row.subject, row.attachments])).toEqual([['Two files', 2], ['No files', 0]]);
    expect(rows.map((row) => presentReceivedMail({ ...row, action: null }).attachments)).toEqual([2, 0]);
  });

  it('gives an empty page and a total of zero for a document with no mail', async () => {
    await someMail(await aDocument(), [{ sourceMail: 'a@example.com', subject: 'elsewhere', usedTokens: 1, receivedAt: '2026-05-01T10:00:00Z' }]);
    expect(await page(1, 5)).toEqual({ rows: [], total: 0 });
    expect(await page(2, 5)).toEqual({ rows: [], total: 0 });
  });

  it('counts only the document’s own mail', async () => {
    await sevenMails();
    await someMail(await aDocument(), [{ sourceMail: 'a@example.com', subject: 'elsewhere', usedTokens: 1, receivedAt: '2026-05-09T10:00:00Z' }]);
    const first = await page(1, 5);
    expect(first.total).toBe(7);
    expect(first.rows.map((row) => row.subject)).not.toContain('elsewhere');
  });

  it.each([
    ['receivedAt', 'desc'],
    ['receivedAt', 'asc'],
    ['sourceMail', 'asc'],
    ['sourceMail', 'desc'],
    ['subject', 'asc'],
    ['subject', 'desc'],
    ['usedTokens', 'asc'],
    ['usedTokens', 'desc'],
  ] as const)('sorts by %s %s, ties broken by id in the same direction, across pages', async (sortBy, sortOrder) => {
    const all = sorted(await sevenMails(), sortBy, sortOrder);
    const pages = await Promise.all([1, 2, 3].map((number) => page(number, 3, sortBy, sortOrder)));
    expect(pages.map((each) => each.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((each) => each.rows)).toEqual(all);
  });

  it('walks every page newest first and oldest first, deep pages included, in the order of a full sort', async () => {
    // Many mails sharing one instant: the id alone orders them, also where a page starts.
    const mails = await someMail(
      documentId,
      Array.from({ length: 23 }, (_, index) => ({ sourceMail: 'a@example.com', subject: `mail ${index}`, usedTokens: 1, receivedAt: `2026-05-0${1 + (index % 4)}T10:00:00Z` })),
    );
    for (const sortOrder of ['desc', 'asc'] as const) {
      const all = sorted(mails, 'receivedAt', sortOrder);
      const walked = await Promise.all([1, 2, 3, 4, 5, 6].map((number) => page(number, 4, 'receivedAt', sortOrder)));
      expect(walked.map((each) => each.total)).toEqual([23, 23, 23, 23, 23, 23]);
      expect(walked.flatMap((each) => each.rows)).toEqual(all);
      expect(await page(7, 4, 'receivedAt', sortOrder)).toEqual({ rows: [], total: 23 });
    }
  });

  it('finds nothing for another user’s, a deleted or a not yet linked document, even with mail on it', async () => {
    await sevenMails();
    const stranger = await aUser(database.db);
    expect(await pages.pageOf(stranger, documentId, { page: 1, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc' })).toBeNull();
    expect(await pages.pageOf(ownerId, randomUUID(), { page: 1, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc' })).toBeNull();

    await database.db('documents').where({ id: documentId }).update({ external_id: null });
    expect(await pages.pageOf(ownerId, documentId, { page: 1, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc' })).toBeNull();
    await database.db('documents').where({ id: documentId }).update({ external_id: 'local-x', deleted_at: new Date() });
    expect(await pages.pageOf(ownerId, documentId, { page: 2, pageSize: 5, sortBy: 'subject', sortOrder: 'asc' })).toBeNull();
  });

  it('keeps each document’s total as mail is stored in bulk and removed with its owner', async () => {
    const other = await aDocument();
    await database.db.transaction(async (trx) => {
      const rows = [documentId, other, documentId].map((document) => ({
        id: randomUUID(),
        document_id: document,
        owner_id: ownerId,
        envelope: JSON.stringify({ mailFrom: 'a@example.com', recipients: [] }),
        size_bytes: 1,
      }));
      await trx('inbound_messages').insert(rows);
    });
    // A statement that fails stores no mail and counts none.
    await expect(database.db('inbound_messages').insert([{ id: randomUUID(), document_id: documentId, owner_id: ownerId, envelope: '{}', size_bytes: 1 }, { id: randomUUID() }])).rejects.toThrow();
    expect((await page(1, 5)).total).toBe(2);
    await database.db('inbound_messages').whereIn('id', database.db('inbound_messages').where({ document_id: documentId }).limit(1).select('id')).delete();
    await database.db('inbound_messages').whereIn('id', database.db('inbound_messages').where({ document_id: documentId }).limit(1).select('id')).delete();
    expect((await page(1, 5)).total).toBe(0);
    expect(await database.db('inbound_message_totals').where({ document_id: other }).first('mails')).toEqual({ mails: 1 });

    await database.db('users').where({ id: ownerId }).delete();
    expect(await database.db('inbound_message_totals').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
