import { describe, expect, it } from 'vitest';
import { assertMigrated, SchemaNotReadyError } from '../../../src/platform/db/migrate.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

// What the operator commands (npm run account, npm run tokens) check before they read or change anything.
describe.each(databaseKinds())('the schema check of the operator commands (%s)', (kind) => {
  const database = useTestDatabase(kind);

  it('lets a database migrated to this version through', async () => {
    await expect(assertMigrated(database.db)).resolves.toBeUndefined();
  });

  it('refuses a database one migration behind, saying what to run', async () => {
    const [latest] = (await database.db('knex_migrations').orderBy('name', 'desc').limit(1).pluck('name')) as string[];
    await database.db('knex_migrations').where({ name: latest }).delete();

    const refused = await assertMigrated(database.db).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(SchemaNotReadyError);
    expect((refused as Error).message).toBe(
      'The database is not set up for this version of Mailscribe (1 migration to run): start the app once (npm start), or run npm run migrate, then try again.',
    );
  });

  it('refuses a database that was never set up', async () => {
    await database.db.schema.dropTable('knex_migrations');

    await expect(assertMigrated(database.db)).rejects.toThrow(/^The database is not set up for this version of Mailscribe \(\d+ migrations to run\)/);
  });
});
