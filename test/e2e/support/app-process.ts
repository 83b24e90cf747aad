// Runs the built app (`node dist/src/main.js`) as a real process: a free HTTP port and a free SMTP port,
// a fresh DATA_DIR (embedded PGlite, migrated), fixed test secrets. The journeys drive it through a real browser
// and send it mail over SMTP. It can be stopped and started again on the same ports and DATA_DIR (the
// embedded database is locked by the running app: a CLI that opens it runs in between).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { configSchema } from '../../../src/platform/config/config.schema.js';
import { freePorts } from '../../support/free-ports.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const MAIN = join(ROOT, 'dist/src/main.js');
const WEB_DIR = join(ROOT, 'dist/web');

export const E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789abcdef';
export const E2E_ENCRYPTION_KEY = '0123456789abcdef'.repeat(4);

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LIMIT = 64 * 1024;

/** Variables the app reads: every key of the config schema, so a new setting never leaks in from the shell that runs the tests. */
const APP_VARIABLES = Object.keys(configSchema.shape);

/** The environment of a process of this repository (the app, a CLI) without any app variable of the shell. */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete inherited[name];
  return inherited;
}

export interface RunningApp {
  /** e.g. http://127.0.0.1:41234 (also the app's PUBLIC_URL). */
  readonly baseUrl: string;
  /** The port the app's SMTP listener accepts mail on (127.0.0.1). */
  readonly smtpPort: number;
  readonly dataDir: string;
  /** The app variables it runs with, for a CLI that must open the same DATA_DIR with the same secrets. */
  readonly env: Readonly<Record<string, string>>;
  /** The process's stdout and stderr so far (the last 64 KB, across restarts), for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s); DATA_DIR stays, for `start()` or a CLI. */
  halt(): Promise<void>;
  /** Starts the process again (after `halt()`), on the same ports and DATA_DIR; resolves once it is healthy. */
  start(): Promise<void>;
  /** `halt()`, then remove DATA_DIR. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`the app exited during startup (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`the app did not answer GET /healthz within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync(MAIN) || !existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(`the app is not built (${MAIN}, ${WEB_DIR}/index.html): run \`npm run build\` (npm run test:e2e does)`);
  }
  const [port, smtpPort] = (await freePorts(2)) as [number, number];
  const baseUrl = `http://127.0.0.1:${port}`;
  // The embedded database starts migrated, as after a first start (e2e global-setup.ts); a Postgres app has its own.
  const dataDir = extraEnv.DATABASE_URL || !inject('pgliteTemplatePath') ? mkdtempSync(join(tmpdir(), 'mailscribe-e2e-')) : migratedDataDir();

  const env: Record<string, string> = {
    // Vitest sets NODE_ENV=test; the app runs here as `npm start` runs it.
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIR,
    SMTP_PORT: String(smtpPort),
    SMTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: E2E_JWT_SECRET,
    ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
    ...extraEnv,
  };

  let captured = '';
  const capture = (chunk: Buffer) => {
    captured = (captured + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  const output = () => captured;
  let child: ChildProcess | null = null;

  const halt = async () => {
    const running = child;
    child = null;
    if (!running || exited(running)) return;
    running.kill('SIGTERM');
    if (!(await waitForExit(running, STOP_TIMEOUT_MS))) {
      running.kill('SIGKILL');
      await waitForExit(running, 5_000);
    }
  };

  const start = async () => {
    if (child && !exited(child)) throw new Error('the app is already running: halt() it first');
    const started = spawn(process.execPath, [MAIN], { cwd: ROOT, env: { ...cleanEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', capture);
    started.stderr?.on('data', capture);
    try {
      await waitForHealth(baseUrl, started, output);
    } catch (error) {
      await halt();
      throw error;
    }
  };

  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await start();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { baseUrl, smtpPort, dataDir, env, output, halt, start, stop };
}
