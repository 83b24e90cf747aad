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
