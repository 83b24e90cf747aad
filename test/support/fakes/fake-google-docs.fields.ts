/** Google's partial responses (`fields=`) for the fake Google Docs (fake-google-docs.model.ts). */
import { ApiError } from './fake-google-docs.types.js';

type FieldTree = Map<string, FieldTree | null>;

/** Google's partial response (`fields=revisionId,body/content(endIndex,paragraph)`): only what was asked for. */
export function selectFields(value: unknown, fields: string): unknown {
  return select(value, parseFields(fields));
}

function parseFields(fields: string): FieldTree {
  const tree: FieldTree = new Map();
  let pos = 0;
  const parseList = (into: FieldTree): void => {
    while (pos < fields.length && fields[pos] !== ')') {
      let node = into;
      for (;;) {
        const name = /^[A-Za-z0-9_*]+/.exec(fields.slice(pos))?.[0];
        if (!name) throw new ApiError(400, `Invalid field selection ${fields}`);
        pos += name.length;
        const existing = node.get(name);
        if (fields[pos] === '/' || fields[pos] === '(') {
          const child: FieldTree = existing ?? new Map();
          node.set(name, child);
          node = child;
          if (fields[pos++] === '(') {
            parseList(child);
            pos += 1;
            break;
          }
        } else {
          node.set(name, null);
          break;
        }
      }
      if (fields[pos] === ',') pos += 1;
    }
  };
  parseList(tree);
  return tree;
}

function select(value: unknown, tree: FieldTree | null): unknown {
  if (tree === null || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => select(item, tree));
  const out: Record<string, unknown> = {};
  for (const [name, child] of tree) {
    const source = value as Record<string, unknown>;
    if (name === '*') Object.assign(out, Object.fromEntries(Object.entries(source).map(([key, item]) => [key, select(item, child)])));
    else if (source[name] !== undefined) out[name] = select(source[name], child);
  }
  return out;
}
