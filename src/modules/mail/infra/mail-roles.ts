import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { MailIntake } from '../application/ports/mail-intake.port.js';
import type { MailParser } from '../application/ports/mail-parser.port.js';
import type { ProcessMail } from '../application/process-mail.use-case.js';
import type { SweepHeldMail } from '../application/sweep-held-mail.use-case.js';
import type { KnexMailQueue } from './queue/knex.mail-queue.js';
import type { PgBossSchedule } from './queue/pg-boss.schedule.js';
import { startSmtpListener, type SmtpListener } from './smtp/smtp.listener.js';

export interface MailRolesDeps {
  queue: KnexMailQueue;
  schedule: PgBossSchedule;
  parser: MailParser & { close?: () => Promise<void> };
  intake: MailIntake;
  process: ProcessMail;
  sweep: SweepHeldMail;
  config: AppConfig;
  logger: Logger;
}

/**
 * The mail module's part of each process role: the job engine (the held-mail sweep's schedule), the SMTP
 * listener (role `smtp`), the processing workers and the sweep (role `worker`).
 */
export class MailRoles {
  constructor(private readonly deps: MailRolesDeps) {}

  /** `maintain`: this process also looks after the schedules; workers do. */
  startJobs(options: { maintain: boolean }): Promise<void> {
    return this.deps.schedule.start(options);
  }

  /** The built-in mail server for the forward addresses (port 25 behind the MX record in production). */
  startSmtp(port?: number): Promise<SmtpListener> {
    const { config, intake, logger } = this.deps;
    return startSmtpListener({
      intake,
      host: config.SMTP_HOST,
      port: port ?? config.SMTP_PORT,
      hostname: config.INBOUND_DOMAIN,
      maxMessageBytes: config.MAX_MESSAGE_BYTES,
      maxRecipients: 10,
      limits: { connectionsPerIp: config.SMTP_MAX_CONNECTIONS_PER_IP, messagesPerMinutePerIp: config.SMTP_MESSAGES_PER_MINUTE_PER_IP },
      sessionTimeoutMs: config.SMTP_SESSION_TIMEOUT_SECONDS * 1000,
      socketTimeoutMs: config.SMTP_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnections: config.SMTP_MAX_CONNECTIONS,
      trustedRelays: config.SMTP_TRUSTED_RELAYS,
      tls:
        config.SMTP_TLS_KEY_FILE && config.SMTP_TLS_CERT_FILE
          ? { key: readFileSync(config.SMTP_TLS_KEY_FILE), cert: readFileSync(config.SMTP_TLS_CERT_FILE) }
          : null,
      logger,
    });
  }

  /** Claims due mail from the database; any number of worker processes can share one database. */
  async startWorkers(): Promise<void> {
    const { queue, schedule, process, sweep, config } = this.deps;
    queue.work(config.WORKER_CONCURRENCY, (run) => process.executeClaimed(run));
    await schedule.scheduleSweep(async () => {
      await sweep.execute();
    });
  }

  /** Running mail finishes; waiting mail stays due in the database for the next start. */
  async stopJobs(): Promise<void> {
    await this.deps.queue.stop();
    await this.deps.schedule.stop();
  }

  /** The parser's worker threads, last: messages still in DATA may need them. */
  async closeParser(): Promise<void> {
    await this.deps.parser.close?.();
  }
}

export const MAIL_ROLES = Symbol('MailRoles');
