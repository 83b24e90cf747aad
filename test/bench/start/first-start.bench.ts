import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../support/free-ports.js';

/**
 * The first `npm start` of a fresh clone, install excluded: the web build, the server build, then the
 * app on embedded defaults (a new embedded database, migrated) until /readyz answers 200. Built into
 * a scratch folder, so the checkout's dist/ and data/ stay as they are.
 */
export const FIRST_START_TARGET = { serverBuildMs: 15_000, wholeMs: 30_000 } as const;

export interface FirstStart {
  webBuildMs: number;
  serverBuildMs: number;
  bootMs: number;
  wholeMs: number;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function timedRun(command: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}


async function bootUntilReady(out: string): Promise<number> {
  const [port = 0, smtpPort = 0] = await freePorts(2);
  const started = performance.now();
  const child = spawn(process.execPath, [join(out, 'src/main.js')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { PATH: process.env.PATH, NODE_ENV: 'development', PORT: String(port), SMTP_PORT: String(smtpPort), DATA_DIR: join(out, 'data'), WEB_DIR: join(out, 'web') },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
      if (ready) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('the app was not ready within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function firstStart(): Promise<FirstStart> {
  const out = mkdtempSync(join(tmpdir(), 'mailscribe-first-start-'));
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    const webBuildMs = timedRun(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', join(out, 'web'), '--emptyOutDir']);
    const serverBuildMs = timedRun(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--outdir', out]);
    const bootMs = await bootUntilReady(out);
    return { webBuildMs, serverBuildMs, bootMs, wholeMs: webBuildMs + serverBuildMs + bootMs };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
