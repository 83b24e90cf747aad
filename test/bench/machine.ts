// The machine a benchmark ran on, for the report: numbers mean little without it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { postgresVersion } from './support/bench-database.js';

function packageVersion(name: string): string {
  const path = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export async function describeMachine(): Promise<string[]> {
  const processors = cpus();
  const postgres = await postgresVersion();
  return [
    `- Date: ${new Date().toISOString()}, commit ${commit()}`,
    `- CPU: ${processors.length} × ${processors[0]?.model.trim() ?? 'unknown'}`,
    `- Memory: ${Math.round(totalmem() / 2 ** 30)} GiB`,
    `- OS: ${osType()} ${release()}`,
    `- Node ${process.version}, PGlite ${packageVersion('@electric-sql/pglite')} (on disk, in a temporary data directory), ${postgres ?? 'no Postgres (TEST_DATABASE_URL unset)'} on the same machine`,
    '- Client and server share the machine: the load generators (an SMTP client process, autocannon) take CPU from the app.',
  ];
}
