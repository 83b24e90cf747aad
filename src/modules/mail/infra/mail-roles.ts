import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../../platform/config/config.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { MailIntake } from '../application/ports/mail-intake.port.js';
import type { MailParser } from '../application/ports/mail-parser.port.js';
import type { ProcessMail } from '../application/process-mail.use-case.js';
import type { SweepHeldMail } from '../application/sweep-held-mail.use-case.js';
import type { PgBossJobQueue } from './queue/pg-boss.job-queue.js';
import { startSmtpListener, type SmtpListener } from './smtp/smtp.listener.js';

export interface MailRolesDeps {
  queue: PgBossJobQueue;
  parser: MailParser & { close?: () => Promise<void> };
  intake: MailIntake;
  process: ProcessMail;
  sweep: SweepHeldMail;
  config: AppConfig;
  logger: Logger;
}

/**
 * The mail module's part of each process role: the job engine every role needs (to create or to run
 * jobs), the SMTP listener (role `smtp`), the processing workers and the held-mail sweep (role `worker`).
 */
export class MailRoles {
  constructor(private readonly deps: MailRolesDeps) {}

  /** `maintain`: this process also looks after the queue (dead workers' jobs, schedules); workers do. */
  startJobs(options: { maintain: boolean }): Promise<void> {
    return this.deps.queue.start(options);
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

  /** Claims processing jobs from the database; any number of worker processes can share one database. */
  async startWorkers(): Promise<void> {
    const { queue, process, sweep, config } = this.deps;
    await queue.workProcessing(config.WORKER_CONCURRENCY, (messageId) => process.execute(messageId));
    await queue.scheduleSweep(async () => {
      await sweep.execute();
    });
  }

  /** Running jobs finish; new ones wait in the database for the next start. */
  stopJobs(): Promise<void> {
    return this.deps.queue.stop();
  }

  /** The parser's worker threads, last: messages still in DATA may need them. */
  async closeParser(): Promise<void> {
    await this.deps.parser.close?.();
  }
}

export const MAIL_ROLES = Symbol('MailRoles');
