import { describe, expect, it } from 'vitest';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { DOC, OWNER, processMailHarness } from '../../support/process-mail-harness.js';

describe('writing into the tab the document settings chose', () => {
  it('writes into the chosen tab, with no note on the mail', async () => {
    const harness = await processMailHarness({ llm: new OfflineSummariser() });
    await harness.documents.update(OWNER, DOC, { tabId: 't.invoices' });

    await harness.process.execute('mail-1');

    expect(harness.store.writtenTabs).toEqual(['t.invoices']);
    expect(harness.messages.rows.get('mail-1')).toMatchObject({ status: 'processed', reason: null });
  });

  it('writes with no tab (the first) when none was chosen', async () => {
    const harness = await processMailHarness({ llm: new OfflineSummariser() });

    await harness.process.execute('mail-1');

    expect(harness.store.writtenTabs).toEqual([null]);
  });

  it('says on the mail that its summary went to the first tab when the chosen tab is gone', async () => {
    const harness = await processMailHarness({ llm: new OfflineSummariser() });
    harness.store.missingTabs.add('t.deleted');
    await harness.documents.update(OWNER, DOC, { tabId: 't.deleted' });

    await harness.process.execute('mail-1');

    expect(harness.messages.rows.get('mail-1')).toMatchObject({ status: 'processed', reason: expect.stringContaining('The tab chosen for this document is gone: this summary went to the first tab.') });
    expect(harness.store.docs.get(harness.externalId)?.blocks).toHaveLength(1);
  });
});
