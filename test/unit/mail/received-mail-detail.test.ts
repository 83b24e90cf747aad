import { beforeEach, describe, expect, it } from 'vitest';
import { ReceivedMails } from '../../../src/modules/mail/application/received-mails.use-case.js';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { appErrorCodeOf } from '../../support/rejections.js';
import { FixedMailParser } from '../../support/fakes/in-memory-mail.js';
import { DOC, OWNER, processMailHarness, type ProcessMailHarness } from '../../support/process-mail-harness.js';

describe('a received mail’s panel', () => {
  let harness: ProcessMailHarness;
  let mails: ReceivedMails;

  beforeEach(async () => {
    harness = await processMailHarness({ llm: new OfflineSummariser(), parser: new FixedMailParser() });
    mails = harness.container.resolve(ReceivedMails);
  });

  it('shows the block the pipeline wrote, in parts, and links to it in the document', async () => {
    await harness.process.execute('mail-1');
    const [written] = harness.store.docs.get(harness.externalId)?.blocks ?? [];
    const detail = await mails.detail(OWNER, DOC, 'mail-1');

    expect(detail.status).toBe('processed');
    expect(detail.block?.heading).toBe(written?.heading);
    expect(detail.block?.meta.join('\n')).toBe(written?.meta);
    expect(detail.block?.summary.length).toBeGreaterThan(0);
    expect(detail.documentUrl).toBe(`https://docs.test/${harness.externalId}#ref-mail1`);
  });

  it('has no block and no link for a mail that was not written', async () => {
    await harness.messages.finish('mail-1', { status: 'failed', reason: 'The model refused.' });
    expect(await mails.detail(OWNER, DOC, 'mail-1')).toMatchObject({ status: 'failed', block: null, documentUrl: null, action: { kind: 'retry' } });
  });

  it('finds no mail of another owner’s document, nor one the document does not have', async () => {
    expect(await appErrorCodeOf(mails.detail('someone-else', DOC, 'mail-1'))).toBe('DOCUMENT.NOT_FOUND');
    expect(await appErrorCodeOf(mails.detail(OWNER, DOC, 'mail-404'))).toBe('MAIL.NOT_FOUND');
  });
});
