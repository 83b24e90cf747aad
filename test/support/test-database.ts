import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../src/platform/db/database.js';
import { clonePostgresTemplate } from './postgres-template.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** The connection string of the Postgres clone (null for PGlite): a second connection (LISTEN) uses it. */
  url: string | null;
  /** Empties every table (between tests of one file). */
  reset(): Promise<void>;
  /** Closes the database for good (a test of an outage does so on purpose). */
  close(): Promise<void>;
  /**
   * Done with it (after a file): an embedded one goes back, as the template left it, for the worker's next
   * file; otherwise, and after close(), the same as close().
   */
  release(): Promise<void>;
}

/** PGlite always; the real Postgres too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A migrated Postgres database of the caller's own, cloned from the run's template; `drop()` it when done. */
export function clonePostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('Postgres tests need TEST_DATABASE_URL');
  return clonePostgresTemplate(url, template);
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const clone = await clonePostgres();
    const opened = await openDatabase({ url: clone.url, poolMax: 20 });
    const close = async () => {
      await opened.close();
      await clone.drop();
    };
    return wrap('postgres', clone.url, opened.db, close, close);
  }
  const opened = idlePglite.pop() ?? (await openPglite());
  return wrap('pglite', null, opened.db, opened.close, () => putBack(opened));
}

// Opening an embedded database from the template costs about 0.8 s of CPU, the largest set-up cost of a
// server test file. Files of a worker run one after another and share this module (isolate: false), so a
// released one is put back as the template left it and the worker's next file takes it: every table emptied,
// sequences restarted, the session discarded, anything made since dropped. One that cannot be brought back
// exactly (an open transaction, a table or function of its own, a closed engine) is closed instead.
const idlePglite: OpenDatabase[] = [];
let templateShape: string | null = null;

async function openPglite(): Promise<OpenDatabase> {
  const opened = await openDatabase({ dataDir: 'memory', loadDataDir: new Blob([readFileSync(inject('pgliteTemplatePath'))]) });
  templateShape ??= await shapeOf(opened.db);
  return opened;
}

/**
 * What a file could have added to the schema or changed in it: relations and schemas by name, functions and
 * triggers by their definitions too (a test that runs a migration's down() and up() again leaves an earlier
 * version of a function behind under the same name).
 */
async function shapeOf(db: Database): Promise<string> {
  const { rows } = (await db.raw(`
    SELECT 'r:' || n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'
    UNION ALL SELECT 'f:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 't:' || md5(pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'n:' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    ORDER BY 1`)) as { rows: { name: string }[] };
  return rows.map((row) => row.name).join('\n');
}

async function putBack(opened: OpenDatabase): Promise<void> {
  try {
    const { db } = opened;
    await db.raw('DISCARD ALL');
    const schemas = (await db('pg_namespace').whereNotIn('nspname', ['public', 'information_schema']).whereRaw("nspname NOT LIKE 'pg\\_%'").pluck('nspname')) as string[];
    for (const schema of schemas) await db.raw(`DROP SCHEMA "${schema}" CASCADE`);
    await emptyTables(db, 'RESTART IDENTITY');
    if ((await shapeOf(db)) === templateShape) {
      idlePglite.push(opened);
      return;
    }
  } catch {
    // Not usable as it is: closed below.
  }
  await opened.close().catch(() => undefined);
}

function wrap(kind: DatabaseKind, url: string | null, db: Database, close: () => Promise<void>, release: () => Promise<void>): TestDatabase {
  let done = false;
  const once = (end: () => Promise<void>) => async () => {
    if (done) return;
    done = true;
    await end();
  };
  return {
    kind,
    url,
    db,
    close: once(close),
    release: once(release),
    reset: () => (kind === 'pglite' ? deleteAllRows(db) : emptyTables(db)),
  };
}

/**
 * The embedded database's reset between tests: every row deleted, in one statement. Deleting the few rows a
 * test leaves is cheaper there than a TRUNCATE, which makes new files for every table and index
 * (docs/benchmarks.md § CI). Every foreign key cascades, so the order does not matter, and the
 * triggers that keep totals only subtract on a delete. The one connection runs it between the app's
 * transactions, so nothing committed before it survives. The dead rows it leaves last one file: putBack()
 * truncates before the database is handed on.
 */
async function deleteAllRows(db: Database): Promise<void> {
  await db.raw(`DO $$
    DECLARE name text;
    BEGIN
      FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%' LOOP
        EXECUTE format('DELETE FROM public.%I', name);
      END LOOP;
    END $$`);
}

/**
 * Empties every table but knex's migration records; `RESTART IDENTITY` also restarts their sequences.
 * The app under test may still be working (a worker finishing a mail, a notification check) while a
 * test's reset runs: TRUNCATE takes its table locks one by one, and Postgres may pick it as the victim
 * of a deadlock with such a transaction (40P01). That victim holds nothing any more, so it tries again.
 * Truncating only the tables that hold rows was tried and not kept: a filled `users` cascades to nearly
 * every table, so the suite's 505 resets went from 26 s to 19 s of PGlite time, about 3 s of wall time.
 */
async function emptyTables(db: Database, identity: 'RESTART IDENTITY' | '' = ''): Promise<void> {
  const tables = await appTables(db);
  if (tables.length === 0) return;
  const truncate = `TRUNCATE ${tables.map((table) => `"${table}"`).join(', ')} ${identity} CASCADE`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.raw(truncate);
      return;
    } catch (error) {
      if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/** The app's tables: every table of the public schema but knex's migration records. */
export async function appTables(db: Database): Promise<string[]> {
  return (await db('pg_tables').where({ schemaname: 'public' }).whereNot('tablename', 'like', 'knex_%').orderBy('tablename').pluck('tablename')) as string[];
}

const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 5;
