import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database.js';
import { migrateToLatest } from '../../src/platform/db/migrate.js';
import { createPostgresTemplate, dropPostgresTemplate } from './postgres-template.js';
import { buildServerInto } from './server-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string | null;
    serverBuildDir: string;
  }
}

/**
 * Migrates once per run: a PGlite data-dir dump and, when TEST_DATABASE_URL is set, a Postgres template
 * database. Each test file then clones them in well under a second instead of migrating again. Builds
 * the server once too, for the tests that start it in a process of its own (test/support/server-build.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-test-'));
  const [template, serverBuild] = await Promise.all([writePgliteTemplate(dir), buildServerInto(join(dir, 'server'))]);
  project.provide('pgliteTemplatePath', template);
  project.provide('serverBuildDir', serverBuild);

  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = url ? await createPostgresTemplate(url) : null;
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && postgresTemplate) await dropPostgresTemplate(url, postgresTemplate);
  };
}

/** Migrates an in-memory PGlite and writes its data directory to `dir` as a tar file; its path. */
export async function writePgliteTemplate(dir: string): Promise<string> {
  const template = await openDatabase({ dataDir: 'memory' });
  try {
    await migrateToLatest(template.db);
    if (!template.pglite) throw new Error('expected the embedded database');
    const dump = await template.pglite.dumpDataDir('none');
    const path = join(dir, 'pglite-template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    return path;
  } finally {
    await template.close();
  }
}
