import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { DocNotFoundError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import type { MailMetrics, MailOutcome } from '../../../src/modules/mail/application/ports/mail-metrics.port.js';
import { ProcessMail } from '../../../src/modules/mail/application/process-mail.use-case.js';
import { ReceiveMail } from '../../../src/modules/mail/application/receive-mail.use-case.js';
import { AuthoriseStep } from '../../../src/modules/mail/application/steps/authorise.step.js';
import { ParseStep } from '../../../src/modules/mail/application/steps/parse.step.js';
import { SummariseStep } from '../../../src/modules/mail/application/steps/summarise.step.js';
import { WriteStep } from '../../../src/modules/mail/application/steps/write.step.js';
import { LlmFailedError, LlmUnavailableError, OfflineSummariser, SummariseMail, type Llm } from '../../../src/modules/summarization/index.js';
import { GrantTokens, RefundTokens, ReserveTokens, SettleTokens } from '../../../src/modules/token-ledger/index.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from '../../support/fakes/in-memory-documents.js';
import { InMemoryUserRepository } from '../../support/fakes/in-memory-identity.js';
import { InMemoryLedgerRepository } from '../../support/fakes/in-memory-ledger.js';
import { FixedMailParser, InMemoryInboundMessages, RecordingQueue } from '../../support/fakes/in-memory-mail.js';
import { verdictOf } from '../../support/mail.js';
import { testConfig } from '../../support/test-config.js';

const OWNER = 'owner-1';
const DOC = '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10';
const ADDRESS = 'invoices-abcdefghij@in.example.com';

/** Keeps what the pipeline reported, in order. */
class RecordingMailMetrics implements MailMetrics {
  received = 0;
  finished: { outcome: MailOutcome; seconds: number }[] = [];
  tokens = { input: 0, output: 0 };
  docWriteFailures = 0;
  mailsReceived(count: number): void {
    this.received += count;
  }
  mailFinished(outcome: MailOutcome, seconds: number): void {
    this.finished.push({ outcome, seconds });
  }
  modelTokens(input: number, output: number): void {
    this.tokens.input += input;
    this.tokens.output += output;
  }
  docWriteFailed(): void {
    this.docWriteFailures += 1;
  }
  outcomes(): MailOutcome[] {
    return this.finished.map((entry) => entry.outcome);
  }
}

/** The offline summariser behind a switch: a busy model or a refusal on demand. */
class ScriptedLlm implements Llm {
  next: Error[] = [];
  private readonly offline = new OfflineSummariser();
  summarise(request: Parameters<Llm['summarise']>[0]) {
    const failure = this.next.shift();
    return failure ? Promise.reject(failure) : this.offline.summarise(request);
  }
}

describe('what processing one mail reports to metrics', () => {
  const config = testConfig();
  const logger = pino({ level: 'silent' });
  const clock = fixedClock('2026-11-02T12:00:00Z');
  let metrics: RecordingMailMetrics;
  let messages: InMemoryInboundMessages;
  let documents: InMemoryDocumentRepository;
  let store: InMemoryDocStore;
  let ledger: InMemoryLedgerRepository;
  let llm: ScriptedLlm;
  let process: ProcessMail;

  beforeEach(async () => {
    metrics = new RecordingMailMetrics();
    const queue = new RecordingQueue();
    messages = new InMemoryInboundMessages(queue);
    documents = new InMemoryDocumentRepository();
    store = new InMemoryDocStore();
    ledger = new InMemoryLedgerRepository();
    llm = new ScriptedLlm();
    await documents.claim({ id: DOC, ownerId: OWNER, name: 'Invoices', description: '', emails: ['boss@example.com'], forwardToken: 'abcdefghij', forwardEmail: ADDRESS, overwriteAtBeginning: false });
    await documents.complete(DOC, (await store.create({ userId: OWNER }, { title: 'Invoices', intro: '' })).externalId);
    await new GrantTokens(ledger).execute({ userId: OWNER, sourceKey: 'g', tokens: 5, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
    process = new ProcessMail(
      messages,
      documents,
      store,
      queue,
      new ParseStep(messages, new FixedMailParser()),
      new AuthoriseStep(messages, verdictOf('none'), new InMemoryUserRepository(), config),
      new SummariseStep(messages, new SummariseMail(llm), metrics),
      new WriteStep(messages, store, { tryAcquire: () => Promise.resolve({ ok: true }) }, clock, metrics),
      { isActive: () => Promise.resolve(true) },
      new ReserveTokens(ledger, { unlimited: false }),
      new SettleTokens(ledger),
      new RefundTokens(ledger),
      config,
      logger,
      metrics,
    );
    await messages.storeReceived([{ id: 'mail-1', documentId: DOC, ownerId: OWNER, envelope: { mailFrom: 'boss@example.com', recipients: ['e'], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') }]);
  });

  it('reports a processed mail once, with its duration and the model tokens, and nothing for a repeated job', async () => {
    await process.execute('mail-1');
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['processed']);
    expect(metrics.finished[0]?.seconds).toBeGreaterThanOrEqual(0);
    expect(metrics.tokens.input).toBeGreaterThan(0);
    expect(metrics.tokens.output).toBeGreaterThan(0);
    expect(metrics.docWriteFailures).toBe(0);
  });

  it('reports no outcome for a run that only schedules a retry, then the outcome of the run that ends it', async () => {
    llm.next = [new LlmUnavailableError('503')];
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual([]);
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['processed']);
  });

  it('counts a failed document write, and asks the model only once for it', async () => {
    store.failNextWith(new DocStoreUnavailableError('503'));
    await process.execute('mail-1');
    const tokensAfterFirstRun = { ...metrics.tokens };
    await process.execute('mail-1');
    expect(metrics.docWriteFailures).toBe(1);
    expect(metrics.outcomes()).toEqual(['processed']);
    expect(metrics.tokens).toEqual(tokensAfterFirstRun);
  });

  it('reports failed for a permanent failure, both from the model and from the document', async () => {
    llm.next = [new LlmFailedError('refused')];
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['failed']);
    expect(metrics.docWriteFailures).toBe(0);

    await messages.storeReceived([{ id: 'mail-2', documentId: DOC, ownerId: OWNER, envelope: { mailFrom: 'boss@example.com', recipients: ['e'], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') }]);
    store.failNextWith(new DocNotFoundError('gone'));
    await process.execute('mail-2');
    expect(metrics.outcomes()).toEqual(['failed', 'failed']);
    expect(metrics.docWriteFailures).toBe(1);
  });

  it('reports held when the tokens do not cover the mail', async () => {
    await ledger.withLockedBalance(OWNER, (locked) =>
      locked.append({ sourceKey: 'spend', kind: 'reserve', subscriptionDelta: 0, additionalDelta: -5, tokens: 5, description: 'x', payedUsdCents: 0, relatedKey: null }),
    );
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['held']);
  });

  it('reports ignored for a mail whose document was deleted meanwhile', async () => {
    await documents.delete(OWNER, DOC);
    await process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['ignored']);
  });

  it('counts received mail once stored, one per document addressed', async () => {
    const receive = new ReceiveMail(documents, messages, { ...config, INBOUND_DOMAIN: 'in.example.com' }, logger, metrics);
    await receive.receive({ envelope: { mailFrom: 'a@example.com', recipients: ['nobody@in.example.com'], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') });
    expect(metrics.received).toBe(0);
    await receive.receive({ envelope: { mailFrom: 'a@example.com', recipients: [ADDRESS, ADDRESS.toUpperCase()], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') });
    expect(metrics.received).toBe(1);
  });
});
