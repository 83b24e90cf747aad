import type { docs_v1 } from '@googleapis/docs';
import { describe, expect, it } from 'vitest';
import {
  blockMarker,
  blockRequests,
  endPlacement,
  hasBlockMarker,
  introRequests,
  plainText,
  textLines,
  textOf,
} from '../../../src/modules/documents/infra/google-docs.requests.js';

const GREY = { color: { rgbColor: { red: 0.4, green: 0.4, blue: 0.4 } } };

function aDocument(paragraphs: string[]): docs_v1.Schema$Document {
  const content: docs_v1.Schema$StructuralElement[] = [{ endIndex: 1, sectionBreak: {} }];
  let index = 1;
  for (const text of paragraphs) {
    const withNewline = `${text}\n`;
    content.push({
      startIndex: index,
      endIndex: index + withNewline.length,
      paragraph: { elements: [{ startIndex: index, endIndex: index + withNewline.length, textRun: { content: withNewline } }] },
    });
    index += withNewline.length;
  }
  return { revisionId: 'rev-1', body: { content } };
}

function rangesOf(requests: docs_v1.Schema$Request[]): Record<string, unknown>[] {
  return requests.map((request) => {
    const [kind, args] = Object.entries(request)[0] ?? [];
    const { range, location, text, paragraphStyle, textStyle } = (args ?? {}) as Record<string, unknown>;
    return { kind, ...(range ? { range } : {}), ...(location ? { location, text } : {}), ...(paragraphStyle ? { paragraphStyle } : {}), ...(textStyle ? { textStyle } : {}) };
  });
}

describe('plainText', () => {
  it('removes what Google would strip, so no index shifts after sending', () => {
    expect(plainText('a\u0000b\u0007c\u000Cd\u001Fe\uE000f')).toBe('abcdef');
  });

  it('keeps tabs, newlines, Polish letters and characters outside the BMP', () => {
    expect(plainText('Zażółć\tgęślą\njaźń 🎉 𝒳')).toBe('Zażółć\tgęślą\njaźń 🎉 𝒳');
  });

  it('turns CRLF and lone CR into newlines', () => {
    expect(plainText('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('replaces a lone surrogate with the replacement character, keeping the length', () => {
    expect(plainText('a\uD83Cb\uDF89c')).toBe('a\uFFFDb\uFFFDc');
  });
});

describe('textLines', () => {
  it('keeps one blank line between paragraphs and drops blank lines around the text', () => {
    expect(textLines('\n\nOne  \n\n\n\nTwo\nThree\n\n')).toEqual(['One', '', 'Two', 'Three']);
  });
});

describe('introRequests', () => {
  it('inserts the intro at the start of the new document', () => {
    expect(introRequests('Hello\r\nthere\n')).toEqual([{ insertText: { location: { index: 1 }, text: 'Hello\nthere' } }]);
  });

  it('asks for nothing when there is no intro', () => {
    expect(introRequests('  \n')).toEqual([]);
  });
});

describe('endPlacement', () => {
  it('writes into an empty document from its first index, with no blank line before', () => {
    expect(endPlacement(aDocument(['']))).toEqual({ at: 'end', index: 1, lead: '' });
  });

  it('ends the last paragraph and adds a blank one when the document ends with text', () => {
    expect(endPlacement(aDocument(['Intro']))).toEqual({ at: 'end', index: 6, lead: '\n\n' });
  });

  it('uses an empty last paragraph as the blank line', () => {
    expect(endPlacement(aDocument(['Intro', '']))).toEqual({ at: 'end', index: 7, lead: '\n' });
  });
});

describe('blockRequests', () => {
  const block = { heading: 'Hi', meta: 'M', body: 'B' };

  it('at the beginning: the block then a blank paragraph from index 1, each paragraph styled', () => {
    expect(rangesOf(blockRequests(block, { at: 'beginning' }))).toEqual([
      { kind: 'insertText', location: { index: 1 }, text: 'Hi\nM\nB\n\n' },
      { kind: 'deleteParagraphBullets', range: { startIndex: 1, endIndex: 9 } },
      { kind: 'updateParagraphStyle', range: { startIndex: 1, endIndex: 4 }, paragraphStyle: { namedStyleType: 'HEADING_2' } },
      { kind: 'updateParagraphStyle', range: { startIndex: 4, endIndex: 8 }, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } },
      { kind: 'updateParagraphStyle', range: { startIndex: 8, endIndex: 9 }, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } },
      { kind: 'updateTextStyle', range: { startIndex: 1, endIndex: 9 }, textStyle: {} },
      { kind: 'updateTextStyle', range: { startIndex: 4, endIndex: 5 }, textStyle: { italic: true, foregroundColor: GREY } },
    ]);
  });

  it('at the end: a blank paragraph then the block, before the final newline, which keeps its text style', () => {
    // "Intro\n": the body's final newline is at index 6.
    expect(rangesOf(blockRequests(block, { at: 'end', index: 6, lead: '\n\n' }))).toEqual([
      { kind: 'insertText', location: { index: 6 }, text: '\n\nHi\nM\nB' },
      { kind: 'deleteParagraphBullets', range: { startIndex: 7, endIndex: 15 } },
      { kind: 'updateParagraphStyle', range: { startIndex: 8, endIndex: 11 }, paragraphStyle: { namedStyleType: 'HEADING_2' } },
      { kind: 'updateParagraphStyle', range: { startIndex: 11, endIndex: 15 }, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } },
      { kind: 'updateParagraphStyle', range: { startIndex: 7, endIndex: 8 }, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } },
      { kind: 'updateTextStyle', range: { startIndex: 7, endIndex: 14 }, textStyle: {} },
      { kind: 'updateTextStyle', range: { startIndex: 11, endIndex: 12 }, textStyle: { italic: true, foregroundColor: GREY } },
    ]);
  });

  it('counts UTF-16 code units, as Google does: an emoji is two', () => {
    const requests = rangesOf(blockRequests({ heading: 'Ż🎉', meta: 'ą😀', body: '' }, { at: 'beginning' }));

    expect(requests).toContainEqual({ kind: 'updateParagraphStyle', range: { startIndex: 1, endIndex: 5 }, paragraphStyle: { namedStyleType: 'HEADING_2' } });
    expect(requests).toContainEqual({ kind: 'updateTextStyle', range: { startIndex: 5, endIndex: 8 }, textStyle: { italic: true, foregroundColor: GREY } });
  });

  it('keeps the heading on one line, each meta line on its own, and names a missing subject', () => {
    const [insert] = blockRequests({ heading: ' \n', meta: 'From a  \n\n Forwarded\tby b', body: '' }, { at: 'beginning' });

    expect(insert?.insertText?.text).toBe('(no subject)\nFrom a\nForwarded by b\n\n');
  });

  it('names the block with its marker in the same batch: from the heading to the end of its text', () => {
    expect(rangesOf(blockRequests(block, { at: 'beginning' }, 'mailscribe-block-1')).at(-1)).toEqual({ kind: 'createNamedRange', range: { startIndex: 1, endIndex: 7 } });
    expect(blockRequests(block, { at: 'end', index: 6, lead: '\n\n' }, 'mailscribe-block-1').at(-1)).toEqual({
      createNamedRange: { name: 'mailscribe-block-1', range: { startIndex: 8, endIndex: 14 } },
    });
    expect(blockRequests(block, { at: 'beginning' }).some((request) => request.createNamedRange)).toBe(false);
  });

  it('leaves out an empty meta line and its style', () => {
    const requests = blockRequests({ heading: 'Hi', meta: '', body: 'B' }, { at: 'beginning' });

    expect(requests[0]?.insertText?.text).toBe('Hi\nB\n\n');
    expect(requests.filter((request) => request.updateTextStyle)).toHaveLength(1);
  });

  it('clears links and every other inherited text style on the block', () => {
    const reset = blockRequests(block, { at: 'beginning' }).find((request) => request.updateTextStyle?.textStyle && Object.keys(request.updateTextStyle.textStyle).length === 0);

    expect(reset?.updateTextStyle?.fields?.split(',')).toEqual(expect.arrayContaining(['link', 'bold', 'italic', 'underline', 'foregroundColor']));
  });
});

describe('blockMarker', () => {
  const block = { heading: 'Hi', meta: 'From a · ref 0123456789ab', body: 'B' };

  it('is the same for every attempt at one block and differs between blocks', () => {
    expect(blockMarker({ ...block })).toBe(blockMarker(block));
    expect(blockMarker({ ...block, meta: 'From a · ref 0123456789ac' })).not.toBe(blockMarker(block));
    expect(blockMarker({ ...block, body: 'B.' })).not.toBe(blockMarker(block));
    // Fields are kept apart: moving a character from one to the next is another block.
    expect(blockMarker({ heading: 'Hi', meta: 'X', body: 'YZ' })).not.toBe(blockMarker({ heading: 'Hi', meta: 'XY', body: 'Z' }));
  });

  it('is a valid named range name (1 to 256 characters)', () => {
    expect(blockMarker(block)).toMatch(/^mailscribe-block-[0-9a-f]{32}$/);
  });
});

describe('hasBlockMarker', () => {
  it('finds a marker among the named ranges of a document, and none in a document without any', () => {
    const marked: docs_v1.Schema$Document = { namedRanges: { 'mailscribe-block-1': { name: 'mailscribe-block-1', namedRanges: [] } } };

    expect(hasBlockMarker(marked, 'mailscribe-block-1')).toBe(true);
    expect(hasBlockMarker(marked, 'mailscribe-block-2')).toBe(false);
    expect(hasBlockMarker({}, 'mailscribe-block-1')).toBe(false);
  });
});

describe('textOf', () => {
  it('concatenates the text runs of paragraphs and table cells in order', () => {
    const doc = aDocument(['Before']);
    doc.body?.content?.push({ table: { tableRows: [{ tableCells: [{ content: aDocument(['Cell']).body?.content?.slice(1) ?? [] }] }] } });

    expect(textOf(doc)).toBe('Before\nCell\n');
  });
});
