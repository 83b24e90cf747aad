import type { Logger } from 'pino';
import type { Database } from '../../../../platform/db/database.js';
import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { ClaimedRun } from '../../application/ports/inbound-message.repository.port.js';
import type { JobQueue } from '../../application/ports/job-queue.port.js';
import { EARLIER_DELIVERY_COLUMN, toClaimedRun } from '../persistence/message-row.mapping.js';
import { HandBacks } from './hand-backs.js';
import { JobDispatcher } from './job-dispatcher.js';
import { defaultRunOwner, RunHolder, type RunStamp } from './run-holder.js';

/** The metrics' name for this queue. */
export const PROCESS_MAIL = 'mail-process';
/** The bus topic that says "mail is due": idle workers in every process look at once. */
export const MAIL_JOBS_SIGNAL = 'mail-jobs';
/** A run that failed outside the pipeline's own retries (the database was unreachable) is tried again after this long. */
const FAILED_RUN_RETRY_SECONDS = 5;
/** How long a stop waits for running mail; one still running then is claimed again once its lease ends. */
const STOP_TIMEOUT_MS = 20_000;

export interface MailQueueOptions {
  /** A claimed mail's run lease, and so how long until a dead worker's mail is claimed again. */
  leaseSeconds: number;
  /** How often workers look for due mail when nothing woke them. */
  pollingSeconds: number;
  /** DEDUP_DAYS: how far back a claim looks for an earlier delivery of the same message. */
  dedupDays: number;
  /**
   * The stable identity of this process recorded with its leases (`run_owner`); its next start releases
   * what this one leaves behind. Default `defaultRunOwner`: `embedded`, or the host's name on Postgres.
   */
  owner?: string;
}

/**
 * The processing queue is the messages table itself: a mail is waiting for a run while its `due_at` is set
 * (migration 20261129120000). A worker claims due mails, oldest first, in one statement that takes each
 * one's run lease (skipping rows another worker is claiming), so a mail has exactly one run at a time
 * across processes. Measured against the job engine it replaces for mail (a job row per mail: created in
 * the intake transaction, fetched, completed): five round trips fewer per mail, a single-statement intake,
 * and a fetch that reads only the rows it returns where the engine's sorted every waiting job.
 */
export class KnexMailQueue implements JobQueue {
  private dispatcher: JobDispatcher<ClaimedRun> | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The workers' start: the leases of an earlier life released, then the first claim. */
  private starting: Promise<void> | null = null;
  /** This process's name and boot id on its leases (docs/adr/0007). */
  readonly holder: RunHolder;
  private readonly handBacks: HandBacks;
  /** The leases this process's running claims took, by mail id, with when they were claimed (this clock). */
  private readonly taken = new Map<string, { lease: string | null; claimedAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly options: MailQueueOptions,
    private readonly logger: Logger,
    /** Carries the wake to worker processes (Postgres LISTEN/NOTIFY); null: one process only. */
    private readonly bus: Pick<NotificationBus, 'signal' | 'onSignal'> | null = null,
  ) {
    this.handBacks = new HandBacks(db, { leaseSeconds: options.leaseSeconds, retrySeconds: FAILED_RUN_RETRY_SECONDS }, logger, () => this.wake());
    this.holder = new RunHolder(db, options.owner ?? defaultRunOwner(db), logger, () => this.handBacks.databaseAnswered());
  }

  /** What a claim records of this process now (null: nothing, see RunHolder). */
  runStamp(): RunStamp | null {
    return this.holder.stamp();
  }

  /** Resolves once the workers have started (the leases of an earlier life released); at once when not working. */
  whenStarted(): Promise<void> {
    return this.starting ?? Promise.resolve();
  }

  /** Mail whose hand-back waits for the database (see HandBacks). */
  get waitingHandBacks(): string[] {
    return this.handBacks.waiting;
  }

  /** Due after `delaySeconds` (0: now), unless the mail ended or is held meanwhile. */
  async enqueueProcessing(messageId: string, options: { delaySeconds?: number } = {}): Promise<void> {
    await this.db('inbound_messages')
      .where({ id: messageId })
      .whereIn('status', ['received', 'processing'])
      .update({ due_at: this.db.raw("CURRENT_TIMESTAMP + make_interval(secs => ?)", [Math.max(0, options.delaySeconds ?? 0)]) });
  }

  /**
   * Claims up to `limit` due mails, each now `processing` with its run lease taken (and its earlier
   * delivery, see ClaimedRun), recording this process as the lease's holder when it can vouch for it.
   */
  async claimDue(limit: number): Promise<ClaimedRun[]> {
    const stamp = this.holder.stamp();
    const result = (await this.db.raw(
      `UPDATE inbound_messages AS m
       SET status = 'processing', run_lease_until = CURRENT_TIMESTAMP + make_interval(secs => :lease),
           due_at = CURRENT_TIMESTAMP + make_interval(secs => :lease), updated_at = CURRENT_TIMESTAMP,
           run_owner = :owner, run_boot_id = CAST(:boot AS uuid)
       FROM (
         -- Only the queue's own index can answer this: it walks the index in order and stops at the limit,
         -- whatever the planner believes of the table's size. A condition on the status (here or below)
         -- let it sort or scan every live mail when its statistics were stale (a new install's first
         -- burst). None is needed: a constraint keeps due_at to mail waiting for a run.
         SELECT id FROM inbound_messages
         WHERE due_at <= CURRENT_TIMESTAMP AND (run_lease_until IS NULL OR run_lease_until <= CURRENT_TIMESTAMP)
         ORDER BY due_at, id
         LIMIT :limit
         FOR UPDATE SKIP LOCKED
       ) AS due
       WHERE m.id = due.id
       RETURNING m.*, ${EARLIER_DELIVERY_COLUMN}, CAST(m.run_lease_until AS text) AS lease_taken`,
      { lease: this.options.leaseSeconds, limit, dedupSeconds: this.options.dedupDays * 86_400, owner: stamp?.owner ?? null, boot: stamp?.bootId ?? null },
    )) as { rows: (Parameters<typeof toClaimedRun>[0] & { lease_taken: string })[] };
    this.handBacks.databaseAnswered();
    const claimedAt = Date.now();
    for (const row of result.rows) this.taken.set(row.id, { lease: row.lease_taken, claimedAt });
    return result.rows.map(toClaimedRun);
  }

  /**
   * Runs due mail in this process, `concurrency` at a time, until `stop`. First, before any claim, releases
   * the leases an earlier life of this process left behind (RunHolder), so its mail runs now rather than
   * when those leases run out.
   */
  work(concurrency: number, handle: (run: ClaimedRun) => Promise<void>): void {
    if (this.dispatcher) return;
    const dispatcher = new JobDispatcher<ClaimedRun>(
      {
        fetch: (count) => this.claimDue(count),
        fail: (run, error) => this.handBack(run, error),
      },
      async (run) => {
        await handle(run);
        // The run ended the mail or gave its lease back itself.
        this.taken.delete(run.message.id);
      },
      {
        concurrency,
        pollingMs: this.options.pollingSeconds * 1000,
        onError: (error, context) => this.logger.error({ err: error, context }, 'mail queue call failed'),
      },
    );
    this.dispatcher = dispatcher;
    this.starting = this.holder
      .start()
      .then((released) => {
        // Other processes' idle workers may take them too.
        if (released > 0) void this.bus?.signal(MAIL_JOBS_SIGNAL, PROCESS_MAIL);
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'could not release the mail leases of an earlier start; they run out instead'))
      .then(() => {
        if (this.dispatcher === dispatcher) dispatcher.start();
      });
    // Mail stored by another process (an SMTP-only one) wakes the workers too; after a lost connection
    // (signals missed) they look at once rather than at the next poll.
    this.unsubscribe ??= this.bus?.onSignal(MAIL_JOBS_SIGNAL, { signal: () => this.dispatcher?.wake(), reset: () => this.dispatcher?.wake() }) ?? null;
  }

  /** A run threw instead of recording how it ended: its mail goes back in line, now or once the database answers (HandBacks). */
  private async handBack(run: ClaimedRun, error: unknown): Promise<void> {
    const id = run.message.id;
    const taken = this.taken.get(id);
    this.taken.delete(id);
    this.logger.warn({ err: error, messageId: id }, 'mail run failed outside the pipeline; handing the mail back');
    await this.handBacks.handBack({ messageId: id, lease: taken?.lease ?? null }, taken?.claimedAt ?? Date.now());
  }

  /**
   * Mail became due (stored, put back in line): idle workers look now instead of at their next poll, this
   * process's at once and other processes' through the bus (one notice per call; intake calls it once per
   * commit).
   */
  wake(): void {
    this.dispatcher?.wake();
    void this.bus?.signal(MAIL_JOBS_SIGNAL, PROCESS_MAIL);
  }

  /**
   * Claims nothing more and waits for the running mail; one still running then is claimed again once its
   * lease ends, or released by the next start of this process. The boot lock is given up once no run of
   * this process holds a lease any more (at the latest with the process).
   */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const dispatcher = this.dispatcher;
    this.dispatcher = null;
    if (!dispatcher) return;
    await dispatcher.stop(STOP_TIMEOUT_MS);
    this.handBacks.stop();
    if (dispatcher.busy) {
      void dispatcher.whenIdle().then(() => this.holder.stop());
      return;
    }
    await this.holder.stop();
    await this.starting;
  }

  /** Mails waiting for a run (new, and retries whose time has not come yet; not those running), for health and metrics. */
  async depth(): Promise<number> {
    const row = (await this.db('inbound_messages')
      .whereNotNull('due_at')
      .where((free) => free.whereNull('run_lease_until').orWhere('run_lease_until', '<=', this.db.fn.now()))
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }
}
