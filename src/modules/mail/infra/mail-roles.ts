import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { MailIntake } from '../application/ports/mail-intake.port.js';
import type { MailParser } from '../application/ports/mail-parser.port.js';
import type { ProcessMail } from '../application/process-mail.use-case.js';
import type { SweepHeldMail } from '../application/sweep-held-mail.use-case.js';
import type { HeldMailWaker } from './events/held-mail.waker.js';
import type { KnexMailQueue } from './queue/knex.mail-queue.js';
import type { PgBossSchedule } from './queue/pg-boss.schedule.js';
import { smtpLimitsOf, type SmtpListenerOptions } from './smtp/smtp-listener-options.js';
import { startSmtpListener, type SmtpListener } from './smtp/smtp.listener.js';

export interface MailRolesDeps {
  queue: KnexMailQueue;
  schedule: PgBossSchedule;
  parser: MailParser & { close?: () => Promise<void> };
  intake: MailIntake;
  process: ProcessMail;
  sweep: SweepHeldMail;
  /** Resumes a user's held mail within seconds of a credit committed in any process. */
  waker: Pick<HeldMailWaker, 'start' | 'stop'>;
  config: AppConfig;
  logger: Logger;
}

/**
 * The mail module's part of each process role: the job engine (the held-mail sweep's schedule), the SMTP
 * listener (role `smtp`), the processing workers and the sweep, with the upkeep given (role `worker`).
 */
export class MailRoles {
  constructor(private readonly deps: MailRolesDeps) {}

  /** `maintain`: this process also looks after the schedules; workers do. */
  startJobs(options: { maintain: boolean }): Promise<void> {
    return this.deps.schedule.start(options);
  }

  /**
   * The built-in mail server for the forward addresses (port 25 behind the MX record in production);
   * `storage`, when given, is asked before each commit (the embedded database's free space).
   */
  startSmtp(port?: number, extras: Pick<SmtpListenerOptions, 'storage'> = {}): Promise<SmtpListener> {
    const { config, intake, logger } = this.deps;
    return startSmtpListener({
      ...extras,
      intake,
      host: config.SMTP_HOST,
      port: port ?? config.SMTP_PORT,
      hostname: config.INBOUND_DOMAIN,
      maxMessageBytes: config.MAX_MESSAGE_BYTES,
      maxRecipients: 10,
      ...smtpLimitsOf(config),
      tls:
        config.SMTP_TLS_KEY_FILE && config.SMTP_TLS_CERT_FILE
          ? { key: readFileSync(config.SMTP_TLS_KEY_FILE), cert: readFileSync(config.SMTP_TLS_CERT_FILE) }
          : null,
      logger,
    });
  }

  /**
   * Claims due mail from the database; any number of worker processes can share one database. `upkeep`
   * runs after each sweep, on the same schedule (every minute, once across all worker processes): the
   * retention job, which the role passes in, as it purges other modules' data too. Between sweeps, a
   * credit wakes its user's held mail at once (the waker).
   */
  async startWorkers(upkeep: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const { queue, schedule, process, sweep, waker, config } = this.deps;
    queue.work(config.WORKER_CONCURRENCY, (run) => process.executeClaimed(run));
    waker.start();
    await schedule.scheduleSweep(async () => {
      try {
        await sweep.execute();
      } finally {
        await upkeep();
      }
    });
  }

  /**
   * Running mail finishes; waiting mail stays due in the database for the next start. The mail and the
   * minute's sweep each wait up to 20 s for what they run: side by side, so the two waits do not add up
   * past the process's 30 s shutdown limit (docs/operations.md § Shutdown).
   */
  async stopJobs(): Promise<void> {
    await this.deps.waker.stop();
    await Promise.all([this.deps.queue.stop(), this.deps.schedule.stop()]);
  }

  /** The parser's worker threads, last: messages still in DATA may need them. */
  async closeParser(): Promise<void> {
    await this.deps.parser.close?.();
  }
}

export const MAIL_ROLES = Symbol('MailRoles');
