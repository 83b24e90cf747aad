import { describe, expect, it } from 'vitest';
import { BLOCK_MAX_CHARS, summaryBlock } from '../../../src/modules/summarization/domain/summary-block.js';
import type { Summary } from '../../../src/modules/summarization/domain/summary.js';

function aSummary(overrides: Partial<Summary> = {}): Summary {
  return {
    title: 'Vendor review moved',
    summary: 'Anna moved the vendor review to Thursday at 14:00.',
    keyPoints: ['Logistics costs are 18% over plan.', 'Finance joins the review.'],
    actionItems: ['Send the budget sheet by Wednesday noon.'],
    ...overrides,
  };
}

describe('summaryBlock', () => {
  it('writes the summary, then the key points, then the action items, as bullet lists', () => {
    expect(summaryBlock(aSummary())).toBe(
      [
        'Anna moved the vendor review to Thursday at 14:00.',
        '',
        'Key points:',
        '• Logistics costs are 18% over plan.',
        '• Finance joins the review.',
        '',
        'Action items:',
        '• Send the budget sheet by Wednesday noon.',
      ].join('\n'),
    );
  });

  it('leaves out empty sections, and items that are empty once cleaned', () => {
    expect(summaryBlock(aSummary({ keyPoints: [], actionItems: ['  ', '[](https://evil.example)'] }))).toBe(
      'Anna moved the vendor review to Thursday at 14:00.',
    );
  });

  it('keeps each item on one line, without the bullet or number the model put in front', () => {
    const block = summaryBlock(aSummary({ keyPoints: ['- First\nsecond line', '2. Numbered', '• Bulleted'], actionItems: [] }));
    expect(block.split('\n').slice(2)).toEqual(['Key points:', '• First second line', '• Numbered', '• Bulleted']);
  });

  it('keeps the paragraphs of a longer summary', () => {
    expect(summaryBlock(aSummary({ summary: 'First paragraph.\n\nSecond paragraph.', keyPoints: [], actionItems: [] }))).toBe(
      'First paragraph.\n\nSecond paragraph.',
    );
  });

  it('passes every part through plain text', () => {
    const block = summaryBlock(
      aSummary({
        summary: '**Moved** to [Thursday](https://cal.example/x) ![p](https://evil.example/p.png)',
        keyPoints: ['<b>Costs</b> up, see www.costs.example'],
        // (An item naming an address, even in a mailto: link, is left out whole: unsafe-action-items.test.ts.)
        actionItems: ['Reply via https://forms.example/reply'],
      }),
    );
    expect(block).toBe('Moved to Thursday\n\nKey points:\n• Costs up\n\nAction items:\n• Reply');
  });

  it('caps the whole block at a word boundary with an ellipsis', () => {
    const long = Array.from({ length: 1_000 }, (_, i) => `word${i}`).join(' ');
    const block = summaryBlock(aSummary({ summary: long }));
    expect(block.length).toBeLessThanOrEqual(BLOCK_MAX_CHARS);
    expect(block.endsWith('…')).toBe(true);
    expect(block).toMatch(/ word\d+…$/);
  });

  it('does not leave a section heading alone at the cut', () => {
    const summary = 'x'.repeat(60);
    const block = summaryBlock(aSummary({ summary, keyPoints: ['A point that will not fit'] }), 70);
    expect(block).toBe(`${summary}…`);
  });
});
