import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ATTEMPTS } from '../../../src/modules/mail/domain/retry-policy.js';
import { DocNotFoundError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { LlmUnavailableError, OfflineSummariser, type Llm } from '../../../src/modules/summarization/index.js';
import { verdictOf } from '../../support/fakes/fixed-sender-authenticator.js';
import { testConfig } from '../../support/test-config.js';
import { DOC, OWNER, processMailHarness, type ProcessMailHarness } from '../../support/process-mail-harness.js';

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
  let harness: ProcessMailHarness;
  let llm: FlakyLlm;

  beforeEach(async () => {
    llm = new FlakyLlm();
    harness = await processMailHarness({ llm });
  });

  const row = () => harness.messages.rows.get('mail-1');

  it('writes one block and charges once, and a second run changes nothing', async () => {
    await harness.process.execute('mail-1');
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(harness.store.docs.get(harness.externalId)?.blocks).toHaveLength(1);
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(4);
    expect(harness.messages.processedCount).toBe(1);
  });

  it('runs a mail once when the queue starts a second run while the first still works: one block, one charge', async () => {
    // The first run waits in the model; meanwhile the queue, taking the job for dead, starts another.
    let answer: () => void = () => undefined;
    const slow: Llm = {
      summarise: (request) => new Promise((resolve, reject) => void (answer = () => void new OfflineSummariser().summarise(request).then(resolve, reject))),
    };
    harness = await processMailHarness({ llm: slow });
    const first = harness.process.execute('mail-1');
    await vi.waitFor(() => expect(harness.messages.rows.get('mail-1')?.costTokens).toBe(1));
    const queued = harness.queue.enqueued.length;
    await harness.process.execute('mail-1');
    // The second run did nothing but schedule a look for when the first run's lease ends.
    expect(harness.queue.enqueued.slice(queued)).toEqual([{ messageId: 'mail-1', delaySeconds: 2 * harness.config.JOB_TIMEOUT_SECONDS }]);
    answer();
    await first;
    await harness.process.execute('mail-1');
    expect(harness.messages.rows.get('mail-1')).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(harness.store.docs.get(harness.externalId)?.blocks).toHaveLength(1);
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(4);
  });

  it('retries a busy model with growing, jittered delays and does not charge twice', async () => {
    llm.failures = 2;
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 1, reason: expect.stringContaining('Retrying (1/5)') });
    await harness.process.execute('mail-1');
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    const delays = harness.queue.enqueued.slice(1).map((job) => job.delaySeconds);
    expect(delays[0]).toBeGreaterThanOrEqual(7);
    expect(delays[0]).toBeLessThanOrEqual(15);
    expect(delays[1]).toBeGreaterThanOrEqual(15);
    expect(delays[1]).toBeLessThanOrEqual(30);
    expect(harness.ledger.entries.filter((entry) => entry.kind === 'reserve')).toHaveLength(1);
    expect(llm.calls).toBe(3);
  });

  it(`fails after ${MAX_ATTEMPTS} attempts with the reason and refunds the tokens`, async () => {
    llm.failures = 100;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'failed', usedTokens: 0, reason: 'The summarising model had a server error (5xx).' });
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('fails at once with a refund when the linked document is gone', async () => {
    harness.store.failNextWith(new DocNotFoundError('gone'));
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'failed', reason: expect.stringContaining('no longer exists') });
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('once the block is written, keeps trying to settle until it can, and never refunds the mail', async () => {
    // Settling fails (the ledger is unreachable) longer than the mail has attempts.
    let ledgerDown = true;
    const appendOutcome = harness.ledger.appendOutcome.bind(harness.ledger);
    harness.ledger.appendOutcome = (...args) => (ledgerDown ? Promise.reject(new Error('connection refused')) : appendOutcome(...args));
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt += 1) await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', writtenAt: expect.any(Date) });
    expect(harness.ledger.entries.map((entry) => entry.kind)).toEqual(['admin_grant', 'reserve']);
    ledgerDown = false;
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', usedTokens: 1 });
    expect(harness.store.docs.get(harness.externalId)?.blocks).toHaveLength(1);
    expect(harness.ledger.entries.map((entry) => entry.kind)).toEqual(['admin_grant', 'reserve', 'settle']);
  });

  it('does not ask the model again when only the write has to be retried', async () => {
    harness.store.failNextWith(new DocStoreUnavailableError('503'));
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processing');
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    expect(llm.calls).toBe(1);
  });

  it('holds the mail when the tokens do not cover it, and a second run leaves it held', async () => {
    await harness.ledger.withLockedBalance(OWNER, (locked) =>
      locked.append({ sourceKey: 'spend', kind: 'reserve', subscriptionDelta: 0, additionalDelta: -5, tokens: 5, description: 'x', payedUsdCents: 0, relatedKey: null }),
    );
    await harness.process.execute('mail-1');
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'held', reason: expect.stringContaining('needs 1 token') });
    expect(harness.store.docs.get(harness.externalId)?.blocks).toHaveLength(0);
  });

  it('writes a mail that would take its document past the threshold into a new part, and says so as the reason', async () => {
    const doc = harness.store.docs.get(harness.externalId);
    doc?.blocks.push({ heading: 'Old', meta: 'x', body: 'y'.repeat(905_000) });
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', reason: expect.stringContaining('starts Invoices (2)') });
    const next = [...harness.store.docs].find(([, candidate]) => candidate.title === 'Invoices (2)');
    expect(next?.[1].blocks).toHaveLength(1);
    expect(doc?.blocks).toHaveLength(1);
    expect(harness.store.notes.get(harness.externalId)?.text).toBe(`Continued in Invoices (2): ${harness.store.urlOf(next?.[0] ?? '')}`);
  });

  it('waits for the next minute when the user\'s write budget is spent, without counting an attempt', async () => {
    let budget = 0;
    harness = await processMailHarness({ llm, limiter: { tryAcquire: () => Promise.resolve(budget-- > 0 ? { ok: true } : { ok: false, retryAfterSeconds: 12 }) } });
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 0 });
    expect(harness.queue.enqueued.at(-1)).toEqual({ messageId: 'mail-1', delaySeconds: 12 });
    budget = 1;
    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
  });

  it('under SENDER_AUTH=report processes mail whose domain failed DMARC, and says so', async () => {
    harness = await processMailHarness({ llm, senderAuthenticator: verdictOf('fail') });
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', reason: "Processed, but the sender's domain failed DMARC/DKIM checks (test verdict fail)." });
  });

  it('under SENDER_AUTH=enforce ignores mail whose domain failed DMARC, at no cost', async () => {
    harness = await processMailHarness({ llm, senderAuthenticator: verdictOf('fail'), config: testConfig({ SENDER_AUTH: 'enforce' }) });
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'ignored', reason: expect.stringContaining('failed DMARC/DKIM') });
    expect((await harness.ledger.balanceOf(OWNER)).additionalTokens).toBe(5);
  });

  it('ignores mail for a document deleted meanwhile', async () => {
    await harness.documents.delete(OWNER, DOC);
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'ignored', reason: expect.stringContaining('deleted') });
  });
});
