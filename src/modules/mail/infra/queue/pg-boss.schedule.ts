import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { sqlExecutor } from './sql-executor.js';

export const SWEEP_HELD_MAIL = 'mail-sweep-held';
/** How long a stop waits for a running sweep. */
const STOP_TIMEOUT_MS = 20_000;

export interface PgBossScheduleOptions {
  /** How often the engine looks after its schedules and expired jobs. */
  maintenanceIntervalSeconds: number;
}

/**
 * The held-mail sweep, every minute, once across all worker processes: pg-boss's cron, running on the
 * app's own database connections (Postgres or PGlite alike). Mail itself is queued in its own table
 * (knex.mail-queue.ts).
 */
export class PgBossSchedule {
  private instance: PgBoss | null = null;
  private started = false;

  constructor(
    private readonly db: Knex,
    private readonly options: PgBossScheduleOptions,
    private readonly logger: Logger,
  ) {}

  private get boss(): PgBoss {
    if (!this.instance) throw new Error('the schedule is not started');
    return this.instance;
  }

  /** `maintain`: this process also looks after the schedules; worker processes do, others need not. */
  async start(options: { maintain: boolean }): Promise<void> {
    if (this.started) return;
    this.instance = new PgBoss({
      db: sqlExecutor(this.db),
      schema: 'pgboss',
      supervise: options.maintain,
      schedule: options.maintain,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: Math.max(this.options.maintenanceIntervalSeconds, 1),
    });
    this.instance.on('error', (error) => this.logger.error({ err: error }, 'job engine error'));
    await this.boss.start();
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
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
  }

  async scheduleSweep(handle: () => Promise<void>): Promise<void> {
    await this.boss.schedule(SWEEP_HELD_MAIL, '* * * * *');
    await this.boss.work(SWEEP_HELD_MAIL, { pollingIntervalSeconds: 5 }, async () => {
      await handle();
    });
  }
}
