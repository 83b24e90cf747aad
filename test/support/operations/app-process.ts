/**
 * Runs the real entry point as a child process, built from the current sources as production runs it
 * (`node dist/src/main.js`, see test/support/server-build.ts): main()'s own signal handling and exit codes.
 * The app's pino JSON log lines are collected and parsed, so a test can wait for or count them
 * (`started`, `mail processed`, `shutting down`…); the operator sees exactly these lines.
 *
 * Only the variables given here reach the app: nothing leaks in from the shell that runs the tests
 * (the process has no `.env` either unless the repository has one; the test always sets what it needs).
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerFile } from '../server-build.js';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
// A hang guard, not a limit: a start takes minutes when the machine's two cores are shared by several runs.
const STARTUP_TIMEOUT_MS = 300_000;

export const OPERATIONS_JWT_SECRET = 'operations-jwt-secret-that-is-long-enough-0123456789';
export const OPERATIONS_ENCRYPTION_KEY = 'b'.repeat(64);

/** One pino line as the app prints it (level 30 = info, 40 = warn, 50 = error). */
export interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the process exited. */
  at: number;
}

export interface AppProcess {
  /** A label for failure messages, e.g. `app-1`. */
  readonly name: string;
  readonly pid: number;
  /** Ports from the app's `started` line (null for a role it does not run). */
  readonly httpPort: number | null;
  readonly smtpPort: number | null;
  /** Every JSON log line so far, parsed. */
  logs(): LogLine[];
  /** Everything printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the first log line (already printed or still to come) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  running(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ExitStatus>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with the exit. */
  stop(graceMs?: number): Promise<ExitStatus>;
}

/** Runs the app with `env` over a development baseline: fixed secrets, JSON info logs, listeners on 127.0.0.1. */
export function spawnApp(env: Record<string, string>): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, [builtServerFile('src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: 'UTC',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SMTP_HOST: '127.0.0.1',
      JWT_SECRET: OPERATIONS_JWT_SECRET,
      ENCRYPTION_KEY: OPERATIONS_ENCRYPTION_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the app (spawnApp) and resolves once it logged `started`. */
export async function startAppProcess(name: string, env: Record<string, string>): Promise<AppProcess> {
  const child: ChildProcess = spawnApp(env);

  let output = '';
  let pending = '';
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; done: (line: LogLine) => void }[] = [];
  const onLine = (text: string): void => {
    if (!text.startsWith('{')) return;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of [...waiters]) {
      if (!waiter.match(line)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.done(line);
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    pending += text;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) onLine(line.trim());
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  const exited = new Promise<ExitStatus>((done) => child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine> => {
    const found = lines.find(match);
    if (found) return Promise.resolve(found);
    return new Promise<LogLine>((done, reject) => {
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`${name}: no matching log line within ${timeoutMs} ms:\n${output.slice(-4000)}`));
      }, timeoutMs);
      const waiter = {
        match,
        done: (line: LogLine) => {
          clearTimeout(timer);
          done(line);
        },
      };
      waiters.push(waiter);
      void exited.then(() => {
        if (!waiters.includes(waiter)) return;
        waiters.splice(waiters.indexOf(waiter), 1);
        clearTimeout(timer);
        reject(new Error(`${name} exited before the awaited log line:\n${output.slice(-4000)}`));
      });
    });
  };

  const stop = async (graceMs = 40_000): Promise<ExitStatus> => {
    if (!hasExited) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  let started: LogLine;
  try {
    started = await waitForLog((line) => line.msg === 'started', STARTUP_TIMEOUT_MS);
  } catch (error) {
    await stop(5_000);
    throw error;
  }
  const port = (value: unknown) => (typeof value === 'number' ? value : null);

  return {
    name,
    pid: child.pid ?? 0,
    httpPort: port(started.httpPort),
    smtpPort: port(started.smtpPort),
    logs: () => lines,
    output: () => output,
    waitForLog,
    running: () => !hasExited,
    kill: (signal) => child.kill(signal),
    exited,
    stop,
  };
}

/** The message ids of the app's `mail processed` lines, one per mail this process finished. */
export function processedIds(app: AppProcess): string[] {
  return app
    .logs()
    .filter((line) => line.msg === 'mail processed')
    .map((line) => String(line.messageId));
}

/** The ids in an SMTP `250 … OK: queued as <id> [<id>…]` answer. */
export function queuedIds(response: string): string[] {
  const match = /queued as ([0-9a-f -]+)$/i.exec(response.trim());
  return match?.[1]?.trim().split(/\s+/) ?? [];
}

/** Runs the app (spawnApp) until it exits; everything it printed. */
export function runAppToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawnApp(env);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
