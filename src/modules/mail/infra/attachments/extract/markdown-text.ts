/**
 * Markdown with its markup taken off, so the summariser reads words rather than syntax: heading marks,
 * emphasis, inline code ticks, code fences, quote marks, rules and table separator rows go; links and
 * images keep their text. List markers stay: they read as lists. Patterns are anchored or bounded
 * (`{1,500}`), so a hostile line of brackets or asterisks costs linear time, not quadratic.
 */
export function markdownText(markdown: string): string {
  return markdown
    .split(/\r\n?|\n/)
    .flatMap((line) => {
      const trimmed = line.trim();
      if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) return []; // code fences; the code itself stays
      if (isRule(trimmed)) return [];
      if (/^\[[^\]\n]{1,500}\]:\s/.test(trimmed)) return []; // link reference definitions
      return [inline(withoutBlockMarks(line))];
    })
    .join('\n');
}

/** `---`, `* * *`, `___`, and table separator rows such as `|---|:--:|`. */
function isRule(trimmed: string): boolean {
  if (trimmed.length < 3) return false;
  if (/^[|:\-\s]+$/.test(trimmed) && trimmed.includes('---')) return true;
  const marks = trimmed.replace(/\s/g, '');
  return marks.length >= 3 && /^(\*+|_+)$/.test(marks);
}

/** Quote marks (`> `) and heading marks (`## Title ##`). */
function withoutBlockMarks(line: string): string {
  const unquoted = line.replace(/^\s{0,3}(?:>\s?)+/, '');
  const heading = /^\s{0,3}#{1,6}\s+/.exec(unquoted);
  if (!heading) return unquoted;
  let text = unquoted.slice(heading[0].length).trimEnd();
  // A closing run of `#` counts only after a space: `C#` stays.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end < text.length && (end === 0 || text[end - 1] === ' ')) text = text.slice(0, end).trimEnd();
  return text;
}

function inline(line: string): string {
  return line
    .replace(/!\[([^\]\n]{0,500})\]\([^)\n]{0,2000}\)/g, '$1') // images: their alt text
    .replace(/\[([^\]\n]{1,500})\]\([^)\n]{0,2000}\)/g, '$1') // [text](url)
    .replace(/\[([^\]\n]{1,500})\]\[[^\]\n]{0,500}\]/g, '$1') // [text][ref]
    .replace(/<((?:https?|mailto):[^>\s]{1,2000})>/g, '$1') // <https://…> autolinks
    .replace(/`([^`\n]{1,500})`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([^\n]{0,500}?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]{0,500}?\S)\*(?![\w*])/g, '$1$2')
    .replace(/(^|\W)_(?=\S)([^_\n]{0,500}?\S)_(?!\w)/g, '$1$2') // _x_ but not snake_case
    .replace(/~~(?=\S)([^~\n]{0,500}?\S)~~/g, '$1');
}
