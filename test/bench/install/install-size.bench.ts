import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a production install weighs: `npm ci --omit=dev` from our lockfile, as the Dockerfile runs it. */
export const INSTALL_TARGET_BYTES = 200 * 1024 * 1024;

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface InstallSize {
  totalBytes: number;
  /** The largest top-level packages (scoped ones by scope), biggest first. */
  largest: { name: string; bytes: number }[];
}

function sizeOf(path: string): number {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return 0;
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

export function installSize(): InstallSize {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-install-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
    const modules = join(dir, 'node_modules');
    const largest = readdirSync(modules)
      .filter((name) => !name.startsWith('.'))
      .map((name) => ({ name, bytes: sizeOf(join(modules, name)) }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5);
    return { totalBytes: sizeOf(modules), largest };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
