// No wait for a dead run (docs/adr/0007): a process that starts again releases at once the leases its
// earlier life left behind, never the live leases of another process, and a run cut off from the database
// hands its mail back as soon as the database answers again. On both databases: the embedded one has
// one process, so there an earlier life is any other boot of the same owner; on Postgres a boot is alive
// while a session holds its lock, and a process "dies" here when the link between it and the database is
// cut for good (its sessions end, as a killed process's do).
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildContainer } from '../../../../src/container.js';
import { CreateDocument } from '../../../../src/modules/documents/application/create-document.use-case.js';
import { RunLease } from '../../../../src/modules/mail/application/run-lease.js';
import { ProcessMail } from '../../../../src/modules/mail/application/process-mail.use-case.js';
import { JOB_QUEUE } from '../../../../src/modules/mail/application/ports/job-queue.port.js';
import type { ClaimedRun } from '../../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { blockRef } from '../../../../src/modules/mail/domain/mail-block.js';
import { MAIL_ROLES, type MailRoles } from '../../../../src/modules/mail/index.js';
import { KnexInboundMessageRepository } from '../../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { KnexMailQueue } from '../../../../src/modules/mail/infra/queue/knex.mail-queue.js';
import { BOOT_LOCK_SPACE, defaultRunOwner } from '../../../../src/modules/mail/infra/queue/run-holder.js';
import type { Database } from '../../../../src/platform/db/database.js';
import { systemClock } from '../../../../src/shared/clock.js';
import { verdictOf } from '../../../support/fakes/fixed-sender-authenticator.js';
import { testConfig } from '../../../support/test-config.js';
import { aUser } from '../../../support/users.js';
import { databaseKinds } from '../../../support/test-database.js';
import { useTestDatabase } from '../../../support/use-test-app.js';
import { SENDER_AUTHENTICATOR } from '../../../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../../../src/platform/wiring/overrides.js';
import { aDocumentRow } from '../../../support/document-rows.js';
import { linkTo, type Link } from '../../../support/cuttable-database-link.js';

const logger = pino({ level: 'silent' });
/** Ten minutes, as JOB_TIMEOUT_SECONDS' default gives: every wait below ends long before such a lease would. */
const LEASE_SECONDS = 600;
/** A minute between polls: only a wake (intake, a release, a hand-back) makes a worker look sooner. */
const POLLING_SECONDS = 60;
const WAIT = { timeout: 30_000, interval: 25 };

/** A run that stays under way until `finish` (the worker is busy, or dead). */
function hangingRuns(): { seen: string[]; handle: (run: ClaimedRun) => Promise<void>; finish: () => void } {
  const seen: string[] = [];
  let finish = (): void => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    seen,
    handle: async ({ message }) => {
      seen.push(message.id);
      await finished;
    },
    finish: () => finish(),
  };
}

describe.each(databaseKinds())('mail leases of dead runs released without waiting for them (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let ownerId: string;
  let documentId: string;
  let messages: KnexInboundMessageRepository;
  /** Stopped after each test, in this order; then the links closed. */
  const queues: { queue: KnexMailQueue; finish?: () => void }[] = [];
  const links: Link[] = [];

  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocumentRow(database.db, ownerId);
    messages = new KnexInboundMessageRepository(database.db, { wake: () => undefined }, { dedupDays: 7 });
  });
  afterEach(async () => {
    for (const link of links) link.restore();
    for (const { queue, finish } of queues.splice(0).reverse()) {
      const stopping = queue.stop();
      finish?.();
      await stopping;
    }
    for (const link of links.splice(0)) await link.close();
    await database.reset();
  });

  function aQueue(db: Database, owner: string | undefined, finish?: () => void): KnexMailQueue {
    const queue = new KnexMailQueue(db, { leaseSeconds: LEASE_SECONDS, pollingSeconds: POLLING_SECONDS, dedupDays: 7, ...(owner ? { owner } : {}) }, logger);
    queues.push({ queue, ...(finish ? { finish } : {}) });
    return queue;
  }
  async function aLink(): Promise<Link> {
    const link = await linkTo(kind, database);
    links.push(link);
    return link;
  }
  async function receive(raw = 'Subject: Hello\r\n\r\nHi'): Promise<string> {
    const id = randomUUID();
    await messages.storeReceived([{ id, documentId, ownerId, envelope: { mailFrom: 'boss@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'h' }, raw: Buffer.from(raw), dedupKey: `mid:${id}` }]);
    return id;
  }
  interface LeaseRow {
    status: string;
    run_owner: string | null;
    run_boot_id: string | null;
    lease: string | null;
    leased_ahead: boolean;
  }
  const leaseOf = async (id: string): Promise<LeaseRow> =>
    (await database.db('inbound_messages')
      .where({ id })
      .first('status', 'run_owner', 'run_boot_id', database.db.raw('CAST(run_lease_until AS text) AS lease'), database.db.raw('coalesce(run_lease_until > CURRENT_TIMESTAMP, false) AS leased_ahead'))) as LeaseRow;
  /** Postgres: whether a session holds the lock of that boot (the process is alive). */
  const bootLockHeld = async (bootId: string): Promise<boolean> => {
    const { rows } = (await database.db.raw(
      `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = CAST(? AS oid)
         AND objid = CAST(hashtext(?)::bigint & 4294967295 AS oid)`,
      [BOOT_LOCK_SPACE, bootId],
    )) as { rows: { n: number }[] };
    return Number(rows[0]?.n) > 0;
  };

  it('a worker that died with a mail claimed: the next start of the same owner releases it before claiming, and runs it', async () => {
    const link = await aLink();
    const dead = hangingRuns();
    const before = aQueue(link.db, 'host-1', dead.finish);
    before.work(1, dead.handle);
    const id = await receive();
    before.wake();
    await vi.waitFor(() => expect(dead.seen).toEqual([id]), WAIT);
    // The claim names its process: the owner and this start's boot id.
    expect(await leaseOf(id)).toMatchObject({ status: 'processing', run_owner: 'host-1', run_boot_id: before.holder.bootId, leased_ahead: true });

    // The process dies mid-run: nothing gives the lease back. On Postgres its sessions end with it, and
    // its boot lock with them; the embedded database has no other process to tell apart.
    if (kind === 'postgres') {
      link.cut();
      await vi.waitFor(async () => expect(await bootLockHeld(before.holder.bootId)).toBe(false), WAIT);
    }

    const ran: string[] = [];
    const after = aQueue(database.db, 'host-1');
    const afterMessages = new KnexInboundMessageRepository(database.db, after, { dedupDays: 7 });
    after.work(1, async ({ message }) => {
      ran.push(message.id);
      await afterMessages.finish(message.id, { status: 'processed', reason: null, usedTokens: 1 });
    });
    await after.whenStarted();
    // Released by the start itself, ten minutes before the lease would have ended.
    await vi.waitFor(() => expect(ran).toEqual([id]), WAIT);
    expect(await leaseOf(id)).toMatchObject({ status: 'processed', lease: null });
    expect(dead.seen).toEqual([id]);
  });

  it("leaves another owner's live lease alone (and, on Postgres, a live process's of the same owner)", async () => {
    const elsewhere = hangingRuns();
    const other = aQueue(database.db, 'host-2', elsewhere.finish);
    other.work(1, elsewhere.handle);
    const theirs = await receive();
    other.wake();
    await vi.waitFor(() => expect(elsewhere.seen).toEqual([theirs]), WAIT);
    const theirLease = await leaseOf(theirs);
    expect(theirLease).toMatchObject({ run_owner: 'host-2', run_boot_id: other.holder.bootId, leased_ahead: true });

    // Postgres: a second live process of the same owner (one host running two workers), on its own connections.
    let sibling: { queue: KnexMailQueue; id: string; lease: LeaseRow } | null = null;
    if (kind === 'postgres') {
      const link = await aLink();
      const busy = hangingRuns();
      const queue = aQueue(link.db, 'host-1', busy.finish);
      queue.work(1, busy.handle);
      const id = await receive();
      queue.wake();
      await vi.waitFor(() => expect(busy.seen).toEqual([id]), WAIT);
      sibling = { queue, id, lease: await leaseOf(id) };
      expect(sibling.lease).toMatchObject({ run_owner: 'host-1', run_boot_id: queue.holder.bootId, leased_ahead: true });
    }

    const ran: string[] = [];
    const starting = aQueue(database.db, 'host-1');
    starting.work(1, ({ message }) => {
      ran.push(message.id);
      return Promise.resolve();
    });
    await starting.whenStarted();
    expect(await leaseOf(theirs)).toEqual(theirLease);
    if (sibling) expect(await leaseOf(sibling.id)).toEqual(sibling.lease);
    expect(ran).toEqual([]);
  });

  it('a run cut off from the database hands its mail back once the database answers again, not when its lease ends', async () => {
    const link = await aLink();
    const queue = aQueue(link.db, 'host-1');
    const linked = new KnexInboundMessageRepository(link.db, queue, { dedupDays: 7 });
    const lease = new RunLease(linked, queue, systemClock, testConfig());
    const runs: string[] = [];
    let outage = (): void => undefined;
    const outageBegun = new Promise<void>((resolve) => (outage = resolve));
    queue.work(1, (run) =>
      lease.hold(run, async ({ message }) => {
        runs.push(message.id);
        if (runs.length > 1) return linked.finish(message.id, { status: 'processed', reason: null, usedTokens: 1 });
        await outageBegun;
        // The run's next step: the database is gone.
        await linked.saveStep(message.id, { reason: 'Reading it.' });
        return false;
      }),
    );
    const id = await receive();
    queue.wake();
    await vi.waitFor(() => expect(runs).toEqual([id]), WAIT);

    link.cut();
    outage();
    // Neither the run's release nor the hand-back reached the database: remembered.
    await vi.waitFor(() => expect(queue.waitingHandBacks).toEqual([id]), WAIT);
    if (kind === 'postgres') expect(await leaseOf(id)).toMatchObject({ status: 'processing', leased_ahead: true });

    link.restore();
    // Handed back, claimed again and run to its end, with nine minutes and more left on the old lease.
    await vi.waitFor(async () => expect(await leaseOf(id)).toMatchObject({ status: 'processed', lease: null }), WAIT);
    expect(runs).toEqual([id, id]);
    expect(queue.waitingHandBacks).toEqual([]);
  });

  it("the app's workers release what a killed worker of this process left behind, and process the mail", async () => {
    const config = testConfig({ INBOUND_DOMAIN: 'in.example.com', BILLING: 'off', SENDER_AUTH: 'off', JOB_TIMEOUT_SECONDS: String(LEASE_SECONDS / 2) });
    const c = buildContainer({ config, db: database.db, logger, overrides: [override(SENDER_AUTHENTICATOR, verdictOf('none'))] });
    const userId = await aUser(database.db, `boot-${kind}@example.com`);
    const doc = await c.resolve<CreateDocument>(CreateDocument).execute({ ownerId: userId, documentId: randomUUID(), name: 'Boot', description: '', allowedEmails: ['boss@example.com'] });
    [ownerId, documentId] = [userId, doc.id];

    // The earlier life: a worker of this same process identity (the default owner), killed mid-run.
    const link = await aLink();
    const dead = hangingRuns();
    const before = aQueue(link.db, undefined, dead.finish);
    expect(before.holder.owner).toBe(defaultRunOwner(database.db));
    before.work(1, dead.handle);
    const id = await receive(
      `From: Boss <boss@example.com>\r\nTo: ${doc.forwardEmail}\r\nSubject: Quarterly numbers\r\nMessage-ID: <${randomUUID()}@example.com>\r\n\r\nThe quarterly numbers are in. Please review them by Friday.\r\n`,
    );
    before.wake();
    await vi.waitFor(() => expect(dead.seen).toEqual([id]), WAIT);
    if (kind === 'postgres') {
      link.cut();
      await vi.waitFor(async () => expect(await bootLockHeld(before.holder.bootId)).toBe(false), WAIT);
    }

    // The new life: the app's own queue and pipeline, as the worker role starts them.
    const queue = c.resolve<KnexMailQueue>(JOB_QUEUE);
    const roles = c.resolve<MailRoles>(MAIL_ROLES);
    const process = c.resolve(ProcessMail);
    queues.push({ queue });
    try {
      queue.work(1, (run) => process.executeClaimed(run));
      await vi.waitFor(async () => expect(await leaseOf(id)).toMatchObject({ status: 'processed', lease: null }), WAIT);
    } finally {
      await queue.stop();
      await roles.closeParser();
    }
    const blocks = (await database.db('local_doc_blocks').where({ doc_id: doc.externalId }).where('meta', 'like', `%${blockRef(id)}%`).count({ n: '*' }).first()) as { n: number };
    expect(Number(blocks.n)).toBe(1);
  });
});
