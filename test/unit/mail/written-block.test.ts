import { describe, expect, it } from 'vitest';
import { composeBlock } from '../../../src/modules/mail/domain/mail-block.js';
import { historyReason } from '../../../src/modules/mail/domain/status-history.js';
import { blockParts } from '../../../src/modules/mail/application/block-parts.js';
import { summaryBlock } from '../../../src/modules/summarization/domain/summary-block.js';

const RECEIVED = new Date('2026-11-28T18:00:00Z');

describe('a kept block read back into its parts', () => {
  it('gives the heading, the meta lines in order, the summary paragraphs, the key points and the action items as written', () => {
    const body = summaryBlock({ title: 'Contract', summary: 'Jane sent the contract.\n\nShe needs it signed.', keyPoints: ['Three-year term', 'Price fixed'], actionItems: ['Sign and return the contract'] });
    const block = composeBlock({
      messageId: '0f9e8d7c-6b5a-4321-9876-543210fedcba',
      mail: {
        subject: 'Contract',
        sender: { address: 'jane@acme.example', name: 'Jane' },
        date: null,
        dateText: null,
        forwardedBy: { address: 'bob@example.com', name: 'Bob', note: 'FYI' },
        body: 'Text.',
        kind: 'message',
        attachments: [{ name: 'contract.pdf', status: 'read', reason: null, pages: 3, text: 'Contract' }],
      },
      receivedAt: RECEIVED,
      body,
      cut: 'Read the first 100,000 characters of 195,409.',
    });
    const parts = blockParts(block);
    expect(parts).toEqual({
      heading: 'Contract',
      meta: block.meta.split('\n'),
      summary: ['Jane sent the contract.', 'She needs it signed.'],
      keyPoints: ['Three-year term', 'Price fixed'],
      actionItems: ['Sign and return the contract'],
    });
    expect(parts.meta).toHaveLength(4);
    expect(parts.meta[0]).toMatch(/^From Jane <jane@acme\.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a$/);
    expect(parts.meta[1]).toBe('Forwarded by Bob <bob@example.com>: FYI');
    expect(parts.meta[3]).toBe('Read the first 100,000 characters of 195,409.');
  });

  it('has empty lists for sections a block leaves out', () => {
    expect(blockParts({ heading: 'Hi', meta: 'From a@example.com', body: 'Only a summary.' })).toEqual({ heading: 'Hi', meta: ['From a@example.com'], summary: ['Only a summary.'], keyPoints: [], actionItems: [] });
  });

  it('keeps the action items when there are no key points, and a cut last item as it is', () => {
    const parts = blockParts({ heading: 'Hi', meta: 'From a@example.com', body: 'Summary.\n\nAction items:\n• Pay the invoice\n• Call the bank about the…' });
    expect(parts.keyPoints).toEqual([]);
    expect(parts.actionItems).toEqual(['Pay the invoice', 'Call the bank about the…']);
  });
});

describe('the reason shown with a status change', () => {
  const at = RECEIVED;
  it('is the recorded reason when there is one', () => {
    expect(historyReason({ status: 'held', reason: 'Not enough tokens.', at, from: 'processing' })).toBe('Not enough tokens.');
  });

  it('says what put a mail back in line', () => {
    expect(historyReason({ status: 'received', reason: null, at, from: 'failed' })).toBe('Retried.');
    expect(historyReason({ status: 'received', reason: null, at, from: 'held' })).toBe('Tokens or a plan became available: back in line.');
    expect(historyReason({ status: 'received', reason: null, at, from: 'ignored' })).toBe('Its sender was allowed: back in line.');
  });

  it('is null for the arrival and for a run starting', () => {
    expect(historyReason({ status: 'received', reason: null, at, from: null })).toBeNull();
    expect(historyReason({ status: 'processing', reason: null, at, from: 'received' })).toBeNull();
  });
});
