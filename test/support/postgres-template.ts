import knexFactory, { type Knex } from 'knex';
import { migrateToLatest } from '../../src/platform/db/migrate.js';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, run: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    return await run(admin);
  } finally {
    await admin.destroy();
  }
}

export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `mailscribe_tpl_${process.pid}_${Date.now()}`;
  await withAdmin(url, (admin) => admin.raw(`CREATE DATABASE "${name}"`));
  const db = knexFactory({ client: 'pg', connection: withDatabase(url, name), pool: { min: 0, max: 1 } });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return name;
}

export async function dropPostgresTemplate(url: string, name: string): Promise<void> {
  await withAdmin(url, (admin) => admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A fresh database cloned from the migrated template; dropped again by the returned function. */
export async function clonePostgresTemplate(url: string, template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mailscribe_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdmin(url, (admin) => admin.raw(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: withDatabase(url, name),
    drop: () => withAdmin(url, (admin) => admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
