import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyContainer } from 'tsyringe';
import { MAIL_PARSER, type MailParser } from '../modules/mail/application/ports/mail-parser.port.js';
import type { SmtpListener } from '../modules/mail/infra/smtp/smtp.listener.js';
import { PgBossJobQueue } from '../modules/mail/infra/queue/pg-boss.job-queue.js';
import type { Role } from '../platform/config/config.js';
import { buildHttpApp, closeServer, listen } from './http.role.js';
import { startSmtpRole } from './smtp.role.js';
import { startWorkerRole } from './worker.role.js';

export interface Runtime {
  httpPort: number | null;
  smtpPort: number | null;
  /** Graceful stop: new SMTP sessions get 421, running jobs finish, HTTP drains, then connections close. */
  stop(): Promise<void>;
}

/** Starts the roles this process runs; every role needs the job engine (to create or to run jobs). */
export async function startRuntime(c: DependencyContainer, roles: readonly Role[], ports: { http?: number; httpHost?: string; smtp?: number } = {}): Promise<Runtime> {
  const queue = c.resolve(PgBossJobQueue);
  await queue.start({ maintain: roles.includes('worker') });
  let server: Server | null = null;
  let smtp: SmtpListener | null = null;
  if (roles.includes('http')) server = await listen(buildHttpApp(c), ports.http ?? 0, ports.httpHost);
  if (roles.includes('smtp')) smtp = await startSmtpRole(c, ports.smtp);
  if (roles.includes('worker')) await startWorkerRole(c, queue);

  return {
    httpPort: server ? (server.address() as AddressInfo).port : null,
    smtpPort: smtp?.port ?? null,
    stop: async () => {
      // From here on new SMTP sessions and transactions get 421 (the sender retries later or tries the
      // next MX) for as long as the process drains; closing the port at once would refuse connections.
      smtp?.stopAccepting();
      // HTTP stops accepting and finishes its requests while the running jobs finish.
      await Promise.all([server ? closeServer(server) : undefined, queue.stop()]);
      // Then messages still in DATA finish (their jobs wait in the database for the next start).
      await smtp?.close();
      const parser = c.resolve<MailParser & { close?: () => Promise<void> }>(MAIL_PARSER);
      await parser.close?.();
    },
  };
}
