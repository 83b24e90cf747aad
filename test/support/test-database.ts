import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import { clonePostgresTemplate } from './postgres-template.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** The connection string of the Postgres clone (null for PGlite): a second connection (LISTEN) uses it. */
  url: string | null;
  /** Empties every table (between tests of one file). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite always; the real Postgres too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    const template = inject('postgresTemplate');
    if (!url || !template) throw new Error('Postgres tests need TEST_DATABASE_URL');
    const clone = await clonePostgresTemplate(url, template);
    const opened = await openDatabase({ url: clone.url, poolMax: 20 });
    return wrap('postgres', clone.url, opened.db, async () => {
      await opened.close();
      await clone.drop();
    });
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  const opened = await openDatabase({ dataDir: 'memory', loadDataDir: dump });
  return wrap('pglite', null, opened.db, opened.close);
}

function wrap(kind: DatabaseKind, url: string | null, db: Database, close: () => Promise<void>): TestDatabase {
  return {
    kind,
    url,
    db,
    close,
    reset: async () => {
      const tables = (await db('pg_tables').where({ schemaname: 'public' }).whereNot('tablename', 'like', 'knex_%').pluck('tablename')) as string[];
      if (tables.length > 0) await db.raw(`TRUNCATE ${tables.map((table) => `"${table}"`).join(', ')} CASCADE`);
    },
  };
}
