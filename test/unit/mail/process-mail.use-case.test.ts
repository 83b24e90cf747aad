import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProcessMail } from '../../../src/modules/mail/application/process-mail.use-case.js';
import { AuthoriseStep } from '../../../src/modules/mail/application/steps/authorise.step.js';
import { ParseStep } from '../../../src/modules/mail/application/steps/parse.step.js';
import { SummariseStep } from '../../../src/modules/mail/application/steps/summarise.step.js';
import { WriteStep } from '../../../src/modules/mail/application/steps/write.step.js';
import { MAX_ATTEMPTS } from '../../../src/modules/mail/domain/retry-policy.js';
import { DocNotFoundError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { LlmUnavailableError, OfflineSummariser, SummariseMail, type Llm } from '../../../src/modules/summarization/index.js';
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

/** An Llm that fails a given number of times before answering like the offline summariser. */
class FlakyLlm implements Llm {
  failures = 0;
  calls = 0;
  private readonly offline = new OfflineSummariser();
  summarise(request: Parameters<Llm['summarise']>[0]) {
    this.calls += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new LlmUnavailableError('503'));
    }
    return this.offline.summarise(request);
  }
}

describe('processing one mail', () => {
  const config = testConfig();
  const logger = pino({ level: 'silent' });
  const clock = fixedClock('2026-11-02T12:00:00Z');
  let queue: RecordingQueue;
  let messages: InMemoryInboundMessages;
  let documents: InMemoryDocumentRepository;
  let store: InMemoryDocStore;
  let ledger: InMemoryLedgerRepository;
  let llm: FlakyLlm;
  let process: ProcessMail;
  let externalId: string;
  let users: InMemoryUserRepository;

  beforeEach(async () => {
    queue = new RecordingQueue();
    messages = new InMemoryInboundMessages(queue);
    documents = new InMemoryDocumentRepository();
    store = new InMemoryDocStore();
    ledger = new InMemoryLedgerRepository();
    llm = new FlakyLlm();
    users = new InMemoryUserRepository();
    await documents.claim({ id: DOC, ownerId: OWNER, name: 'Invoices', description: '', emails: ['boss@example.com'], forwardToken: 't', forwardEmail: 'e', overwriteAtBeginning: false });
    externalId = (await store.create({ userId: OWNER }, { title: 'Invoices', intro: '' })).externalId;
    await documents.complete(DOC, externalId);
    await new GrantTokens(ledger).execute({ userId: OWNER, sourceKey: 'g', tokens: 5, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
    const policy = { unlimited: false };
    process = new ProcessMail(
      messages,
      documents,
      store,
      queue,
      new ParseStep(messages, new FixedMailParser()),
      new AuthoriseStep(messages, verdictOf('none'), users, config),
      new SummariseStep(messages, new SummariseMail(llm)),
      new WriteStep(messages, store, { tryAcquire: () => Promise.resolve({ ok: true }) }, clock),
      { isActive: () => Promise.resolve(true) },
      new ReserveTokens(ledger, policy),
      new SettleTokens(ledger),
      new RefundTokens(ledger),
      config,
      logger,
    );
    await messages.storeReceived([{ id: 'mail-1', documentId: DOC, ownerId: OWNER, envelope: { mailFrom: 'boss@example.com', recipients: ['e'], remoteAddress: '127.0.0.1', heloName: 'x' }, raw: Buffer.from('raw') }]);
  });

  const row = () => messages.rows.get('mail-1');

  it('writes one block and charges once, and a second run changes nothing', async () => {
    await process.execute('mail-1');
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(store.docs.get(externalId)?.blocks).toHaveLength(1);
    expect((await ledger.balanceOf(OWNER)).additionalTokens).toBe(4);
    expect(messages.processedCount).toBe(1);
  });

  it('retries a busy model with growing, jittered delays and does not charge twice', async () => {
    llm.failures = 2;
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 1, reason: expect.stringContaining('Retrying (1/5)') });
    await process.execute('mail-1');
    await process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    const delays = queue.enqueued.slice(1).map((job) => job.delaySeconds);
    expect(delays[0]).toBeGreaterThanOrEqual(7);
    expect(delays[0]).toBeLessThanOrEqual(15);
    expect(delays[1]).toBeGreaterThanOrEqual(15);
    expect(delays[1]).toBeLessThanOrEqual(30);
    expect(ledger.entries.filter((entry) => entry.kind === 'reserve')).toHaveLength(1);
    expect(llm.calls).toBe(3);
  });

  it(`fails after ${MAX_ATTEMPTS} attempts with the reason and refunds the tokens`, async () => {
    llm.failures = 100;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'failed', usedTokens: 0, reason: 'The summarising model is busy or unreachable.' });
    expect((await ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('fails at once with a refund when the linked document is gone', async () => {
    store.failNextWith(new DocNotFoundError('gone'));
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'failed', reason: expect.stringContaining('no longer exists') });
    expect((await ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('does not ask the model again when only the write has to be retried', async () => {
    store.failNextWith(new DocStoreUnavailableError('503'));
    await process.execute('mail-1');
    expect(row()?.status).toBe('processing');
    await process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    expect(llm.calls).toBe(1);
  });

  it('holds the mail when the tokens do not cover it, and a second run leaves it held', async () => {
    await ledger.withLockedBalance(OWNER, (locked) =>
      locked.append({ sourceKey: 'spend', kind: 'reserve', subscriptionDelta: 0, additionalDelta: -5, tokens: 5, description: 'x', payedUsdCents: 0, relatedKey: null }),
    );
    await process.execute('mail-1');
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'held', reason: expect.stringContaining('needs 1 token') });
    expect(store.docs.get(externalId)?.blocks).toHaveLength(0);
  });

  it('processes, with a warning as the reason, a mail written into a document nearing Google\'s size limit', async () => {
    const doc = store.docs.get(externalId);
    doc?.blocks.push({ heading: 'Old', meta: 'x', body: 'y'.repeat(905_000) });
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', reason: expect.stringContaining('Google Docs stops near 1,000,000') });
  });

  it('waits for the next minute when the user\'s write budget is spent, without counting an attempt', async () => {
    let budget = 0;
    const write = new WriteStep(messages, store, { tryAcquire: () => Promise.resolve(budget-- > 0 ? { ok: true } : { ok: false, retryAfterSeconds: 12 }) }, clock);
    Object.assign(process, { write });
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 0 });
    expect(queue.enqueued.at(-1)).toEqual({ messageId: 'mail-1', delaySeconds: 12 });
    budget = 1;
    await process.execute('mail-1');
    expect(row()?.status).toBe('processed');
  });

  it('under SENDER_AUTH=report processes mail whose domain failed DMARC, and says so', async () => {
    Object.assign(process, { authorise: new AuthoriseStep(messages, verdictOf('fail'), users, config) });
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', reason: "Processed, but the sender's domain failed DMARC/DKIM checks (test verdict fail)." });
  });

  it('under SENDER_AUTH=enforce ignores mail whose domain failed DMARC, at no cost', async () => {
    Object.assign(process, { authorise: new AuthoriseStep(messages, verdictOf('fail'), users, { ...config, SENDER_AUTH: 'enforce' }) });
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'ignored', reason: expect.stringContaining('failed DMARC/DKIM') });
    expect((await ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('ignores mail for a document deleted meanwhile', async () => {
    await documents.delete(OWNER, DOC);
    await process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'ignored', reason: expect.stringContaining('deleted') });
  });
});
