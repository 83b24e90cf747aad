import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MB } from '../../src/shared/sizes.js';

export type Tmpfs = ReturnType<typeof mountTmpfs>;

/**
 * A tmpfs of `sizeMb` at a new temp directory, its root of `mode` (owner-only unless told); `grow` remounts
 * it bigger, `readOnly` remounts it read-only, `close` unmounts and removes it.
 */
export function mountTmpfs(sizeMb: number, { mode = '0700' }: { mode?: string } = {}) {
  const path = mkdtempSync(join(tmpdir(), 'mailscribe-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=${mode}`, 'tmpfs', path]);
  return {
    path,
    freeMb: () => {
      const stats = statfsSync(path);
      return (stats.bavail * stats.bsize) / MB;
    },
    grow: (toMb: number) => execFileSync('mount', ['-o', `remount,size=${toMb}m`, path]),
    readOnly: () => execFileSync('mount', ['-o', 'remount,ro', path]),
    close: () => {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
