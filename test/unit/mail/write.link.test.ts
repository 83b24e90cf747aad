import { describe, expect, it } from 'vitest';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { mailRowLink } from '../../../src/modules/mail/domain/mail-block.js';
import { testConfig } from '../../support/test-config.js';
import { DOC, processMailHarness } from '../../support/process-mail-harness.js';

describe('the link from a written block back to its mail', () => {
  it('is the document page with the mail\'s panel open, under the public URL', () => {
    expect(mailRowLink('https://mailscribe.example/', 'doc-1', 'mail 1')).toBe('https://mailscribe.example/dashboard/doc/doc-1?mail=mail%201');
  });

  it('goes with the block the store writes, while the block kept with the mail stays heading, meta and body', async () => {
    const harness = await processMailHarness({ llm: new OfflineSummariser(), config: testConfig({ PUBLIC_URL: 'https://mailscribe.example' }) });

    await harness.process.execute('mail-1');

    const [written] = harness.store.docs.get(harness.externalId)?.blocks ?? [];
    expect(written?.link).toBe(`https://mailscribe.example/dashboard/doc/${DOC}?mail=mail-1`);
    const kept = harness.messages.blocks.get('mail-1');
    expect(kept).toEqual({ heading: written?.heading, meta: written?.meta, body: written?.body });
  });
});
