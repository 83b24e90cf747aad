import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimedRun } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexMailQueue } from '../../../src/modules/mail/infra/queue/knex.mail-queue.js';
import { openDatabase, type OpenDatabase } from '../../../src/platform/db/database.js';
import { aUser } from '../../support/users.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

const logger = pino({ level: 'silent' });
const WAIT = { timeout: 10_000, interval: 20 };

describe.each(databaseKinds())('the mail queue on the messages table (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let ownerId: string;
  let documentId: string;
  let queue: KnexMailQueue;
  let messages: KnexInboundMessageRepository;

  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocumentRow(database.db, ownerId);
    queue = new KnexMailQueue(database.db, { leaseSeconds: 60, pollingSeconds: 60, dedupDays: 7 }, logger);
    messages = new KnexInboundMessageRepository(database.db, queue, { dedupDays: 7 });
  });
  afterEach(async () => {
    await queue.stop();
    await database.reset();
  });

  async function receive(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const id = randomUUID();
      ids.push(id);
      // One at a time: each arrives after the one before it.
      await messages.storeReceived([{ id, documentId, ownerId, envelope: { mailFrom: 'a@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'h' }, raw: Buffer.from(`Subject: ${n}\r\n\r\nHi`), dedupKey: `mid:${id}` }]);
    }
    return ids;
  }
  const row = async (id: string) =>
    (await database.db('inbound_messages').where({ id }).first('status', 'due_at', 'run_lease_until')) as { status: string; due_at: Date | null; run_lease_until: Date | null };

  it('claims due mail oldest first, each once, leased and due again when the lease ends', async () => {
    const ids = await receive(3);
    const first = await queue.claimDue(2);
    expect(first.map((run) => run.message.id)).toEqual(ids.slice(0, 2));
    expect(first.every((run) => run.message.status === 'processing' && run.earlierDelivery === null)).toBe(true);
    const claimed = await row(ids[0] ?? '');
    expect(claimed.run_lease_until).not.toBeNull();
    expect(claimed.due_at?.getTime()).toBe(claimed.run_lease_until?.getTime());
    expect((await queue.claimDue(5)).map((run) => run.message.id)).toEqual([ids[2]]);
    expect(await queue.claimDue(5)).toEqual([]);
    expect(await queue.depth()).toBe(0);
  });

  it("brings a copy's earlier delivery with its claim, while the copy is not parsed and within the dedup window", async () => {
    const raw = Buffer.from('Message-ID: <same@example.com>\r\nSubject: Again\r\n\r\nHi');
    const copy = (id: string) => ({ id, documentId, ownerId, envelope: { mailFrom: 'a@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'h' }, raw, dedupKey: 'mid:same@example.com' });
    const [old, first, second, third] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const id of [old, first, second, third]) await messages.storeReceived([copy(id)]);
    // A copy from before the window (7 days) is no earlier delivery of the ones now.
    await database.db('inbound_messages').where({ id: old }).update({ received_at: database.db.raw("CURRENT_TIMESTAMP - interval '9 days'") });
    // Parsed already: its first run checked.
    await database.db('inbound_messages').where({ id: third }).update({ parsed: JSON.stringify({ subject: 'Again' }) });
    const received = async (id: string) => ((await database.db('inbound_messages').where({ id }).first('received_at')) as { received_at: Date }).received_at;

    const runs = new Map((await queue.claimDue(10)).map((run) => [run.message.id, run.earlierDelivery]));
    expect(runs.size).toBe(4);
    expect(runs.get(old)).toBeNull();
    expect(runs.get(first)).toBeNull();
    expect(runs.get(second)).toEqual({ id: first, receivedAt: await received(first) });
    expect(runs.get(third)).toBeNull();
  });

  it('claims a mail again once the lease of a run that died has run out', async () => {
    const [id] = await receive(1);
    await queue.claimDue(1);
    expect(await queue.claimDue(1)).toEqual([]);
    // The worker died: nobody ended the run, and its lease runs out.
    await database.db('inbound_messages').where({ id }).update({ run_lease_until: database.db.raw("CURRENT_TIMESTAMP - interval '1 second'"), due_at: database.db.raw("CURRENT_TIMESTAMP - interval '1 second'") });
    expect((await queue.claimDue(1)).map((run) => run.message.id)).toEqual([id]);
  });

  it('takes a mail off the queue when it ends or is held, and puts it back when requeued or asked for later', async () => {
    const [processed = '', held = ''] = await receive(2);
    await queue.claimDue(2);
    await messages.finish(processed, { status: 'processed', reason: null, usedTokens: 1 });
    await messages.saveStep(held, { status: 'held', reason: 'No tokens.' });
    expect(await row(processed)).toMatchObject({ status: 'processed', due_at: null, run_lease_until: null });
    expect(await row(held)).toMatchObject({ status: 'held', due_at: null });
    await messages.releaseRun(held);
    expect(await messages.requeue(held)).toBe(true);
    expect((await queue.claimDue(5)).map((run) => run.message.id)).toEqual([held]);
    await queue.enqueueProcessing(held, { delaySeconds: 3600 });
    await messages.releaseRun(held);
    expect(await queue.claimDue(5)).toEqual([]);
    expect(await queue.depth()).toBe(1);
    // A finished mail is not put back by a late request.
    await queue.enqueueProcessing(processed);
    expect(await row(processed)).toMatchObject({ due_at: null });
  });

  it('refuses a due time on mail that is not waiting for a run', async () => {
    const [id] = await receive(1);
    await messages.finish(id ?? '', { status: 'ignored', reason: 'No.' });
    await expect(database.db('inbound_messages').where({ id }).update({ due_at: database.db.fn.now() })).rejects.toThrow(/inbound_messages_due_only_waiting/);
  });

  it('runs due mail on its workers, woken by intake, and hands back a run that threw', async () => {
    const seen: string[] = [];
    let failOnce = true;
    queue.work(2, async ({ message }: ClaimedRun) => {
      seen.push(message.id);
      if (failOnce) {
        failOnce = false;
        await messages.releaseRun(message.id);
        throw new Error('database gone');
      }
      await messages.finish(message.id, { status: 'processed', reason: null, usedTokens: 1 });
    });
    const [id] = await receive(1);
    // The polling interval is a minute: only the intake's wake can have started it.
    await vi.waitFor(() => expect(seen).toEqual([id]), WAIT);
    // Handed back for a few seconds later (not the end of its 60 s lease), not lost.
    const dueIn = async () => {
      const { seconds } = (await database.db('inbound_messages').where({ id }).first(database.db.raw('extract(epoch from due_at - CURRENT_TIMESTAMP) as seconds'))) as { seconds: string | number };
      return Number(seconds);
    };
    await vi.waitFor(async () => expect(await dueIn()).toBeLessThan(30), WAIT);
    expect(await row(id ?? '')).toMatchObject({ status: 'processing', run_lease_until: null });
  });
});

describe.each(databaseKinds())('a run that outlived its lease (%s)', (kind) => {
  const database = useTestDatabase(kind);

  it("never frees the lease a later run took: neither its own release nor its queue's hand-back", async () => {
    const ownerId = await aUser(database.db);
    const documentId = await aDocumentRow(database.db, ownerId);
    const slow = new KnexMailQueue(database.db, { leaseSeconds: 60, pollingSeconds: 60, dedupDays: 7, owner: 'host-a' }, logger);
    const later = new KnexMailQueue(database.db, { leaseSeconds: 60, pollingSeconds: 60, dedupDays: 7, owner: 'host-b' }, logger);
    const slowMessages = new KnexInboundMessageRepository(database.db, slow, { dedupDays: 7 });
    let resume = (): void => undefined;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    let finishLater = (): void => undefined;
    const laterFinished = new Promise<void>((resolve) => (finishLater = resolve));
    const seen: string[] = [];
    slow.work(1, async ({ message }) => {
      seen.push(`slow ${message.id}`);
      await resumed;
      // As RunLease does when a run throws: release, then let the queue hand the mail back.
      await slowMessages.releaseRun(message.id);
      throw new Error('too slow');
    });
    try {
      const id = randomUUID();
      await slowMessages.storeReceived([{ id, documentId, ownerId, envelope: { mailFrom: 'a@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'h' }, raw: Buffer.from('Subject: x\r\n\r\nHi'), dedupKey: `mid:${id}` }]);
      await vi.waitFor(() => expect(seen).toEqual([`slow ${id}`]), WAIT);
      // The other process's worker starts only now, so the slow run is the one that took the mail first.
      later.work(1, async ({ message }) => {
        seen.push(`later ${message.id}`);
        await laterFinished;
      });
      // The slow run's lease runs out; another process's worker takes the mail.
      await database.db('inbound_messages').where({ id }).update({ run_lease_until: database.db.raw("CURRENT_TIMESTAMP - interval '1 second'"), due_at: database.db.raw("CURRENT_TIMESTAMP - interval '1 second'") });
      later.wake();
      await vi.waitFor(() => expect(seen).toEqual([`slow ${id}`, `later ${id}`]), WAIT);
      const lease = async () =>
        (await database.db('inbound_messages').where({ id }).first('run_owner', 'run_boot_id', database.db.raw('CAST(run_lease_until AS text) AS lease'), database.db.raw('CAST(due_at AS text) AS due'))) as Record<string, string | null>;
      const taken = await lease();
      expect(taken).toMatchObject({ run_owner: 'host-b', run_boot_id: later.holder.bootId });

      resume();
      // Waits for the failed run to be handed back.
      await slow.stop();
      expect(await lease()).toEqual(taken);
    } finally {
      const stopping = later.stop();
      finishLater();
      await stopping;
      await slow.stop();
    }
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('the mail queue shared by processes (postgres)', () => {
  let database: TestDatabase;
  let second: OpenDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    second = await openDatabase({ url: database.url ?? '' });
  });
  afterAll(async () => {
    await second.close();
    await database.release();
  });

  it('gives each due mail to exactly one of several claimers claiming at once', async () => {
    const ownerId = await aUser(database.db);
    const documentId = await aDocumentRow(database.db, ownerId);
    const here = new KnexMailQueue(database.db, { leaseSeconds: 60, pollingSeconds: 60, dedupDays: 7 }, logger);
    const there = new KnexMailQueue(second.db, { leaseSeconds: 60, pollingSeconds: 60, dedupDays: 7 }, logger);
    const messages = new KnexInboundMessageRepository(database.db, here, { dedupDays: 7 });
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await messages.storeReceived(
      ids.map((id) => ({ id, documentId, ownerId, envelope: { mailFrom: 'a@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'h' }, raw: Buffer.from('Subject: x\r\n\r\nHi'), dedupKey: `mid:${id}` })),
    );
    const claims = await Promise.all(Array.from({ length: 8 }, (_, n) => (n % 2 === 0 ? here : there).claimDue(7)));
    const claimed = claims.flat().map((run) => run.message.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rest = [...(await here.claimDue(40)), ...(await there.claimDue(40))].map((run) => run.message.id);
    expect([...claimed, ...rest].sort()).toEqual([...ids].sort());
  });
});
