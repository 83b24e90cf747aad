// ProcessMail wired to in-memory fakes of every port, with one document (allow-list: boss@example.com),
// 5 tokens and one stored mail, "mail-1": the starting point of the pipeline's unit tests.
import { pino } from 'pino';
import { container as rootContainer } from 'tsyringe';
import { DOC_STORE, DOCUMENT_REPOSITORY } from '../../src/modules/documents/index.js';
import { ATTACHMENT_READER, type AttachmentReader } from '../../src/modules/mail/application/ports/attachment-reader.port.js';
import { MAIL_READERS } from '../../src/modules/mail/application/ports/mail-readers.port.js';
import { DOC_WRITE_LIMITER, type DocWriteLimiter } from '../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import { INBOUND_MESSAGE_REPOSITORY } from '../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { JOB_QUEUE } from '../../src/modules/mail/application/ports/job-queue.port.js';
import { PENDING_BLOCK_REPOSITORY } from '../../src/modules/mail/application/ports/pending-block.repository.port.js';
import { InMemoryPendingBlocks } from './fakes/in-memory-pending-blocks.js';
import { MAIL_METRICS, noMailMetrics, type MailMetrics } from '../../src/modules/mail/application/ports/mail-metrics.port.js';
import { MAIL_PARSER, type MailParser } from '../../src/modules/mail/application/ports/mail-parser.port.js';
import { RECEIVED_MAIL_PAGES } from '../../src/modules/mail/application/ports/received-mail-pages.port.js';
import { SENDER_AUTHENTICATOR, type SenderAuthenticator } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { SUBSCRIPTION_GATE } from '../../src/modules/mail/application/ports/subscription-gate.port.js';
import { ProcessMail } from '../../src/modules/mail/index.js';
import { LLM, type Llm } from '../../src/modules/summarization/index.js';
import { LEDGER_POLICY } from '../../src/modules/token-ledger/application/ledger-policy.js';
import { LEDGER_REPOSITORY } from '../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { GrantTokens } from '../../src/modules/token-ledger/index.js';
import { APP_CONFIG, type AppConfig } from '../../src/platform/config/config.js';
import { LOGGER } from '../../src/platform/logging/logger.js';
import { CLOCK, fixedClock } from '../../src/shared/clock.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from './fakes/in-memory-documents.js';
import { InMemoryDocumentPartRepository } from './fakes/in-memory-document-parts.js';
import { DOCUMENT_PART_REPOSITORY } from '../../src/modules/documents/application/ports/document-part.repository.port.js';
import { InMemoryUserRepository } from './fakes/in-memory-identity.js';
import { InMemoryLedgerRepository } from './fakes/in-memory-ledger.js';
import { FixedAttachmentReader, FixedMailParser, InMemoryInboundMessages, RecordingQueue } from './fakes/in-memory-mail.js';
import { InMemoryReceivedMailPages } from './fakes/in-memory-received-mail-pages.js';
import { verdictOf } from './fakes/fixed-sender-authenticator.js';
import { testConfig } from './test-config.js';
import { MAIL_EVENTS, noMailEvents } from '../../src/modules/mail/application/ports/mail-events.port.js';
import { BALANCE_EVENTS, noBalanceEvents } from '../../src/modules/token-ledger/application/ports/balance-events.port.js';

export const OWNER = 'owner-1';
export const DOC = '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10';
export const ADDRESS = 'invoices-abcdefghij@in.example.com';

export interface ProcessMailHarnessOptions {
  llm: Llm;
  metrics?: MailMetrics;
  senderAuthenticator?: SenderAuthenticator;
  limiter?: DocWriteLimiter;
  /** Pending blocks of mails waiting for the write budget; a fresh store unless given (with a limiter that reads it). */
  pending?: InMemoryPendingBlocks;
  config?: AppConfig;
  parser?: MailParser;
  attachmentReader?: AttachmentReader;
}

export type ProcessMailHarness = Awaited<ReturnType<typeof processMailHarness>>;

export async function processMailHarness(options: ProcessMailHarnessOptions) {
  const config = options.config ?? testConfig();
  const logger = pino({ level: 'silent' });
  const metrics = options.metrics ?? noMailMetrics;
  const queue = new RecordingQueue();
  const messages = new InMemoryInboundMessages(queue, config.DEDUP_DAYS);
  const documents = new InMemoryDocumentRepository();
  const store = new InMemoryDocStore();
  const parts = new InMemoryDocumentPartRepository(documents);
  const ledger = new InMemoryLedgerRepository();
  const users = new InMemoryUserRepository();
  await documents.claim({ id: DOC, ownerId: OWNER, name: 'Invoices', description: '', emails: ['boss@example.com'], forwardToken: 'abcdefghij', forwardEmail: ADDRESS, overwriteAtBeginning: false });
  const { externalId } = await store.create({ userId: OWNER }, { title: 'Invoices', intro: '' });
  await documents.complete(DOC, externalId);
  await new GrantTokens(ledger, noBalanceEvents).execute({ userId: OWNER, sourceKey: 'g', tokens: 5, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
  // Resolved by its tokens, as the app resolves it, so the harness follows how ProcessMail is split.
  const c = rootContainer.createChildContainer();
  c.register(APP_CONFIG, { useValue: config });
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: fixedClock('2026-11-02T12:00:00Z') });
  c.register(MAIL_METRICS, { useValue: metrics });
  c.register(MAIL_EVENTS, { useValue: noMailEvents });
  c.register(BALANCE_EVENTS, { useValue: noBalanceEvents });
  c.register(INBOUND_MESSAGE_REPOSITORY, { useValue: messages });
  c.register(RECEIVED_MAIL_PAGES, { useValue: new InMemoryReceivedMailPages(messages, documents) });
  c.register(JOB_QUEUE, { useValue: queue });
  c.register(DOCUMENT_REPOSITORY, { useValue: documents });
  c.register(DOC_STORE, { useValue: store });
  c.register(DOCUMENT_PART_REPOSITORY, { useValue: parts });
  const pending = options.pending ?? new InMemoryPendingBlocks();
  c.register(PENDING_BLOCK_REPOSITORY, { useValue: pending });
  c.register(DOC_WRITE_LIMITER, { useValue: options.limiter ?? { tryAcquire: () => Promise.resolve({ ok: true }) } });
  c.register(MAIL_PARSER, { useValue: options.parser ?? new FixedMailParser() });
  const attachmentReader = options.attachmentReader ?? new FixedAttachmentReader();
  c.register(ATTACHMENT_READER, { useValue: attachmentReader });
  c.register(MAIL_READERS, { useValue: { readerOf: () => Promise.resolve({ name: 'Olive Owner', address: 'owner@example.com' }) } });
  c.register(SENDER_AUTHENTICATOR, { useValue: options.senderAuthenticator ?? verdictOf('none') });
  // Mutable, so a test can take the owner's plan away.
  const plan = { active: true };
  c.register(SUBSCRIPTION_GATE, { useValue: { isActive: () => Promise.resolve(plan.active) } });
  c.register(LLM, { useValue: options.llm });
  c.register(LEDGER_REPOSITORY, { useValue: ledger });
  c.register(LEDGER_POLICY, { useValue: { unlimited: false } });
  const process = c.resolve(ProcessMail);
  const storeMail = (id: string) =>
    messages.storeReceived([{ id, documentId: DOC, ownerId: OWNER, envelope: { mailFrom: 'boss@example.com', recipients: [ADDRESS], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw'), dedupKey: `mid:${id}@test` }]);
  await storeMail('mail-1');
  return { container: c, plan, process, config, logger, queue, messages, documents, parts, store, ledger, users, externalId, storeMail, attachmentReader, pending };
}
