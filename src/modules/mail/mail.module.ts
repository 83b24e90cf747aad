import { instanceCachingFactory } from 'tsyringe';
import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { provide } from '../../platform/wiring/overrides.js';
import { SubscriptionAccess } from '../billing/index.js';
import { HELD_MAIL_COUNT, type HeldMailCount } from '../token-ledger/index.js';
import { DOCUMENT_DATA_ERASER, KnexOwnedDocumentScope, withCachedDocumentReads, type DocumentDataEraser } from '../documents/index.js';
import { Authenticate, USER_REPOSITORY, type UserRepository } from '../identity/index.js';
import { ATTACHMENT_READER, type AttachmentReader } from './application/ports/attachment-reader.port.js';
import { DOC_WRITE_LIMITER } from './application/ports/doc-write-limiter.port.js';
import { PENDING_BLOCK_REPOSITORY } from './application/ports/pending-block.repository.port.js';
import { INBOUND_MESSAGE_REPOSITORY } from './application/ports/inbound-message.repository.port.js';
import { JOB_QUEUE } from './application/ports/job-queue.port.js';
import { MAIL_EVENTS } from './application/ports/mail-events.port.js';
import { MAIL_METRICS } from './application/ports/mail-metrics.port.js';
import { MAIL_READERS } from './application/ports/mail-readers.port.js';
import { MAIL_RECORDS } from './application/ports/mail-records.port.js';
import { MAIL_PARSER, type MailParser } from './application/ports/mail-parser.port.js';
import { RECEIVED_MAIL_PAGES } from './application/ports/received-mail-pages.port.js';
import { SENDER_AUTHENTICATOR } from './application/ports/sender-authenticator.port.js';
import { SUBSCRIPTION_GATE, type SubscriptionGate } from './application/ports/subscription-gate.port.js';
import { HELD_MAIL } from './application/ports/held-mail.port.js';
import { AllowAndProcess } from './application/allow-and-process.use-case.js';
import { EraseDocumentMail } from './application/erase-document-mail.use-case.js';
import { ProcessMail } from './application/process-mail.use-case.js';
import { ReceiveMail } from './application/receive-mail.use-case.js';
import { ReceivedMails } from './application/received-mails.use-case.js';
import { SweepHeldMail } from './application/sweep-held-mail.use-case.js';
import { foundMailsRoutes, receivedMailsRoutes } from './http/received-mails.routes.js';
import { MAIL_ROLES, MailRoles } from './infra/mail-roles.js';
import { HeldMailWaker } from './infra/events/held-mail.waker.js';
import { NoticeMailEvents } from './infra/events/notice.mail-events.js';
import { IdentityMailReaders } from './infra/readers/identity.mail-readers.js';
import { SandboxedAttachmentReader } from './infra/attachments/sandboxed.attachment-reader.js';
import { MailauthSenderAuthenticator } from './infra/auth/mailauth.sender-authenticator.js';
import { PrometheusMailMetrics } from './infra/metrics/prometheus.mail-metrics.js';
import { WorkerMailParser } from './infra/parsing/worker-mail.parser.js';
import { KnexDocWriteLimiter } from './infra/persistence/knex.doc-write-limiter.js';
import { KnexHeldMail } from './infra/persistence/knex.held-mail.js';
import { KnexPendingBlockRepository } from './infra/persistence/knex.pending-block.repository.js';
import { KnexInboundMessageRepository } from './infra/persistence/knex.inbound-message.repository.js';
import { KnexMailRecords } from './infra/persistence/knex.mail-records.js';
import { KnexReceivedMailPages } from './infra/persistence/knex.received-mail-pages.js';
import { KnexMailQueue, PROCESS_MAIL } from './infra/queue/knex.mail-queue.js';
import { PgBossSchedule } from './infra/queue/pg-boss.schedule.js';
import { MB } from '../../shared/sizes.js';

/** How long a credit's wake waits for its use case to finish and for credits that come with it (held-mail.waker.ts). */
const HELD_MAIL_WAKE_DELAY_MS = 500;

/**
 * Inbound mail: SMTP intake, the processing pipeline on the messages' own queue (`JOB_*`), the held-mail
 * sweep on pg-boss's cron and the received-mail list. Billing answers the pipeline's `SubscriptionGate`; the documents module counts
 * processed mail in the transaction that ends it. Mail answers documents' `DocumentDataEraser`: a deleted
 * document's mail goes in the transaction that deletes it.
 */
export function mailModule({ container: c, config, db, logger, metrics, notifications }: ModuleContext): AppModule {
  // The same lease as a run asked for by id takes (run-lease.ts).
  const queue = new KnexMailQueue(db, { leaseSeconds: 2 * config.JOB_TIMEOUT_SECONDS, pollingSeconds: config.JOB_POLLING_SECONDS, dedupDays: config.DEDUP_DAYS }, logger, notifications);
  const schedule = new PgBossSchedule(db, { maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS }, logger);
  c.register(JOB_QUEUE, { useValue: queue });
  // Whatever roles this process runs record into the one registry that /metrics (http) shows.
  c.register(MAIL_METRICS, { useValue: new PrometheusMailMetrics(metrics.registry, { queue: { queue: PROCESS_MAIL, depth: () => queue.depth() }, logger }) });
  c.register(MAIL_EVENTS, { useValue: new NoticeMailEvents(notifications) });
  c.register(INBOUND_MESSAGE_REPOSITORY, { useValue: new KnexInboundMessageRepository(db, queue, { dedupDays: config.DEDUP_DAYS }) });
  const heldMail = new KnexHeldMail(db);
  c.register(HELD_MAIL, { useValue: heldMail });
  // The token panel's held count (the ledger's port: it cannot call mail by name).
  c.register(HELD_MAIL_COUNT, { useValue: { heldMailsOf: (userId) => heldMail.countHeld(userId) } satisfies HeldMailCount });
  c.register(RECEIVED_MAIL_PAGES, { useValue: new KnexReceivedMailPages(db, new KnexOwnedDocumentScope()) });
  c.register(MAIL_RECORDS, { useValue: new KnexMailRecords(db) });
  // A deleted document's mail goes in the transaction that deletes the document (documents' DeleteDocument).
  c.register(DOCUMENT_DATA_ERASER, { useFactory: (resolver): DocumentDataEraser => resolver.resolve(EraseDocumentMail) });
  // Blocks waiting for their document's write budget, written in the batch of the next run with a slot (write.step.ts).
  c.register(PENDING_BLOCK_REPOSITORY, { useValue: new KnexPendingBlockRepository(db) });
  c.register(DOC_WRITE_LIMITER, {
    useValue: new KnexDocWriteLimiter(db, {
      writesPerUser: config.DOC_WRITES_PER_MINUTE_PER_USER,
      writesPerProject: config.DOC_WRITES_PER_MINUTE_PER_PROJECT,
      readsPerUser: config.DOC_READS_PER_MINUTE_PER_USER,
    }),
  });
  c.register(SUBSCRIPTION_GATE, { useFactory: (resolver): SubscriptionGate => resolver.resolve(SubscriptionAccess) });
  provide(c, MAIL_PARSER, () => new WorkerMailParser({ poolSize: 1, timeoutMs: 10_000 }));
  // One instance, so its cache is the process's.
  c.register(MAIL_READERS, { useFactory: instanceCachingFactory((resolver) => new IdentityMailReaders(resolver.resolve<UserRepository>(USER_REPOSITORY))) });
  provide(c, ATTACHMENT_READER, () => attachmentReaderFor(config));
  provide(c, SENDER_AUTHENTICATOR, () => new MailauthSenderAuthenticator({ hostname: config.INBOUND_DOMAIN }));
  // Intake (per SMTP recipient) and the pipeline (per run) read the document through the short cache.
  c.register(ReceiveMail, { useFactory: (resolver) => withCachedDocumentReads(resolver, ReceiveMail) });
  c.register(ProcessMail, { useFactory: (resolver) => withCachedDocumentReads(resolver, ProcessMail) });
  // Built when the roles start, so whatever was registered until then (a test's wrapped port) is used.
  c.register(MAIL_ROLES, {
    useFactory: (resolver) =>
      new MailRoles({
        queue,
        schedule,
        parser: resolver.resolve<MailParser>(MAIL_PARSER),
        intake: resolver.resolve(ReceiveMail),
        process: resolver.resolve(ProcessMail),
        sweep: resolver.resolve(SweepHeldMail),
        waker: new HeldMailWaker(resolver.resolve(SweepHeldMail), notifications, logger, { delayMs: HELD_MAIL_WAKE_DELAY_MS }),
        config,
        logger,
      }),
  });

  return {
    name: 'mail',
    http: {
      routers: () => [
        receivedMailsRoutes({ authenticate: c.resolve(Authenticate), mails: c.resolve(ReceivedMails), allowAndProcess: c.resolve(AllowAndProcess) }),
        foundMailsRoutes({ authenticate: c.resolve(Authenticate), mails: c.resolve(ReceivedMails) }),
      ],
    },
  };
}

/** Limits of docs/attachments.md; the per-file character cap is the mail's own, as no file can be summarised past it. */
function attachmentReaderFor(config: ModuleContext['config']): AttachmentReader {
  return new SandboxedAttachmentReader({
    limits: {
      maxBytes: Math.round(config.ATTACHMENT_MAX_MB * MB),
      maxAttachments: config.ATTACHMENTS_PER_MAIL,
      maxPages: config.ATTACHMENT_MAX_PAGES,
      maxChars: config.MAX_INPUT_CHARS,
      maxZipEntries: 2_000,
      maxUncompressedBytes: 50 * MB,
      ocr: config.ATTACHMENT_OCR === 'on',
      maxPixels: 40_000_000,
    },
    timeoutMs: config.ATTACHMENT_TIMEOUT_MS,
    memoryMb: config.ATTACHMENT_MEMORY_MB,
  });
}
