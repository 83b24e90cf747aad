import type { docs_v1 } from '@googleapis/docs';
import { describe, expect, it } from 'vitest';
import { blockMarker, blockRequests, type Placement } from '../../../src/modules/documents/infra/google-docs.requests.js';

const LINK = 'https://app.test/dashboard/doc/d-1?mail=m-1';
const block = {
  heading: 'Contract',
  meta: 'From Jane <jane@acme.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a\nAttachments: contract.pdf (read, 3 pages)',
  body: 'Jane sent the contract.\n\nKey points:\n• Three-year term\n• Price fixed\n\nAction items:\n• Sign and return the contract',
  link: LINK,
};

/** The document's text after the batch's insert, and what a request's range covers in it. */
function textAfter(requests: docs_v1.Schema$Request[], before = '\n'): { text: string; covered: (range: docs_v1.Schema$Range | undefined) => string } {
  const insert = requests[0]?.insertText;
  const at = (insert?.location?.index ?? 1) - 1;
  const text = before.slice(0, at) + (insert?.text ?? '') + before.slice(at);
  return { text, covered: (range) => text.slice((range?.startIndex ?? 0) - 1, (range?.endIndex ?? 0) - 1) };
}

const kinds = (requests: docs_v1.Schema$Request[]) => requests.map((request) => Object.keys(request)[0]);

describe('a rich block as Google Docs requests', () => {
  const requests = blockRequests(block, { at: 'beginning' }, blockMarker(block));
  const { text, covered } = textAfter(requests);

  it('writes the items without the "• " characters, each its own paragraph, and the link line last', () => {
    expect(text).toBe(
      [
        'Contract',
        block.meta.split('\n')[0],
        'Attachments: contract.pdf (read, 3 pages)',
        'Jane sent the contract.',
        '',
        'Key points:',
        'Three-year term',
        'Price fixed',
        '',
        'Action items:',
        'Sign and return the contract',
        'Open in Mailscribe',
        // The blank paragraph after the block, then the document's own final newline.
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('makes the key points a bulleted list and the action items a checklist, over their items only', () => {
    const bullets = requests.flatMap((request) => (request.createParagraphBullets ? [request.createParagraphBullets] : []));
    expect(bullets.map((bullet) => [covered(bullet.range), bullet.bulletPreset])).toEqual([
      ['Three-year term\nPrice fixed', 'BULLET_DISC_CIRCLE_SQUARE'],
      ['Sign and return the contract', 'BULLET_CHECKBOX'],
    ]);
  });

  it('bolds the section labels and the attachments label, and nothing else', () => {
    const bold = requests.flatMap((request) => (request.updateTextStyle?.textStyle?.bold ? [covered(request.updateTextStyle.range)] : []));
    expect(bold).toEqual(['Attachments:', 'Key points:', 'Action items:']);
  });

  it('styles every meta line as metadata (italic grey)', () => {
    const meta = requests.flatMap((request) => (request.updateTextStyle?.textStyle?.italic ? [covered(request.updateTextStyle.range)] : []));
    expect(meta).toEqual(block.meta.split('\n'));
  });

  it('links the small "Open in Mailscribe" line to the mail\'s row', () => {
    const link = requests.find((request) => request.updateTextStyle?.textStyle?.link);
    expect(covered(link?.updateTextStyle?.range)).toBe('Open in Mailscribe');
    expect(link?.updateTextStyle?.textStyle?.link?.url).toBe(LINK);
    expect(link?.updateTextStyle?.textStyle?.fontSize?.magnitude).toBeLessThan(11);
  });

  it('is one batch: the insert first, the bullets after every paragraph style, the marker last', () => {
    const order = kinds(requests);
    expect(order[0]).toBe('insertText');
    expect(order.lastIndexOf('updateParagraphStyle')).toBeLessThan(order.indexOf('createParagraphBullets'));
    expect(order.at(-1)).toBe('createNamedRange');
    expect(covered(requests.at(-1)?.createNamedRange?.range)).toBe(text.slice(0, text.indexOf('Open in Mailscribe') + 'Open in Mailscribe'.length));
  });

  it('keeps the marker of the block\'s text: the link is not part of it', () => {
    expect(blockMarker(block)).toBe(blockMarker({ heading: block.heading, meta: block.meta, body: block.body }));
  });

  it('at the end, never puts a list over the body\'s final newline when the block ends with an item', () => {
    const before = 'Intro\n';
    const placement: Placement = { at: 'end', index: 6, lead: '\n\n' };
    const unlinked = { heading: block.heading, meta: block.meta, body: block.body };
    const atEnd = blockRequests(unlinked, placement);
    const after = textAfter(atEnd, before);
    const checklist = atEnd.find((request) => request.createParagraphBullets?.bulletPreset === 'BULLET_CHECKBOX');
    expect(after.covered(checklist?.createParagraphBullets?.range)).toBe('Sign and return the contract');
    // The last 1-based index is the final newline's: the range ends before it.
    expect(checklist?.createParagraphBullets?.range?.endIndex).toBe(after.text.length);
    expect(after.text.endsWith('Sign and return the contract\n')).toBe(true);
  });

  it('writes a plain block (no lists, no link) as before: no bullets, no bold, no link', () => {
    const plain = blockRequests({ heading: 'Hi', meta: 'From a', body: 'One.\n\nTwo.' }, { at: 'beginning' });
    expect(textAfter(plain).text).toBe('Hi\nFrom a\nOne.\n\nTwo.\n\n\n');
    expect(kinds(plain)).not.toContain('createParagraphBullets');
    expect(plain.some((request) => request.updateTextStyle?.textStyle?.bold || request.updateTextStyle?.textStyle?.link)).toBe(false);
  });
});
