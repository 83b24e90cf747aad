import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { BATCH_IN_FLIGHT_WAIT_SECONDS, type DocBudgets } from '../../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import type { PendingBlock } from '../../../src/modules/mail/application/ports/pending-block.repository.port.js';
import { KnexDocWriteLimiter } from '../../../src/modules/mail/infra/persistence/knex.doc-write-limiter.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexMailRecords } from '../../../src/modules/mail/infra/persistence/knex.mail-records.js';
import { KnexPendingBlockRepository } from '../../../src/modules/mail/infra/persistence/knex.pending-block.repository.js';
import { transactionOf } from '../../../src/platform/transactions/knex-transaction.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

const BUDGETS: DocBudgets = { writesPerUser: 50, writesPerProject: 500, readsPerUser: 250 };
const NOW = new Date('2026-11-02T10:00:40Z');
const LEASE_MS = 5 * 60_000;
const STALE_BEFORE = new Date(NOW.getTime() - LEASE_MS);

/**
 * The blocks of mails waiting for their document's write budget (docs/operations.md § Google's quotas),
 * in the database: claimed oldest first by one batch at a time, and gone with their mail however it ends
 * or is erased.
 */
describe.each(databaseKinds())('pending blocks of a document (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ownerId: string;
  let documentId: string;

  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocumentRow(database.db, ownerId);
  });

  const pending = () => new KnexPendingBlockRepository(database.db);
  const rows = async () => (await database.db('pending_doc_blocks').orderBy('received_at').select('message_id', 'claim_token', 'written_external_id')) as { message_id: string; claim_token: string | null; written_external_id: string | null }[];

  /** A mail in processing whose block waits, received `minute` minutes after the first. */
  async function aWaitingMail(minute: number): Promise<PendingBlock> {
    const id = randomUUID();
    const receivedAt = new Date(NOW.getTime() - 3_600_000 + minute * 60_000);
    await database.db('inbound_messages').insert({ id, document_id: documentId, owner_id: ownerId, status: 'processing', envelope: JSON.stringify({ mailFrom: 'a@example.com', recipients: [] }), raw: Buffer.from('raw'), size_bytes: 3, dedup_key: `mid:${id}`, received_at: receivedAt });
    const block: PendingBlock = { messageId: id, heading: `Invoice ${minute}`, meta: `From Boss · ref ${minute}`, body: 'Due on Friday.', link: `https://app.test/?mail=${id}`, receivedAt };
    await pending().hold(documentId, block);
    return block;
  }

  const claim = (exceptMessageId: string, token: string, limit = 19, now = NOW) => pending().claim({ documentId, exceptMessageId, token, now, staleBefore: new Date(now.getTime() - LEASE_MS), limit });

  it('claims the oldest blocks first, not the claiming mail’s own, and a second batch meanwhile takes the next ones', async () => {
    const blocks = [];
    for (const minute of [3, 1, 4, 2, 5]) blocks.push(await aWaitingMail(minute));
    const own = blocks[4]?.messageId ?? '';
    await pending().hold(documentId, { ...(blocks[0] as PendingBlock), heading: 'a second hold keeps the first' });

    const first = await claim(own, 'run-a', 2);
    const second = await claim(own, 'run-b', 19);
    expect(first.map((block) => block.heading)).toEqual(['Invoice 1', 'Invoice 2']);
    expect(second.map((block) => block.heading)).toEqual(['Invoice 3', 'Invoice 4']);
    expect(second[0]).toEqual(blocks[0]);
  });

  it('gives two batches claiming at once different blocks (on Postgres, on two connections)', async () => {
    for (let minute = 1; minute <= 10; minute += 1) await aWaitingMail(minute);
    const batches = await Promise.all(['run-a', 'run-b', 'run-c'].map((token) => claim(randomUUID(), token, 4)));
    const ids = batches.flat().map((block) => block.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(10);
  });

  it('marks a batch’s blocks written for their own runs, gives back the ones it left, and frees a dead run’s claims after the lease', async () => {
    const [a, b, c] = [await aWaitingMail(1), await aWaitingMail(2), await aWaitingMail(3)];
    await claim('00000000-0000-4000-8000-000000000000', 'run-a');
    await pending().markWritten([a.messageId], 'run-a', 'doc-part-2', NOW);
    await pending().release([b.messageId], 'run-a');
    // Another run's token changes nothing.
    await pending().markWritten([c.messageId], 'run-x', 'doc-part-2', NOW);
    expect(await rows()).toEqual([
      { message_id: a.messageId, claim_token: null, written_external_id: 'doc-part-2' },
      { message_id: b.messageId, claim_token: null, written_external_id: null },
      { message_id: c.messageId, claim_token: 'run-a', written_external_id: null },
    ]);

    expect((await claim(a.messageId, 'run-b')).map((block) => block.messageId)).toEqual([b.messageId]);
    const later = new Date(NOW.getTime() + LEASE_MS + 1000);
    expect((await claim(a.messageId, 'run-c', 19, later)).map((block) => block.messageId)).toEqual([b.messageId, c.messageId]);
  });

  it('takes no write slot for a mail whose block a batch wrote or a live batch is writing, and says whether other blocks wait', async () => {
    const limiter = new KnexDocWriteLimiter(database.db, BUDGETS);
    const [a, b] = [await aWaitingMail(1), await aWaitingMail(2)];
    const turn = (messageId: string) => ({ messageId, documentId, staleBefore: STALE_BEFORE });
    await claim(b.messageId, 'run-b');
    await pending().markWritten([a.messageId], 'run-b', 'doc-1', NOW);
    await claim(a.messageId, 'run-a');

    expect(await limiter.tryAcquire(ownerId, NOW, undefined, turn(a.messageId))).toEqual({ ok: false, written: { externalId: 'doc-1', writtenAt: NOW } });
    expect(await limiter.tryAcquire(ownerId, NOW, undefined, turn(b.messageId))).toEqual({ ok: false, retryAfterSeconds: BATCH_IN_FLIGHT_WAIT_SECONDS });
    expect(Number(((await database.db('doc_write_windows').count({ n: '*' }).first()) as { n: string | number }).n)).toBe(0);

    // A fresh mail of the document: a slot, and b's block still waits (claimed, not written).
    expect(await limiter.tryAcquire(ownerId, NOW, undefined, turn(randomUUID()))).toEqual({ ok: true, othersPending: true, ownPending: false });
    // b's run after the batch's lease: a slot (its block waited: a batch may have written it), nothing else waits.
    const later = new Date(NOW.getTime() + LEASE_MS + 1000);
    expect(await limiter.tryAcquire(ownerId, later, undefined, { ...turn(b.messageId), staleBefore: new Date(later.getTime() - LEASE_MS) })).toEqual({ ok: true, othersPending: false, ownPending: true });
    // Without a turn, as before.
    expect(await limiter.tryAcquire(ownerId, NOW)).toEqual({ ok: true });
  });

  it('drops a block as its mail ends, whatever the end, and keeps it while the mail waits', async () => {
    const messages = new KnexInboundMessageRepository(database.db, { wake: () => undefined }, { dedupDays: 7 });
    const [processed, failed, waiting] = [await aWaitingMail(1), await aWaitingMail(2), await aWaitingMail(3)];
    await messages.finish(processed.messageId, { status: 'processed', reason: null, usedTokens: 1 });
    await messages.finish(failed.messageId, { status: 'failed', reason: 'The model refused.' });
    await database.db('inbound_messages').where({ id: waiting.messageId }).update({ status: 'received' });
    expect((await rows()).map((row) => row.message_id)).toEqual([waiting.messageId]);
  });

  it('leaves no block of an erased document, nor of a deleted account', async () => {
    await aWaitingMail(1);
    await database.db.transaction((trx) => new KnexMailRecords(database.db).eraseDocumentMail(transactionOf(trx), documentId));
    expect(await rows()).toEqual([]);

    await aWaitingMail(2);
    await database.db('users').where({ id: ownerId }).delete();
    expect(await rows()).toEqual([]);
  });
});
