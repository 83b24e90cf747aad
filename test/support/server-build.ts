import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Builds the server into `dir` as `npm run build:server` builds dist/ (esbuild, file by file, about a
 * second), beside a link to node_modules so the built files resolve their packages. Run once per test
 * run by test/support/global-setup.ts.
 */
export async function buildServerInto(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--outdir', dir], { cwd: ROOT });
  return dir;
}

/**
 * Where a source file of the server stands in this run's build: a test that runs the app or an operator
 * command in a process of its own starts the built file, as production does (`node dist/src/main.js`).
 * Through tsx each such process spent about 1.5 s on compiling and loader hooks, and its attachment
 * readers were forked through tsx as well.
 */
export function builtServerFile(source: `src/${string}.ts`): string {
  return join(inject('serverBuildDir'), source.replace(/\.ts$/, '.js'));
}
