import type { LocalDocView } from '../infra/local.doc-store.js';
import { escapeHtml } from '../../../platform/http/escape-html.js';
import { blockHtml } from './local-doc-block.html.js';
import { htmlPage } from '../../../platform/http/html-page.js';

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** A readable, printable page for a local document: no script, everything escaped. */
export function renderLocalDocPage(view: LocalDocView): string {
  const blocks = view.blocks.map(blockHtml).join('\n');
  return htmlPage({
    title: view.title,
    css: `  body { font-family: Georgia, 'Times New Roman', serif; background: #eef0f4; color: #202124; margin: 0; padding: 24px 12px; }
  article { background: #fff; max-width: 780px; margin: 0 auto; padding: 56px min(72px, 6vw); box-shadow: 0 1px 3px rgba(0,0,0,.15); min-height: 80vh; }
  .note { font-family: system-ui, sans-serif; font-size: .8rem; color: #5f6368; max-width: 780px; margin: 0 auto 12px; }
  h1 { font-size: 1.9rem; margin: 0 0 12px; }
  h2 { font-size: 1.25rem; margin: 32px 0 4px; }
  .meta { font-style: italic; color: #5f6368; margin: 0 0 12px; }
  .empty { color: #5f6368; font-style: italic; }
  .label { margin: 12px 0 4px; }
  ul { margin: 0 0 12px; padding-left: 28px; line-height: 1.55; }
  ul.checklist { list-style: none; padding-left: 4px; }
  ul.checklist input { margin: 0 6px 0 0; }
  .open { font-family: system-ui, sans-serif; font-size: .8rem; margin: 4px 0 0; }
  .open a { color: #1a73e8; }
  p { line-height: 1.55; }`,
    body: `<p class="note">Local document (embedded mode). With Google Docs configured, this content lives in your Google Drive.</p>
<article>
<h1>${escapeHtml(view.title)}</h1>
${paragraphs(view.intro)}
${blocks || '<p class="empty">No summaries yet. Forward an email to this document\'s address to see one here.</p>'}
${view.note ? `<p class="continued"><a href="${escapeHtml(view.note.url)}">${escapeHtml(view.note.text)}</a></p>` : ''}
</article>`,
  });
}
