import type { DocBlock } from '../application/ports/doc-store.port.js';
import { blockLayout, type BlockSection, type MetaLine } from '../domain/doc-block-layout.js';
import { blockAnchor, refOfMeta } from '../infra/local.doc-store.js';
import { escapeHtml } from '../../../platform/http/escape-html.js';

/** Each block's section is the target of its mail's "Open in document" link (`blockUrlOf`). */
const anchorOf = (meta: string) => {
  const ref = refOfMeta(meta);
  return ref ? ` id="${blockAnchor(ref)}"` : '';
};

const metaLine = (line: MetaLine) =>
  line.label && line.text.startsWith(line.label) ? `<strong>${escapeHtml(line.label)}</strong>${escapeHtml(line.text.slice(line.label.length))}` : escapeHtml(line.text);

function sectionHtml(section: BlockSection): string {
  if (section.kind === 'paragraph') return `<p>${escapeHtml(section.text).replace(/\n/g, '<br>')}</p>`;
  const label = `<p class="label"><strong>${escapeHtml(section.label)}</strong></p>`;
  if (section.items.length === 0) return label;
  // A checklist a reader can tick, as in the Google Doc; nothing is saved (the page has no script).
  const items =
    section.style === 'checklist'
      ? section.items.map((item) => `<li><label><input type="checkbox"> ${escapeHtml(item)}</label></li>`)
      : section.items.map((item) => `<li>${escapeHtml(item)}</li>`);
  return `${label}\n<ul class="${section.style}">\n${items.join('\n')}\n</ul>`;
}

/** Only a web link is rendered as one: the page never carries a `javascript:` or other scheme. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * One block of the local document as HTML, from the same block model the Google Doc is written from:
 * heading, muted meta lines (labels bold), summary paragraphs, key points as a list, action items as a
 * checklist, and the "Open in Mailscribe" link. Everything is escaped.
 */
export function blockHtml(block: DocBlock): string {
  const layout = blockLayout(block);
  const parts = [`<h2>${escapeHtml(layout.heading)}</h2>`];
  if (layout.meta.length > 0) parts.push(`<p class="meta">${layout.meta.map(metaLine).join('<br>')}</p>`);
  parts.push(...layout.sections.map(sectionHtml));
  if (layout.link && isWebUrl(layout.link.url)) parts.push(`<p class="open"><a href="${escapeHtml(layout.link.url)}">${escapeHtml(layout.link.text)}</a></p>`);
  return `<section${anchorOf(block.meta)}>\n${parts.join('\n')}\n</section>`;
}
