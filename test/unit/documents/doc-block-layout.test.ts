import { describe, expect, it } from 'vitest';
import { blockLayout, metaLineOf } from '../../../src/modules/documents/domain/doc-block-layout.js';
import { summaryBlock } from '../../../src/modules/summarization/domain/summary-block.js';

const META = [
  'From Jane <jane@acme.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a',
  'Forwarded by Bob <bob@example.com>: FYI',
  'Attachments: contract.pdf (read, 3 pages)',
  'Read the first 100,000 characters of 195,409.',
].join('\n');

describe('the block model both document stores render', () => {
  it('reads a summary block into paragraphs, a bulleted key points list and an action items checklist, without the "• " characters', () => {
    const body = summaryBlock({ title: 'Contract', summary: 'Jane sent the contract.\n\nShe needs it signed.', keyPoints: ['Three-year term', 'Price fixed'], actionItems: ['Sign and return the contract'] });

    expect(blockLayout({ heading: 'Contract', meta: META, body }).sections).toEqual([
      { kind: 'paragraph', text: 'Jane sent the contract.' },
      { kind: 'paragraph', text: 'She needs it signed.' },
      { kind: 'list', style: 'bullets', label: 'Key points:', items: ['Three-year term', 'Price fixed'] },
      { kind: 'list', style: 'checklist', label: 'Action items:', items: ['Sign and return the contract'] },
    ]);
  });

  it('gives each meta line its kind, and the attachments line its bold label', () => {
    expect(blockLayout({ heading: 'Contract', meta: `${META}\n\n`, body: '' }).meta).toEqual([
      { kind: 'source', text: META.split('\n')[0], label: null },
      { kind: 'forwarded', text: 'Forwarded by Bob <bob@example.com>: FYI', label: null },
      { kind: 'attachments', text: 'Attachments: contract.pdf (read, 3 pages)', label: 'Attachments:' },
      { kind: 'note', text: 'Read the first 100,000 characters of 195,409.', label: null },
    ]);
  });

  it('links to the mail\'s row as "Open in Mailscribe" when the block has a link, and has no link otherwise', () => {
    const url = 'https://app.example/dashboard/doc/d1?mail=m1';
    expect(blockLayout({ heading: 'H', meta: 'From a', body: 'B', link: url }).link).toEqual({ text: 'Open in Mailscribe', url });
    expect(blockLayout({ heading: 'H', meta: 'From a', body: 'B' }).link).toBeNull();
    expect(blockLayout({ heading: 'H', meta: 'From a', body: 'B', link: null }).link).toBeNull();
  });

  it('keeps what a body cut at its cap holds: a label with no item, and a cut last item as it is', () => {
    expect(blockLayout({ heading: 'H', meta: '', body: 'Summary.\n\nKey points:' }).sections).toEqual([
      { kind: 'paragraph', text: 'Summary.' },
      { kind: 'list', style: 'bullets', label: 'Key points:', items: [] },
    ]);
    expect(blockLayout({ heading: 'H', meta: '', body: 'Action items:\n• Pay the invoice\n• Call the bank about the…' }).sections).toEqual([
      { kind: 'list', style: 'checklist', label: 'Action items:', items: ['Pay the invoice', 'Call the bank about the…'] },
    ]);
  });

  it('keeps a line of a list that is not an item as the continuation of the last item, never losing it', () => {
    expect(blockLayout({ heading: 'H', meta: '', body: 'Key points:\n• First\nrest of first\n\nstray' }).sections).toEqual([
      { kind: 'list', style: 'bullets', label: 'Key points:', items: ['First rest of first stray'] },
    ]);
  });

  it('keeps the line breaks inside a summary paragraph', () => {
    expect(blockLayout({ heading: 'H', meta: '', body: 'Line one\nline two\n\nNext' }).sections).toEqual([
      { kind: 'paragraph', text: 'Line one\nline two' },
      { kind: 'paragraph', text: 'Next' },
    ]);
  });

  it('takes a line only as the kind its start names', () => {
    expect(metaLineOf('Attachments:none').kind).toBe('note');
    expect(metaLineOf('From here on').kind).toBe('source');
  });
});
