import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Code cites docs/product.md (the screens' rules, in our words) as `docs/product.md § <section>`: a
// renamed or removed section would leave the citation pointing nowhere.

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

const HEADINGS = readFileSync(join(ROOT, 'docs/product.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('## '))
  .map((line) => line.slice(3));

const CITATION = /docs\/product\.md § /g;

describe('citations of docs/product.md in the code', () => {
  it('name one of its sections', () => {
    const dangling: string[] = [];
    let citations = 0;
    for (const path of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'web/src'))]) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(CITATION)) {
        citations += 1;
        const rest = text.slice((match.index ?? 0) + match[0].length);
        if (!HEADINGS.some((heading) => rest.startsWith(heading))) dangling.push(`${relative(ROOT, path)}: § ${rest.split('\n')[0]}`);
      }
    }
    expect(citations).toBeGreaterThan(50);
    expect(dangling).toEqual([]);
  });
});
