import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { fileTempDir } from './temp-dirs.js';

/**
 * A new DATA_DIR (under `parent`) holding the migrated embedded database, as a stopped app leaves it: the
 * run's template (global-setup.ts) unpacked into DATA_DIR/pglite. An initdb and the migrations on disk cost
 * about 5 s of CPU; this costs milliseconds. For processes that open DATA_DIR themselves (the app, the CLIs).
 */
export function migratedDataDir(parent?: string): string {
  const dataDir = fileTempDir('mailscribe-data-', parent);
  const pglite = join(dataDir, 'pglite');
  mkdirSync(pglite, { mode: 0o700 });
  // The dump's names start with "/", which tar strips, saying so on stderr (kept for a failure's message).
  execFileSync('tar', ['-xf', inject('pgliteTemplatePath'), '-C', pglite], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Owner-only, as the app keeps DATA_DIR (tar run as root keeps the dump's 0750 directories).
  execFileSync('chmod', ['-R', 'go-rwx', dataDir]);
  return dataDir;
}
