/** A block as written into the document (`composeBlock`), kept with the mail's record. */
export interface WrittenBlock {
  heading: string;
  /** The meta lines joined by newlines. */
  meta: string;
  /** The summary body (summarization's `summaryBlock`): paragraphs, then "Key points:" and "Action items:" lists. */
  body: string;
}

/** A kept block read back into its parts, for the mail's panel. */
export interface BlockParts {
  heading: string;
  meta: string[];
  summary: string[];
  keyPoints: string[];
  actionItems: string[];
}

const SECTIONS = { 'Key points:': 'keyPoints', 'Action items:': 'actionItems' } as const;
const BULLET = '• ';

/**
 * The parts of a kept block. The body is `summaryBlock`'s layout: summary paragraphs separated by blank
 * lines, then sections that start with their heading line and list one "• " item a line. A body cut at
 * its length cap ends mid-item or mid-paragraph: what is there is kept as it is.
 */
export function blockParts(block: WrittenBlock): BlockParts {
  const parts: BlockParts = { heading: block.heading, meta: block.meta.split('\n').filter((line) => line.trim() !== ''), summary: [], keyPoints: [], actionItems: [] };
  let list: 'keyPoints' | 'actionItems' | null = null;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) parts.summary.push(paragraph.join('\n'));
    paragraph = [];
  };
  for (const line of block.body.split('\n')) {
    const heading = SECTIONS[line.trim() as keyof typeof SECTIONS];
    if (heading) {
      endParagraph();
      list = heading;
    } else if (list) {
      if (line.startsWith(BULLET)) parts[list].push(line.slice(BULLET.length).trim());
      else if (line.trim() !== '') {
        // A line of a list that is not an item (never written so; kept rather than lost) continues the last item.
        const items = parts[list];
        if (items.length === 0) items.push(line.trim());
        else items[items.length - 1] = `${items[items.length - 1]} ${line.trim()}`;
      }
    } else if (line.trim() === '') endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return parts;
}
