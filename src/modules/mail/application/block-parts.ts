import { blockLayout } from '../../documents/index.js';
import type { BlockParts, WrittenBlock } from '../domain/written-block.js';

/**
 * The parts of a kept block, for the mail's panel, read by the documents module's one block model (the
 * same the document stores render): summary paragraphs, then the key points and the action items.
 */
export function blockParts(block: WrittenBlock): BlockParts {
  const layout = blockLayout(block);
  const parts: BlockParts = { heading: layout.heading, meta: layout.meta.map((line) => line.text), summary: [], keyPoints: [], actionItems: [] };
  for (const section of layout.sections) {
    if (section.kind === 'paragraph') parts.summary.push(section.text);
    else parts[section.style === 'bullets' ? 'keyPoints' : 'actionItems'].push(...section.items);
  }
  return parts;
}
