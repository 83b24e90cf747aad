import { blockAnchor, refOfMeta, type LocalDocView } from '../infra/local.doc-store.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** Each block's section is the target of its mail's "Open in document" link (`blockUrlOf`). */
const anchorOf = (meta: string) => {
  const ref = refOfMeta(meta);
  return ref ? ` id="${blockAnchor(ref)}"` : '';
};

/** A readable, printable page for a local document: no script, everything escaped. */
export function renderLocalDocPage(view: LocalDocView): string {
  const blocks = view.blocks
    .map((block) => `<section${anchorOf(block.meta)}>\n<h2>${escapeHtml(block.heading)}</h2>\n<p class="meta">${escapeHtml(block.meta).replace(/\n/g, '<br>')}</p>\n${paragraphs(block.body)}\n</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(view.title)}</title>
<style>
  body { font-family: Georgia, 'Times New Roman', serif; background: #eef0f4; color: #202124; margin: 0; padding: 24px 12px; }
  article { background: #fff; max-width: 780px; margin: 0 auto; padding: 56px min(72px, 6vw); box-shadow: 0 1px 3px rgba(0,0,0,.15); min-height: 80vh; }
  .note { font-family: system-ui, sans-serif; font-size: .8rem; color: #5f6368; max-width: 780px; margin: 0 auto 12px; }
  h1 { font-size: 1.9rem; margin: 0 0 12px; }
  h2 { font-size: 1.25rem; margin: 32px 0 4px; }
  .meta { font-style: italic; color: #5f6368; margin: 0 0 12px; }
  .empty { color: #5f6368; font-style: italic; }
  p { line-height: 1.55; }
</style>
</head>
<body>
<p class="note">Local document (embedded mode). With Google Docs configured, this content lives in your Google Drive.</p>
<article>
<h1>${escapeHtml(view.title)}</h1>
${paragraphs(view.intro)}
${blocks || '<p class="empty">No summaries yet. Forward an email to this document\'s address to see one here.</p>'}
</article>
</body>
</html>`;
}
