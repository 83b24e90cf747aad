import type { docs_v1 } from '@googleapis/docs';
import type { DocNote } from '../application/ports/doc-store.port.js';
import { plainText, type Placement } from './google-docs.requests.js';

const TEXT_STYLE_RESET = 'bold,italic,underline,strikethrough,smallCaps,backgroundColor,foregroundColor,fontSize,weightedFontFamily,baselineOffset,link';

/**
 * A note as the document's last paragraph (one batchUpdate): plain text, the whole line a link. The
 * paragraph would otherwise keep the style (heading, bullet) of the one it is added after.
 */
export function noteRequests(note: DocNote, placement: Extract<Placement, { at: 'end' }>): docs_v1.Schema$Request[] {
  const text = plainText(note.text).replace(/\s+/g, ' ').trim();
  const start = placement.index + placement.lead.length;
  const end = start + text.length;
  const range = { startIndex: start, endIndex: end };
  return [
    { insertText: { location: { index: placement.index }, text: placement.lead + text } },
    { deleteParagraphBullets: { range } },
    { updateParagraphStyle: { range, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' }, fields: 'namedStyleType' } },
    { updateTextStyle: { range, textStyle: { link: { url: note.url } }, fields: TEXT_STYLE_RESET } },
  ];
}
