// The block as written and the status history, kept on the mail's record (migration 20261203120000):
// written in the statements that change the mail, read back by its panel, exported, and gone with the
// record (a document's deletion, an account's, the MAIL_LOG_DAYS purge).
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { KnexOwnedDocumentScope } from '../../../src/modules/documents/index.js';
import { transactionOf } from '../../../src/platform/transactions/knex-transaction.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexMailRecords } from '../../../src/modules/mail/infra/persistence/knex.mail-records.js';
import { KnexReceivedMailPages } from '../../../src/modules/mail/infra/persistence/knex.received-mail-pages.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

const BLOCK = {
  heading: 'Quarterly figures',
  meta: 'From Ada <ada@example.com> · 3 Dec 2026, 09:00 UTC · ref 0123456789ab\nForwarded by Bob <bob@example.com>',
  body: 'Revenue rose.\n\nKey points:\n• Revenue up 4%\n\nAction items:\n• Reply by Friday',
};

describe.each(databaseKinds())('a mail’s block and status history (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ownerId: string;
  let documentId: string;

  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocument(ownerId);
  });

  async function aDocument(owner: string): Promise<string> {
    const id = await aDocumentRow(database.db, owner);
    return id;
  }
  const aRepository = () => new KnexInboundMessageRepository(database.db, { wake: () => undefined }, { dedupDays: 7 });
  const pages = () => new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());

  async function aReceivedMail(dedupKey = `mid:${randomUUID()}`, receivedAt = new Date()): Promise<string> {
    const id = randomUUID();
    await database.db('inbound_messages').insert({ id, document_id: documentId, owner_id: ownerId, envelope: JSON.stringify({ mailFrom: 'a@example.com', recipients: [] }), raw: Buffer.from('raw'), size_bytes: 3, dedup_key: dedupKey, received_at: receivedAt });
    return id;
  }

  it('records each status change with its reason, in order, and keeps the block written with the processed end', async () => {
    const messages = aRepository();
    const id = await aReceivedMail();
    const now = new Date();
    await messages.claimRun(id, now, new Date(now.getTime() + 60_000));
    await messages.saveStep(id, { status: 'held', reason: 'Not enough tokens.' });
    expect(await messages.requeue(id)).toBe(true);
    await messages.releaseRun(id);
    await messages.claimRun(id, new Date(), new Date(Date.now() + 60_000));
    // A second claim of a mail already processing, and a step that changes neither status nor reason: no entry.
    await messages.saveStep(id, { attempts: 1 });
    await messages.saveStep(id, { attempts: 1, reason: 'Retrying (1/4): the model timed out' });
    await messages.finish(id, { status: 'processed', reason: null, usedTokens: 1, writtenAt: new Date(), block: BLOCK });

    const detail = await pages().mailOf(documentId, id);
    expect(detail?.history.map((entry) => [entry.status, entry.reason, entry.from])).toEqual([
      ['received', null, null],
      ['processing', null, 'received'],
      ['held', 'Not enough tokens.', 'processing'],
      ['received', null, 'held'],
      ['processing', null, 'received'],
      ['processing', 'Retrying (1/4): the model timed out', 'processing'],
      ['processed', null, 'processing'],
    ]);
    const times = detail?.history.map((entry) => entry.at.getTime()) ?? [];
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(detail?.block).toEqual(BLOCK);
    // The content still goes as the mail ends: only the block stays.
    expect(await database.db('inbound_messages').where({ id }).first('raw', 'parsed', 'summary')).toEqual({ raw: null, parsed: null, summary: null });
  });

  it('keeps the block recorded with the write when settling fails, and has no block for a mail that ended otherwise', async () => {
    const messages = aRepository();
    const written = await aReceivedMail();
    await messages.saveStep(written, { writtenAt: new Date(), block: BLOCK });
    expect((await pages().mailOf(documentId, written))?.block).toEqual(BLOCK);
    const failed = await aReceivedMail();
    await messages.finish(failed, { status: 'failed', reason: 'The model refused.' });
    expect(await pages().mailOf(documentId, failed)).toMatchObject({ block: null, writtenAt: null, status: 'failed' });
    expect(await pages().mailOf(await aDocument(ownerId), failed)).toBeNull();
  });

  it('gives a duplicate the subject and sender of the mail it repeats, also when that mail is parsed after it', async () => {
    const messages = aRepository();
    const original = await aReceivedMail('mid:same', new Date(Date.now() - 1000));
    const copy = await aReceivedMail('mid:same', new Date(Date.now() - 500));
    await messages.finish(copy, { status: 'duplicate', reason: 'Already received.', duplicateOf: original });
    expect(await messages.findById(copy)).toMatchObject({ status: 'duplicate', subject: '', sourceMail: '' });
    await messages.saveStep(original, { subject: 'Invoice 42', sourceMail: 'ada@example.com' });
    expect(await messages.findById(copy)).toMatchObject({ subject: 'Invoice 42', sourceMail: 'ada@example.com' });

    const again = await aReceivedMail('mid:same');
    await messages.finish(again, { status: 'duplicate', reason: 'Already received.', duplicateOf: original });
    expect(await messages.findById(again)).toMatchObject({ subject: 'Invoice 42', sourceMail: 'ada@example.com' });
    const page = await pages().pageOf(ownerId, documentId, { page: 1, pageSize: 25, sortBy: 'receivedAt', sortOrder: 'desc', filter: { text: 'invoice', statuses: ['duplicate'] } });
    expect(page?.rows.map((row) => [row.id, row.subject, row.sourceMail])).toEqual([
      [again, 'Invoice 42', 'ada@example.com'],
      [copy, 'Invoice 42', 'ada@example.com'],
    ]);
  });

  it('exports the block in parts and the history with the owner’s records', async () => {
    const messages = aRepository();
    const id = await aReceivedMail();
    await messages.finish(id, { status: 'processed', reason: null, usedTokens: 1, writtenAt: new Date(), block: BLOCK });
    const [record] = await new KnexMailRecords(database.db).ownerRecords(ownerId);
    expect(record?.block).toEqual({
      heading: 'Quarterly figures',
      meta: ['From Ada <ada@example.com> · 3 Dec 2026, 09:00 UTC · ref 0123456789ab', 'Forwarded by Bob <bob@example.com>'],
      summary: ['Revenue rose.'],
      keyPoints: ['Revenue up 4%'],
      actionItems: ['Reply by Friday'],
    });
    expect(record?.history.map((entry) => entry.status)).toEqual(['received', 'processed']);
  });

  it('erases the block and history with the document, with the account, and purges them with the record', async () => {
    const messages = aRepository();
    const records = new KnexMailRecords(database.db);
    const ended = async (document: string, receivedAt = new Date()) => {
      const id = randomUUID();
      await database.db('inbound_messages').insert({ id, document_id: document, owner_id: ownerId, envelope: '{}', raw: Buffer.from('raw'), size_bytes: 3, dedup_key: `mid:${id}`, received_at: receivedAt });
      await messages.finish(id, { status: 'processed', reason: null, usedTokens: 0, writtenAt: new Date(), block: BLOCK });
      return id;
    };
    const blocks = async () => ((await database.db('inbound_messages').whereNotNull('block').count({ n: '*' }).first()) as { n: number | string }).n;

    await ended(documentId);
    await database.db.transaction((trx) => records.eraseDocumentMail(transactionOf(trx), documentId));
    expect(Number(await blocks())).toBe(0);

    const other = await aDocument(ownerId);
    await ended(other);
    await database.db.transaction((trx) => records.eraseOwnerMail(transactionOf(trx), ownerId));
    expect(Number(await blocks())).toBe(0);

    const old = await ended(other, new Date(Date.now() - 100 * 24 * 60 * 60 * 1000));
    const recent = await ended(other);
    expect(await records.deleteRecords(new Date(Date.now() - 90 * 24 * 60 * 60 * 1000), 10, () => Promise.resolve())).toBe(1);
    expect(await database.db('inbound_messages').whereIn('id', [old, recent]).pluck('id')).toEqual([recent]);
  });
});
