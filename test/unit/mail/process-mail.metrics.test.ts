import { beforeEach, describe, expect, it } from 'vitest';
import { DocNotFoundError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { noMailEvents } from '../../../src/modules/mail/application/ports/mail-events.port.js';
import type { MailMetrics, MailOutcome } from '../../../src/modules/mail/application/ports/mail-metrics.port.js';
import { ReceiveMail } from '../../../src/modules/mail/application/receive-mail.use-case.js';
import { LlmFailedError, LlmUnavailableError, OfflineSummariser, type Llm } from '../../../src/modules/summarization/index.js';
import { ADDRESS, DOC, OWNER, processMailHarness, type ProcessMailHarness } from '../../support/process-mail-harness.js';

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
  let metrics: RecordingMailMetrics;
  let llm: ScriptedLlm;
  let harness: ProcessMailHarness;

  beforeEach(async () => {
    metrics = new RecordingMailMetrics();
    llm = new ScriptedLlm();
    harness = await processMailHarness({ llm, metrics });
  });

  it('reports a processed mail once, with its duration and the model tokens, and nothing for a repeated job', async () => {
    await harness.process.execute('mail-1');
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['processed']);
    expect(metrics.finished[0]?.seconds).toBeGreaterThanOrEqual(0);
    expect(metrics.tokens.input).toBeGreaterThan(0);
    expect(metrics.tokens.output).toBeGreaterThan(0);
    expect(metrics.docWriteFailures).toBe(0);
  });

  it('reports no outcome for a run that only schedules a retry, then the outcome of the run that ends it', async () => {
    llm.next = [new LlmUnavailableError('503')];
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual([]);
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['processed']);
  });

  it('counts a failed document write, and asks the model only once for it', async () => {
    harness.store.failNextWith(new DocStoreUnavailableError('503'));
    await harness.process.execute('mail-1');
    const tokensAfterFirstRun = { ...metrics.tokens };
    await harness.process.execute('mail-1');
    expect(metrics.docWriteFailures).toBe(1);
    expect(metrics.outcomes()).toEqual(['processed']);
    expect(metrics.tokens).toEqual(tokensAfterFirstRun);
  });

  it('reports failed for a permanent failure, both from the model and from the document', async () => {
    llm.next = [new LlmFailedError('refused')];
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['failed']);
    expect(metrics.docWriteFailures).toBe(0);

    await harness.storeMail('mail-2');
    harness.store.failNextWith(new DocNotFoundError('gone'));
    await harness.process.execute('mail-2');
    expect(metrics.outcomes()).toEqual(['failed', 'failed']);
    expect(metrics.docWriteFailures).toBe(1);
  });

  it('reports held when the tokens do not cover the mail', async () => {
    await harness.ledger.withLockedBalance(OWNER, (locked) =>
      locked.append({ sourceKey: 'spend', kind: 'reserve', subscriptionDelta: 0, additionalDelta: -5, tokens: 5, description: 'x', payedUsdCents: 0, relatedKey: null }),
    );
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['held']);
  });

  it('reports ignored for a mail whose document was deleted meanwhile', async () => {
    await harness.documents.delete(OWNER, DOC);
    await harness.process.execute('mail-1');
    expect(metrics.outcomes()).toEqual(['ignored']);
  });

  it('counts received mail once stored, one per document addressed', async () => {
    const receive = new ReceiveMail(harness.documents, harness.messages, { ...harness.config, INBOUND_DOMAIN: 'in.example.com' }, harness.logger, metrics, noMailEvents);
    const envelope = { mailFrom: 'a@example.com', recipients: [ADDRESS, ADDRESS.toUpperCase()], remoteAddress: '127.0.0.1', heloName: 'x' };
    expect(await receive.resolveRecipient('nobody@in.example.com')).toBeNull();
    const recipient = await receive.resolveRecipient(ADDRESS);
    expect(recipient).toEqual({ documentId: DOC, ownerId: OWNER });
    expect(metrics.received).toBe(0);
    await receive.receive({ envelope, raw: Buffer.from('raw'), recipients: [recipient!, recipient!] });
    expect(metrics.received).toBe(1);
  });
});
