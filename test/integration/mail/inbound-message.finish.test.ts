import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { KnexOwnedDocumentScope } from '../../../src/modules/documents/index.js';
import { KEPT_IGNORED_PER_DOCUMENT } from '../../../src/modules/mail/domain/inbound-message.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexMailRecords } from '../../../src/modules/mail/infra/persistence/knex.mail-records.js';
import { KnexReceivedMailPages } from '../../../src/modules/mail/infra/persistence/knex.received-mail-pages.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

describe.each(databaseKinds())('ending a mail and counting it on its document (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ownerId: string;
  let documentId: string;

  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocumentRow(database.db, ownerId);
  });

  // finish() never wakes the workers; the repository just needs someone to wake.
  const aRepository = () => new KnexInboundMessageRepository(database.db, { wake: () => undefined }, { dedupDays: 7 });

  async function aMailInProcessing(): Promise<string> {
    const id = randomUUID();
    await database.db('inbound_messages').insert({ id, document_id: documentId, owner_id: ownerId, status: 'processing', envelope: JSON.stringify({ mailFrom: 'a@example.com', recipients: [] }), raw: Buffer.from('raw'), size_bytes: 3, dedup_key: `mid:${id}` });
    return id;
  }
  const processedCount = async () => ((await database.db('documents').where({ id: documentId }).first('processed_emails_count')) as { processed_emails_count: number }).processed_emails_count;
  const statusOf = async (id: string) => ((await database.db('inbound_messages').where({ id }).first('status')) as { status: string }).status;

  it('raises the document’s processed count once, however often the mail is ended', async () => {
    const messages = aRepository();
    const id = await aMailInProcessing();
    expect(await messages.finish(id, { status: 'processed', reason: null, usedTokens: 2 })).toBe(true);
    expect(await messages.finish(id, { status: 'processed', reason: null, usedTokens: 2 })).toBe(false);
    expect(await processedCount()).toBe(1);
  });

  it('does not count a mail that ends any other way', async () => {
    const messages = aRepository();
    await messages.finish(await aMailInProcessing(), { status: 'ignored', reason: 'Not on the allow-list.' });
    await messages.finish(await aMailInProcessing(), { status: 'failed', reason: 'The model refused.' });
    expect(await processedCount()).toBe(0);
  });

  it('keeps the content of a mail refused only because its sender is not listed, with the refusal, until it is dropped', async () => {
    const messages = aRepository();
    const unlisted = await aMailInProcessing();
    const spoofed = await aMailInProcessing();
    await messages.finish(unlisted, { status: 'ignored', reason: 'Not on the list.', refusal: { reason: 'not-on-list', sender: 'bob@example.com' } });
    await messages.finish(spoofed, { status: 'ignored', reason: 'DMARC failed.', refusal: { reason: 'failed-authentication', sender: 'eve@example.com' } });

    expect(await messages.findById(unlisted)).toMatchObject({ raw: Buffer.from('raw'), refusal: { reason: 'not-on-list', sender: 'bob@example.com' } });
    expect(await messages.findById(spoofed)).toMatchObject({ raw: null, refusal: { reason: 'failed-authentication', sender: 'eve@example.com' } });
    const page = await new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope()).pageOf(ownerId, documentId, { page: 1, pageSize: 25, sortBy: 'receivedAt', sortOrder: 'desc' });
    expect(new Map(page?.rows.map((row) => [row.id, row.hasContent]))).toEqual(new Map([[unlisted, true], [spoofed, false]]));

    // What the retention job does HOLD_DAYS after the mail ended.
    const records = new KnexMailRecords(database.db);
    expect(await records.dropContent(new Date(Date.now() - 60_000), 10)).toBe(0);
    expect(await records.dropContent(new Date(Date.now() + 60_000), 10)).toBe(1);
    expect(await messages.findById(unlisted)).toMatchObject({ status: 'ignored', raw: null, parsed: null });
  });

  it('keeps the content of only the newest ignored mails of a document, so a stranger cannot pile up stored mail', async () => {
    const messages = aRepository();
    const ids: string[] = [];
    for (let index = 0; index < KEPT_IGNORED_PER_DOCUMENT + 2; index += 1) {
      const id = await aMailInProcessing();
      await messages.finish(id, { status: 'ignored', reason: 'Not on the list.', refusal: { reason: 'not-on-list', sender: `s${index}@example.com` } });
      // Ended one after another: each later than the one before.
      await database.db('inbound_messages').where({ id }).update({ finished_at: new Date(Date.UTC(2026, 0, 1, 0, index)) });
      ids.push(id);
    }
    const last = await aMailInProcessing();
    await messages.finish(last, { status: 'ignored', reason: 'Not on the list.', refusal: { reason: 'not-on-list', sender: 'last@example.com' } });
    ids.push(last);

    const kept = (await database.db('inbound_messages').where({ document_id: documentId }).whereNotNull('raw').pluck('id')) as string[];
    expect(new Set(kept)).toEqual(new Set(ids.slice(-KEPT_IGNORED_PER_DOCUMENT)));
    // The older ones keep their row, reason and refusal.
    expect(await messages.findById(ids[0] as string)).toMatchObject({ status: 'ignored', raw: null, refusal: { reason: 'not-on-list', sender: 's0@example.com' } });
  });

  it('leaves the mail unfinished when counting it fails: both commit together or neither does', async () => {
    const messages = aRepository();
    const id = await aMailInProcessing();
    // A count the database refuses to raise.
    await database.db.raw('ALTER TABLE documents ADD CONSTRAINT documents_count_frozen CHECK (processed_emails_count = 0)');
    try {
      await expect(messages.finish(id, { status: 'processed', reason: null, usedTokens: 2 })).rejects.toThrow(/documents_count_frozen/);
    } finally {
      await database.db.raw('ALTER TABLE documents DROP CONSTRAINT documents_count_frozen');
    }
    expect(await statusOf(id)).toBe('processing');
    expect(await processedCount()).toBe(0);
  });

  it('records when the block was written as the mail ends processed', async () => {
    const messages = aRepository();
    const id = await aMailInProcessing();
    const writtenAt = new Date('2026-11-24T10:00:01.250Z');
    await messages.finish(id, { status: 'processed', reason: null, usedTokens: 1, writtenAt });
    expect(await messages.findById(id)).toMatchObject({ status: 'processed', writtenAt, usedTokens: 1 });
  });

  it('lends a mail’s run lease to one run at a time: of two claims at once one wins, and a lapsed lease is free again', async () => {
    const messages = aRepository();
    const id = await aMailInProcessing();
    const now = new Date('2026-11-24T10:00:00Z');
    const until = new Date('2026-11-24T10:10:00Z');
    const claims = await Promise.all([messages.claimRun(id, now, until), messages.claimRun(id, now, until)]);
    expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
    const lost = claims.find((claim) => claim.outcome !== 'claimed');
    expect(lost?.outcome === 'leased' ? lost.until.toISOString() : lost).toBe(until.toISOString());
    // The holder died: once its lease lapses, the next run takes it, and finds the mail as it is.
    const taken = await messages.claimRun(id, new Date('2026-11-24T10:10:01Z'), new Date('2026-11-24T10:20:00Z'));
    expect(taken).toMatchObject({ outcome: 'claimed', message: { id, status: 'processing' } });
    await messages.releaseRun(id);
    expect((await messages.claimRun(id, now, until)).outcome).toBe('claimed');
  });

  it('runs nothing for a mail that ended or waits for tokens, and gives the lease back when the mail ends', async () => {
    const messages = aRepository();
    const id = await aMailInProcessing();
    const now = new Date('2026-11-24T10:00:00Z');
    const until = new Date('2026-11-24T10:10:00Z');
    expect((await messages.claimRun(id, now, until)).outcome).toBe('claimed');
    await messages.finish(id, { status: 'processed', reason: null, usedTokens: 1 });
    expect(await database.db('inbound_messages').where({ id }).first('run_lease_until')).toEqual({ run_lease_until: null });
    expect(await messages.claimRun(id, now, until)).toEqual({ outcome: 'nothing-to-run' });
    const held = await aMailInProcessing();
    await messages.saveStep(held, { status: 'held', reason: 'Not enough tokens.' });
    expect(await messages.claimRun(held, now, until)).toEqual({ outcome: 'nothing-to-run' });
    expect(await messages.claimRun('00000000-0000-4000-8000-000000000000', now, until)).toEqual({ outcome: 'nothing-to-run' });
  });
});
