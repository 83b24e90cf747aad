import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Temporary directories made for one test file (DATA_DIRs, web builds), removed after it by
// test/support/setup.ts: a run made about a hundred, up to 40 MB each, and left them all behind.
const made: string[] = [];

/** A new directory under `parent` (the system's temporary one by default), removed after the file. */
export function fileTempDir(prefix: string, parent: string = tmpdir()): string {
  const dir = mkdtempSync(join(parent, prefix));
  made.push(dir);
  return dir;
}

/** Removes what `fileTempDir` made; the file's apps and processes have stopped by then. */
export function removeFileTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
