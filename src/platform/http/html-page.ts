import { escapeHtml } from './escape-html.js';

/**
 * The frame of a page the server renders itself (the development sign-in and outbox, the local checkout and
 * documents, the unsubscribe confirmation): no script, never indexed, the title escaped. `css` and `body`
 * are the page's own, already escaped where they hold user text.
 */
export function htmlPage(page: { title: string; css: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
${page.css}
</style>
</head>
<body>
${page.body}
</body>
</html>`;
}
