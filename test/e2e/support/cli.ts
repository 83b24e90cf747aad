// Runs one of the repository's CLIs (src/cli) against a journey's app: same DATA_DIR, same secrets.
// The embedded database is locked while the app runs, so halt() the app first.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { cleanEnvironment, ROOT, type RunningApp } from './app-process.js';

const CLI_TIMEOUT_MS = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx src/cli/<script> <args>` with the app's environment; rejects when it exits non-zero. */
export function runCli(app: RunningApp, script: string, args: string[]): Promise<CliResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('src/cli', script), ...args], {
      cwd: ROOT,
      env: { ...cleanEnvironment(), ...app.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const result = { code, stdout, stderr };
      if (code === 0) resolveRun(result);
      else reject(new Error(`src/cli/${script} ${args.join(' ')} exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
}
