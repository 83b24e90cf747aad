import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { JobQueue } from '../../application/ports/job-queue.port.js';
import { JobDispatcher } from './job-dispatcher.js';
import { sqlExecutor } from './sql-executor.js';

export const PROCESS_MAIL = 'mail-process';
export const SWEEP_HELD_MAIL = 'mail-sweep-held';
/** How long a stop waits for running jobs; one still running then is taken up again once it expires. */
const STOP_TIMEOUT_MS = 20_000;
/** The bus topic that says "new mail jobs are committed": idle workers in every process fetch at once. */
export const MAIL_JOBS_SIGNAL = 'mail-jobs';

export interface PgBossQueueOptions {
  /** A job whose process died is taken up again after this long. */
  jobTimeoutSeconds: number;
  /** How often expired jobs are looked for (crash recovery latency). */
  maintenanceIntervalSeconds: number;
  pollingIntervalSeconds: number;
}

/** pg-boss, running on the app's own database connections (Postgres or PGlite alike). */
export class PgBossJobQueue implements JobQueue {
  private instance: PgBoss | null = null;
  private started = false;

  constructor(
    private readonly db: Knex,
    private readonly options: PgBossQueueOptions,
    private readonly logger: Logger,
    /**
     * Carries the wake to worker processes (Postgres LISTEN/NOTIFY): with SMTP and workers in different
     * processes, a new job would otherwise wait for the workers' next poll.
     */
    private readonly bus: Pick<NotificationBus, 'signal' | 'onSignal'> | null = null,
  ) {}

  private get boss(): PgBoss {
    if (!this.instance) throw new Error('the job queue is not started');
    return this.instance;
  }

  /**
   * `maintain`: this process also looks after the queue (expiring jobs of dead workers, cron schedules).
   * Worker processes do; a process that only creates jobs (HTTP, SMTP) need not.
   */
  async start(options: { maintain: boolean }): Promise<void> {
    if (this.started) return;
    this.instance = new PgBoss({
      db: sqlExecutor(this.db),
      schema: 'pgboss',
      supervise: options.maintain,
      schedule: options.maintain,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: Math.max(this.options.maintenanceIntervalSeconds, 1),
      expireInSeconds: this.options.jobTimeoutSeconds,
    });
    this.instance.on('error', (error) => this.logger.error({ err: error }, 'job engine error'));
    await this.boss.start();
    // Business retries are scheduled by the pipeline itself; the engine's retries cover crashed workers.
    await this.createQueue(PROCESS_MAIL, { name: PROCESS_MAIL, retryLimit: 5, retryDelay: 1, expireInSeconds: this.options.jobTimeoutSeconds });
    await this.createQueue(SWEEP_HELD_MAIL, { name: SWEEP_HELD_MAIL, retryLimit: 0, expireInSeconds: 60 });
    this.started = true;
  }

  /**
   * pg-boss's queue creation is not safe to run concurrently: processes starting together on a fresh
   * database deadlock on its partition DDL (40P01) or collide on the queue row (23505). It is idempotent,
   * so the loser simply tries again and finds the queue there.
   */
  private async createQueue(name: string, options: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(name, options);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 100));
      }
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.dispatcher?.stop(STOP_TIMEOUT_MS);
    this.dispatcher = null;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
  }

  async enqueueProcessing(messageId: string, options: { delaySeconds?: number } = {}): Promise<void> {
    await this.boss.send(PROCESS_MAIL, { messageId }, options.delaySeconds ? { startAfter: Math.ceil(options.delaySeconds) } : {});
  }

  /** Creates the job inside the caller's transaction: it exists exactly when the message does. */
  async enqueueInTransaction(trx: Knex.Transaction, messageId: string): Promise<void> {
    await this.boss.send(PROCESS_MAIL, { messageId }, { db: sqlExecutor(trx) });
  }

  /** Creates one job per message, in one statement, inside the caller's transaction. */
  async enqueueManyInTransaction(trx: Knex.Transaction, messageIds: string[]): Promise<void> {
    await this.boss.insert(
      messageIds.map((messageId) => ({ name: PROCESS_MAIL, data: { messageId } })),
      { db: sqlExecutor(trx) },
    );
  }

  async workProcessing(concurrency: number, handle: (messageId: string) => Promise<void>): Promise<void> {
    if (this.dispatcher) return;
    const dispatcher = new JobDispatcher<PgBoss.Job<{ messageId: string }>>(
      {
        fetch: (count) => this.boss.fetch<{ messageId: string }>(PROCESS_MAIL, { batchSize: count }),
        complete: (jobs) => this.boss.complete(PROCESS_MAIL, jobs.map((job) => job.id)),
        fail: (job, error) => this.boss.fail(PROCESS_MAIL, job.id, { message: error instanceof Error ? error.message : String(error) }),
      },
      (job) => handle(job.data.messageId),
      {
        concurrency,
        pollingMs: this.options.pollingIntervalSeconds * 1000,
        onError: (error, context) => this.logger.error({ err: error, context }, 'mail job engine call failed'),
      },
    );
    this.dispatcher = dispatcher;
    dispatcher.start();
    // Jobs committed by another process (an SMTP-only one) wake the dispatcher too; after a lost
    // connection (signals missed) it looks at once rather than at the next poll.
    this.unsubscribe ??= this.bus?.onSignal(MAIL_JOBS_SIGNAL, { signal: () => this.wakeLocal(), reset: () => this.wakeLocal() }) ?? null;
  }

  private dispatcher: JobDispatcher<PgBoss.Job<{ messageId: string }>> | null = null;
  private unsubscribe: (() => void) | null = null;

  /**
   * New jobs were committed: idle workers fetch now instead of at their next poll, this process's at
   * once and other processes' through the bus (one notice per call; intake calls it once per commit).
   */
  wake(): void {
    if (!this.started) return;
    this.wakeLocal();
    void this.bus?.signal(MAIL_JOBS_SIGNAL, PROCESS_MAIL);
  }

  private wakeLocal(): void {
    if (!this.started) return;
    this.dispatcher?.wake();
  }

  async scheduleSweep(handle: () => Promise<void>): Promise<void> {
    await this.boss.schedule(SWEEP_HELD_MAIL, '* * * * *');
    await this.boss.work(SWEEP_HELD_MAIL, { pollingIntervalSeconds: 5 }, async () => {
      await handle();
    });
  }

  /** Jobs waiting to run (new or due for a retry; not those running), for health and metrics. */
  async depth(): Promise<number> {
    return this.boss.getQueueSize(PROCESS_MAIL);
  }
}
