import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One job per file: past 300 lines a source file is split by role (docs/architecture.md § The rules that keep
// it in shape): the app's code and styles, server and web, and the tests, benchmarks, scripts and migrations
// beside it.

const ROOT = join(import.meta.dirname, '../../..');
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js|cjs|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the size of the source files', () => {
  it(`keeps every code and style file within ${MAX_LINES} lines`, () => {
    const files = ['src', 'web/src', 'web/build', 'test', 'scripts', 'migrations'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const long = files
      .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.path}: ${file.lines} lines`);
    expect(files.length).toBeGreaterThan(1_000);
    expect(long).toEqual([]);
  });
});
