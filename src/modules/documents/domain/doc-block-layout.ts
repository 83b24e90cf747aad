/**
 * The one model of a summary block that every document store renders (docs/architecture.md, "Document
 * stores"): Google Docs as styled paragraphs with real lists, the local document as HTML. It is read from
 * the block's text (heading, meta lines, body), so a block kept before this model existed reads the same.
 */

/** What a block is made of as text; `link` is the mail's row in the app, when the writer knows it. */
export interface BlockText {
  heading: string;
  /** Meta lines joined by newlines. */
  meta: string;
  /** The summary body: paragraphs separated by blank lines, then "Key points:" and "Action items:" lists of "• " items. */
  body: string;
  link?: string | null;
}

/** source: "From … · date · ref …"; forwarded: "Forwarded by …"; attachments: "Attachments: …"; note: anything else (the cut note). */
export type MetaKind = 'source' | 'forwarded' | 'attachments' | 'note';

export interface MetaLine {
  kind: MetaKind;
  /** The whole line. */
  text: string;
  /** The line's leading label, shown bold ("Attachments:"), or null. */
  label: string | null;
}

/** Key points are a bulleted list; action items a checklist a reader can tick. */
export type ListStyle = 'bullets' | 'checklist';

export type BlockSection =
  /** A summary paragraph; its lines are separated by "\n". */
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; style: ListStyle; label: string; items: string[] };

export interface DocBlockLayout {
  heading: string;
  meta: MetaLine[];
  sections: BlockSection[];
  /** The "Open in Mailscribe" link, or null when the block has none (blocks written before links). */
  link: { text: string; url: string } | null;
}

export const KEY_POINTS_LABEL = 'Key points:';
export const ACTION_ITEMS_LABEL = 'Action items:';
export const ATTACHMENTS_LABEL = 'Attachments:';
export const OPEN_IN_MAILSCRIBE = 'Open in Mailscribe';
/** The character summaryBlock puts before each list item; renderers show a real bullet instead. */
export const ITEM_BULLET = '• ';

const LISTS: Record<string, ListStyle> = { [KEY_POINTS_LABEL]: 'bullets', [ACTION_ITEMS_LABEL]: 'checklist' };

export function metaLineOf(text: string): MetaLine {
  if (text.startsWith('From ')) return { kind: 'source', text, label: null };
  if (text.startsWith('Forwarded by ')) return { kind: 'forwarded', text, label: null };
  if (text.startsWith(`${ATTACHMENTS_LABEL} `)) return { kind: 'attachments', text, label: ATTACHMENTS_LABEL };
  return { kind: 'note', text, label: null };
}

/**
 * The block's layout. The body is summaryBlock's text: summary paragraphs separated by blank lines, then
 * sections that start with their label line and list one "• " item a line. A body cut at its length cap
 * ends mid-item or mid-paragraph: what is there is kept as it is, and a line of a list that is not an
 * item (never written so) continues the last item rather than being lost.
 */
export function blockLayout(block: BlockText): DocBlockLayout {
  const meta = block.meta
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(metaLineOf);
  const sections: BlockSection[] = [];
  let list: Extract<BlockSection, { kind: 'list' }> | null = null;
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) sections.push({ kind: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const line of block.body.split('\n')) {
    const label = line.trim();
    const style = Object.hasOwn(LISTS, label) ? LISTS[label] : undefined;
    if (style) {
      endParagraph();
      list = { kind: 'list', style, label, items: [] };
      sections.push(list);
    } else if (list) {
      if (line.startsWith(ITEM_BULLET)) list.items.push(line.slice(ITEM_BULLET.length).trim());
      else if (label !== '') {
        const items = list.items;
        if (items.length === 0) items.push(label);
        else items[items.length - 1] = `${items[items.length - 1]} ${label}`;
      }
    } else if (label === '') endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return { heading: block.heading, meta, sections, link: block.link ? { text: OPEN_IN_MAILSCRIBE, url: block.link } : null };
}
