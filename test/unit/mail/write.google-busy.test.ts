import { describe, expect, it, vi } from 'vitest';
import { DocStoreBusyError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { noMailMetrics } from '../../../src/modules/mail/application/ports/mail-metrics.port.js';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { processMailHarness } from '../../support/process-mail-harness.js';

/** Google's 429 (docs/architecture.md, "Write once"): the mail waits, as for a full budget, and no attempt is spent. */
describe('a mail whose write Google refuses for its rate limit', () => {
  const setUp = async () => {
    const failedWrites = { count: 0 };
    const metrics = { ...noMailMetrics, docWriteFailed: () => void (failedWrites.count += 1) };
    const harness = await processMailHarness({ llm: new OfflineSummariser(), metrics });
    const row = () => harness.messages.rows.get('mail-1');
    const blocks = () => harness.store.docs.get(harness.externalId)?.blocks ?? [];
    return { harness, row, blocks, failedWrites };
  };

  it('waits for the time Google asks when the write is refused, with no attempt counted, then is written once', async () => {
    const { harness, row, blocks, failedWrites } = await setUp();
    vi.spyOn(harness.store, 'write').mockRejectedValueOnce(new DocStoreBusyError('429 RESOURCE_EXHAUSTED', 60));

    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 0, writtenAt: null });
    expect(harness.queue.enqueued.at(-1)).toEqual({ messageId: 'mail-1', delaySeconds: 60 });
    expect(blocks()).toHaveLength(0);
    expect(failedWrites.count).toBe(0);

    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processed', attempts: 0, usedTokens: 1 });
    expect(blocks()).toHaveLength(1);
  });

  it('waits too when the read before the write is refused', async () => {
    const { harness, row, blocks } = await setUp();
    harness.store.failNextWith(new DocStoreBusyError('429 RESOURCE_EXHAUSTED', 7));

    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 0 });
    expect(harness.queue.enqueued.at(-1)).toEqual({ messageId: 'mail-1', delaySeconds: 7 });

    await harness.process.execute('mail-1');
    expect(row()?.status).toBe('processed');
    expect(blocks()).toHaveLength(1);
  });

  it('never fails however often Google refuses, while an outage still counts attempts', async () => {
    const { harness, row } = await setUp();
    const write = vi.spyOn(harness.store, 'write').mockRejectedValue(new DocStoreBusyError('429 RESOURCE_EXHAUSTED', 60));
    for (let run = 0; run < 10; run += 1) await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 0 });

    write.mockRejectedValue(new DocStoreUnavailableError('503'));
    await harness.process.execute('mail-1');
    expect(row()).toMatchObject({ status: 'processing', attempts: 1, reason: expect.stringContaining('Google Docs is not answering') });
  });
});
