import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DependencyContainer } from 'tsyringe';
import { MAIL_ROLES, type MailRoles, type SmtpListener } from '../modules/mail/index.js';
import { NOTIFICATIONS_WORKER, type NotificationsWorker } from '../modules/notifications/index.js';
import { ApplyRetention } from '../modules/retention/index.js';
import type { Role } from '../platform/config/config.js';
import { NOTIFICATION_BUS, type NotificationBus } from '../platform/events/notification-bus.js';
import { dataDirSpaceOf } from './data-dir-space.js';
import { buildHttpApp, closeServer, listen } from './http.role.js';

export interface Runtime {
  httpPort: number | null;
  smtpPort: number | null;
  /** Graceful stop: new SMTP sessions get 421, running jobs finish, HTTP drains, then connections close. */
  stop(): Promise<void>;
}

/** Starts the roles this process runs; every role needs the job engine (to create or to run jobs). */
export async function startRuntime(c: DependencyContainer, roles: readonly Role[], ports: { http?: number; httpHost?: string; smtp?: number } = {}): Promise<Runtime> {
  const mail = c.resolve<MailRoles>(MAIL_ROLES);
  await mail.startJobs({ maintain: roles.includes('worker') });
  let server: Server | null = null;
  let smtp: SmtpListener | null = null;
  // Every role hears the other processes: the http role for its tabs' live updates and its session cache,
  // the worker role for mail committed by an SMTP-only process, every role for its document cache.
  const notifications = c.resolve<NotificationBus>(NOTIFICATION_BUS);
  await notifications.listen();
  if (roles.includes('http')) {
    server = await listen(buildHttpApp(c), ports.http ?? 0, ports.httpHost);
  }
  // The embedded database's free space: measured once now, so a start short of it says so in the log.
  const space = dataDirSpaceOf(c);
  await space?.check();
  if (roles.includes('smtp')) smtp = await mail.startSmtp(ports.smtp, { storage: space });
  let notify: NotificationsWorker | null = null;
  if (roles.includes('worker')) {
    // Notification mails go out as soon as a live notice names a user, and in the upkeep (retries).
    notify = c.resolve<NotificationsWorker>(NOTIFICATIONS_WORKER);
    notify.start();
    // The retention job runs on the sweep's schedule, after it: once a minute across all worker processes.
    const retention = c.resolve(ApplyRetention);
    const upkeep = notify;
    await mail.startWorkers(async () => {
      await retention.execute();
      await upkeep.upkeep();
    });
  }

  return {
    httpPort: server ? (server.address() as AddressInfo).port : null,
    smtpPort: smtp?.port ?? null,
    stop: async () => {
      // From here on new SMTP sessions and transactions get 421 (the sender retries later or tries the
      // next MX) for as long as the process drains; closing the port at once would refuse connections.
      smtp?.stopAccepting();
      // Live-update streams never end by themselves: closing the bus ends them, so HTTP can drain.
      await notifications.close();
      // HTTP stops accepting and finishes its requests while the running jobs finish.
      await Promise.all([server ? closeServer(server) : undefined, mail.stopJobs(), notify?.stop()]);
      // Then messages still in DATA finish (their jobs wait in the database for the next start).
      await smtp?.close();
      await mail.closeParser();
    },
  };
}
