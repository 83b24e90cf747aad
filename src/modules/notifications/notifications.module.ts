import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { provide } from '../../platform/wiring/overrides.js';
import { DOCUMENT_DATA_ERASER, OwnerDocuments, RecentContinuations, type DocumentDataEraser } from '../documents/index.js';
import { Authenticate, USER_REPOSITORY, type UserRepository } from '../identity/index.js';
import { OwnerMail } from '../mail/index.js';
import { TokenReports } from '../token-ledger/index.js';
import { EraseDocumentNotifications } from './application/erase-document-notifications.use-case.js';
import { ManageNotificationSettings } from './application/notification-settings.use-case.js';
import { BALANCE_SOURCE, CONTINUATION_SOURCE, MAIL_SOURCE, RECIPIENTS } from './application/ports/notification-sources.port.js';
import { NOTIFICATION_STORE } from './application/ports/notification-store.port.js';
import { OUTBOUND_MAIL } from './application/ports/outbound-mail.port.js';
import { UNSUBSCRIBE_TOKENS } from './application/ports/unsubscribe-tokens.port.js';
import { RunNotifications } from './application/run-notifications.use-case.js';
import { Unsubscribe } from './application/unsubscribe.use-case.js';
import { devOutboxRoutes } from './http/dev-outbox.routes.js';
import { notificationSettingsRoutes } from './http/notification-settings.routes.js';
import { unsubscribeRoutes } from './http/unsubscribe.routes.js';
import { DevOutboxOutboundMail } from './infra/dev-outbox.outbound-mail.js';
import { HmacUnsubscribeTokens } from './infra/hmac.unsubscribe-tokens.js';
import { KnexNotificationStore } from './infra/knex.notification-store.js';
import { LedgerBalanceSource, ModuleContinuationSource, ModuleMailSource, UserRecipients } from './infra/module.notification-sources.js';
import { NoticeNotificationTrigger } from './infra/notice.notification-trigger.js';
import { SmtpOutboundMail } from './infra/smtp.outbound-mail.js';

/** The worker role's part: the immediate runs (live notices) and the once-a-minute upkeep. */
export interface NotificationsWorker {
  start(): void;
  upkeep(): Promise<void>;
  stop(): Promise<void>;
}

export const NOTIFICATIONS_WORKER = Symbol('NotificationsWorker');

/**
 * Notification mails (docs/operations.md, "Notifications"). `NOTIFY_SMTP_URL` picks SMTP; unset, the
 * development outbox keeps the mails in the database and shows them at /dev/outbox, except in production,
 * where notifications are off (said once in the log) rather than kept unsent.
 */
export function notificationsModule({ container: c, config, db, logger, clock, notifications: bus }: ModuleContext): AppModule {
  const from = config.NOTIFY_FROM ?? `Mailscribe <no-reply@${config.INBOUND_DOMAIN}>`;
  const smtpUrl = config.NOTIFY_SMTP_URL;
  // Null when a test's adapter stands (a failing one, a counting one): the outbox page is not mounted then.
  const devOutbox = !smtpUrl && config.NODE_ENV !== 'production' ? provide(c, OUTBOUND_MAIL, () => new DevOutboxOutboundMail(db, from, () => clock.now())) : null;
  if (smtpUrl) provide(c, OUTBOUND_MAIL, () => new SmtpOutboundMail(smtpUrl, from));
  // Unregistered in production without NOTIFY_SMTP_URL: notifications are off.
  const delivering = c.isRegistered(OUTBOUND_MAIL);
  c.register(NOTIFICATION_STORE, { useValue: new KnexNotificationStore(db) });
  c.register(UNSUBSCRIBE_TOKENS, { useValue: new HmacUnsubscribeTokens(config.JWT_SECRET) });
  c.register(BALANCE_SOURCE, { useFactory: (r) => new LedgerBalanceSource(r.resolve(TokenReports)) });
  c.register(MAIL_SOURCE, { useFactory: (r) => new ModuleMailSource(r.resolve(OwnerMail), r.resolve(OwnerDocuments)) });
  c.register(CONTINUATION_SOURCE, { useFactory: (r) => new ModuleContinuationSource(r.resolve(RecentContinuations)) });
  c.register(RECIPIENTS, { useFactory: (r) => new UserRecipients(r.resolve<UserRepository>(USER_REPOSITORY)) });
  // A deleted document's notification mails go in the same transaction as its mail (the eraser the mail
  // module registered, which this one wraps).
  const mailEraser = c.resolve<DocumentDataEraser>(DOCUMENT_DATA_ERASER);
  c.register(DOCUMENT_DATA_ERASER, {
    useFactory: (r): DocumentDataEraser => {
      const notices = r.resolve(EraseDocumentNotifications);
      return {
        erase: async (tx, document) => {
          await mailEraser.erase(tx, document);
          await notices.erase(tx, document);
        },
      };
    },
  });

  let trigger: NoticeNotificationTrigger | null = null;
  c.register<NotificationsWorker>(NOTIFICATIONS_WORKER, {
    useValue: delivering
      ? {
          start: () => {
            trigger ??= new NoticeNotificationTrigger(bus, c.resolve(RunNotifications), logger);
            trigger.start();
          },
          // The upkeep shares the sweep's schedule: a failure here is logged and the next minute tries again.
          upkeep: () => c.resolve(RunNotifications).upkeep().catch((error: unknown) => logger.error({ err: error }, 'notifications upkeep failed')),
          stop: async () => {
            await trigger?.stop();
          },
        }
      : {
          start: () => logger.warn('notifications are off: NOTIFY_SMTP_URL is not set (docs/operations.md, "Notifications")'),
          upkeep: () => Promise.resolve(),
          stop: () => Promise.resolve(),
        },
  });

  return {
    name: 'notifications',
    http: {
      routers: () => [
        ...(devOutbox ? [devOutboxRoutes(devOutbox)] : []),
        notificationSettingsRoutes({ authenticate: c.resolve(Authenticate), settings: c.resolve(ManageNotificationSettings), delivering }),
        unsubscribeRoutes({ unsubscribe: c.resolve(Unsubscribe), publicUrl: config.PUBLIC_URL }),
      ],
    },
  };
}
