/**
 * Postgres text cannot hold U+0000, and a UTF-16 surrogate without its pair has no UTF-8 form: either one
 * makes the database refuse the whole statement. Requests carrying them are refused up front instead.
 */
// Without the u flag the pattern sees UTF-16 code units, so it can tell a paired surrogate from a lone one.
// Matching NUL is the point here.
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !unstorable.test(text);
}

/**
 * The path (`title`, `emails.2`, or `(key)` for an object key) of the first string in a parsed JSON or
 * form value that cannot be stored, or null when every string can.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(value)';
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, '(key)'].join('.');
      const found = findUnstorableText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
