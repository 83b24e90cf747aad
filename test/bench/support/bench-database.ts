// Databases for the benchmarks: PGlite in a temporary data directory (on disk, as `npm start` runs it), or a Postgres database of their own (created
// fresh on the server of TEST_DATABASE_URL and dropped after), so a run never touches the tests' data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../../src/platform/db/database.js';
import { migrateToLatest } from '../../../src/platform/db/migrate.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The kinds this machine can measure: PGlite always, Postgres when TEST_DATABASE_URL is set.
 * BENCH_DATABASES=postgres (or pglite) narrows a run to one of them while working on it.
 */
export function benchDatabaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const wanted = (process.env.BENCH_DATABASES ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  return wanted.length === 0 ? available : available.filter((kind) => wanted.includes(kind));
}

async function onMaintenance<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migrated, empty database; `close()` also drops a Postgres one; `url` is a Postgres one's address (null for PGlite). */
export async function openBenchDatabase(kind: DatabaseKind, name: string): Promise<OpenDatabase & { url: string | null }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), `mailscribe-bench-${name}-`));
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    return {
      ...database,
      url: null,
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: no Postgres to benchmark on');
  // The process id keeps two runs on one server (two checkouts benchmarking at once) out of each other's database.
  const databaseName = `mailscribe_bench_${name}_${process.pid}`;
  await onMaintenance(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateToLatest(database.db);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await onMaintenance(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    },
  };
}

/** What `SELECT version()` says, shortened to "PostgreSQL 15.19". */
export async function postgresVersion(): Promise<string | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const { rows } = await onMaintenance(serverUrl, (client) => client.query<{ version: string }>('SELECT version()'));
  return /^PostgreSQL [\d.]+/.exec(rows[0]?.version ?? '')?.[0] ?? null;
}
