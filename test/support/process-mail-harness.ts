// ProcessMail wired to in-memory fakes of every port, with one document (allow-list: boss@example.com),
// 5 tokens and one stored mail, "mail-1": the starting point of the pipeline's unit tests.
import { pino } from 'pino';
import type { DocWriteLimiter } from '../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import { noMailMetrics, type MailMetrics } from '../../src/modules/mail/application/ports/mail-metrics.port.js';
import type { SenderAuthenticator } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { ProcessMail } from '../../src/modules/mail/application/process-mail.use-case.js';
import { AuthoriseStep } from '../../src/modules/mail/application/steps/authorise.step.js';
import { ParseStep } from '../../src/modules/mail/application/steps/parse.step.js';
import { SummariseStep } from '../../src/modules/mail/application/steps/summarise.step.js';
import { WriteStep } from '../../src/modules/mail/application/steps/write.step.js';
import { SummariseMail, type Llm } from '../../src/modules/summarization/index.js';
import { GrantTokens, RefundTokens, ReserveTokens, SettleTokens } from '../../src/modules/token-ledger/index.js';
import type { AppConfig } from '../../src/platform/config/config.js';
import { fixedClock } from '../../src/shared/clock.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from './fakes/in-memory-documents.js';
import { InMemoryUserRepository } from './fakes/in-memory-identity.js';
import { InMemoryLedgerRepository } from './fakes/in-memory-ledger.js';
import { FixedMailParser, InMemoryInboundMessages, RecordingQueue } from './fakes/in-memory-mail.js';
import { verdictOf } from './mail.js';
import { testConfig } from './test-config.js';

export const OWNER = 'owner-1';
export const DOC = '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10';
export const ADDRESS = 'invoices-abcdefghij@in.example.com';

export interface ProcessMailHarnessOptions {
  llm: Llm;
  metrics?: MailMetrics;
  senderAuthenticator?: SenderAuthenticator;
  limiter?: DocWriteLimiter;
  config?: AppConfig;
}

export type ProcessMailHarness = Awaited<ReturnType<typeof processMailHarness>>;

export async function processMailHarness(options: ProcessMailHarnessOptions) {
  const config = options.config ?? testConfig();
  const logger = pino({ level: 'silent' });
  const metrics = options.metrics ?? noMailMetrics;
  const queue = new RecordingQueue();
  const messages = new InMemoryInboundMessages(queue);
  const documents = new InMemoryDocumentRepository();
  const store = new InMemoryDocStore();
  const ledger = new InMemoryLedgerRepository();
  const users = new InMemoryUserRepository();
  await documents.claim({ id: DOC, ownerId: OWNER, name: 'Invoices', description: '', emails: ['boss@example.com'], forwardToken: 'abcdefghij', forwardEmail: ADDRESS, overwriteAtBeginning: false });
  const { externalId } = await store.create({ userId: OWNER }, { title: 'Invoices', intro: '' });
  await documents.complete(DOC, externalId);
  await new GrantTokens(ledger).execute({ userId: OWNER, sourceKey: 'g', tokens: 5, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
  const process = new ProcessMail(
    messages,
    documents,
    store,
    queue,
    new ParseStep(messages, new FixedMailParser()),
    new AuthoriseStep(messages, options.senderAuthenticator ?? verdictOf('none'), users, config),
    new SummariseStep(messages, new SummariseMail(options.llm), metrics),
    new WriteStep(messages, store, options.limiter ?? { tryAcquire: () => Promise.resolve({ ok: true }) }, fixedClock('2026-11-02T12:00:00Z'), metrics),
    { isActive: () => Promise.resolve(true) },
    new ReserveTokens(ledger, { unlimited: false }),
    new SettleTokens(ledger),
    new RefundTokens(ledger),
    config,
    logger,
    metrics,
  );
  const storeMail = (id: string) =>
    messages.storeReceived([{ id, documentId: DOC, ownerId: OWNER, envelope: { mailFrom: 'boss@example.com', recipients: [ADDRESS], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') }]);
  await storeMail('mail-1');
  return { process, config, logger, queue, messages, documents, store, ledger, users, externalId, storeMail };
}
