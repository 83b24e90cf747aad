import type { Knex } from 'knex';
import { migrations } from '../../../migrations/index.js';
import type { Database } from './database.js';

/** Migrations are compiled into the app (no file globbing), so `dist/` migrates exactly like the sources. */
const source: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(Object.keys(migrations).sort()),
  getMigrationName: (name) => name,
  getMigration: (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(migration);
  },
};

export async function migrateToLatest(db: Database): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

/** The database's schema is behind this version of the app: nothing was read or changed. */
export class SchemaNotReadyError extends Error {
  constructor(pending: number) {
    super(
      `The database is not set up for this version of Mailscribe (${pending} migration${pending === 1 ? '' : 's'} to run): ` +
        'start the app once (npm start), or run npm run migrate, then try again.',
    );
    this.name = 'SchemaNotReadyError';
  }
}

/**
 * For the operator commands (npm run account, npm run tokens), which must not migrate behind the app's
 * back: a fresh or older database is refused with what to do, instead of a missing-table error.
 */
export async function assertMigrated(db: Database): Promise<void> {
  // Asked first: listing would create knex's bookkeeping tables in a database the app never set up.
  if (!(await db.schema.hasTable('knex_migrations'))) throw new SchemaNotReadyError((await source.getMigrations([])).length);
  const [, pending] = (await db.migrate.list({ migrationSource: source })) as [unknown[], unknown[]];
  if (pending.length > 0) throw new SchemaNotReadyError(pending.length);
}
