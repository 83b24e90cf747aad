import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One job per file: past 300 lines a source file of the app (server or web, code or style) is split by role
// (docs/architecture.md § The rules that keep it in shape).

const ROOT = join(import.meta.dirname, '../../..');
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the size of the source files', () => {
  it(`keeps every file of src/ and web/src/ within ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'web/src'))];
    const long = files
      .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.path}: ${file.lines} lines`);
    expect(files.length).toBeGreaterThan(400);
    expect(long).toEqual([]);
  });
});
