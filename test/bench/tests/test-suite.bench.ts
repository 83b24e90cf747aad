/**
 * How long `npm test` takes on this machine, as a newcomer runs it: the server and web projects on the
 * embedded database (TEST_DATABASE_URL unset; CI also sets it and so runs every database test twice).
 * Timing lives here rather than in any test, where a loaded machine would make it fail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The acceptance target for `npm test` on this machine. */
export const TEST_SUITE_TARGET_SECONDS = 180;

export interface TestSuiteTime {
  seconds: number;
  files: number;
  tests: number;
  failed: number;
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: unknown[];
}

export async function testSuiteTime(): Promise<TestSuiteTime> {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-bench-tests-'));
  const output = join(dir, 'report.json');
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    // `npm test` itself, with a JSON report beside the usual one.
    const child = spawn('npm', ['test', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${output}`], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  try {
    const report = JSON.parse(readFileSync(output, 'utf8')) as JsonReport;
    return { seconds, files: report.testResults.length, tests: report.numTotalTests, failed: report.numFailedTests };
  } catch (error) {
    throw new Error(`npm test exited ${String(code)} without a report: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
