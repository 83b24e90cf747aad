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

// docs/architecture.md draws the source tree (§ Modules and layers): a folder or file added without a line
// there leaves the next reader a map with a hole in it.

/** The tree's lines: from `src/` to the web app's entry. */
const TREE = (() => {
  const lines = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trimEnd() === 'src/');
  const end = lines.findIndex((line, index) => index > start && line.startsWith('web/ '));
  return lines.slice(start, end);
})();

function entries(dir: string, kind: 'folders' | 'files'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => (kind === 'folders' ? entry.isDirectory() : entry.isFile()))
    .map((entry) => entry.name);
}

describe('the source tree in docs/architecture.md', () => {
  it('has a line for every module, platform folder, role and command', () => {
    const startsLine = (name: string) => TREE.some((line) => new RegExp(`^\\s+${name.replace('.', '\\.')}[/\\s]`).test(line));
    const missing = [
      ...entries('src/modules', 'folders').map((name) => `${name}/`),
      ...entries('src/platform', 'folders').map((name) => `${name}/`),
      ...entries('src/roles', 'files'),
      ...entries('src/cli', 'files').map((name) => `cli/${name}`),
    ].filter((name) => !startsLine(name.replace(/\/$/, '')));
    expect(TREE.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('names every file of src/shared and src/text', () => {
    const text = TREE.join('\n');
    const missing = [...entries('src/shared', 'files'), ...entries('src/text', 'files')].filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
  });
});
