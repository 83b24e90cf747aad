import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Test programs that run as processes of their own, with the test files they import: built beside the
 * server, so their `../../../src/…` imports reach the built server files.
 */
const TEST_PROGRAMS = ['test/support/crash/app-under-crash.ts', 'test/support/fakes/fixed-sender-authenticator.ts'] as const;

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
  await build({ entryPoints: [...TEST_PROGRAMS], absWorkingDir: ROOT, outdir: dir, outbase: '.', format: 'esm', platform: 'node', target: 'node20', tsconfig: 'tsconfig.build.json', logLevel: 'warning' });
  return dir;
}

/**
 * Where a source file of the server (or a test program above) stands in this run's build: a test that runs the app or an operator
 * command in a process of its own starts the built file, as production does (`node dist/src/main.js`).
 * Through tsx each such process spent about 1.5 s on compiling and loader hooks, and its attachment
 * readers were forked through tsx as well.
 */
export function builtServerFile(source: `src/${string}.ts` | (typeof TEST_PROGRAMS)[number]): string {
  return join(inject('serverBuildDir'), source.replace(/\.ts$/, '.js'));
}
