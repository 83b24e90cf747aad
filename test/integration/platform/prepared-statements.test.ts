import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../src/platform/db/database.js';
import { clonePostgres } from '../../support/test-database.js';

/** The statements this session keeps prepared, as Postgres lists them. */
async function preparedOnThisConnection(database: OpenDatabase): Promise<string[]> {
  return database.db.transaction(async (trx) => {
    // Inside one transaction: the same connection as the statements run in it before.
    const rows = (await trx.raw('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows as { statement: string }[];
    return rows.map((row) => row.statement);
  });
}

describe.skipIf(!inject('postgresTemplate'))('prepared statements on Postgres', () => {
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const clone = await clonePostgres();
    url = clone.url;
    drop = clone.drop;
  });
  afterAll(() => drop?.());

  it('keeps each parameterised statement prepared on its connection and runs it again by name', async () => {
    const database = await openDatabase({ url, poolMax: 1 });
    try {
      for (const id of ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']) {
        expect(await database.db('users').where({ id }).first('id')).toBeUndefined();
      }
      const prepared = await preparedOnThisConnection(database);
      // One statement prepared once, however often it ran; the pool's own BEGIN has no parameters.
      expect(prepared.filter((statement) => statement.includes('from "users"'))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('runs a statement whose kept plan a migration made stale again, with the new columns', async () => {
    const database = await openDatabase({ url, poolMax: 1 });
    try {
      await database.db.raw('CREATE TABLE plan_probe (id int PRIMARY KEY, name text)');
      await database.db('plan_probe').insert({ id: 1, name: 'one' });
      expect(await database.db('plan_probe').where({ id: 1 }).select('*')).toEqual([{ id: 1, name: 'one' }]);
      // Another process migrates: the kept `SELECT *` now has a column more, which Postgres refuses to run by name.
      await database.db.raw("ALTER TABLE plan_probe ADD COLUMN note text NOT NULL DEFAULT 'new'");
      expect(await database.db('plan_probe').where({ id: 1 }).select('*')).toEqual([{ id: 1, name: 'one', note: 'new' }]);
      expect(await database.db('plan_probe').where({ id: 1 }).select('*')).toEqual([{ id: 1, name: 'one', note: 'new' }]);
    } finally {
      await database.db.raw('DROP TABLE IF EXISTS plan_probe');
      await database.close();
    }
  });

  it('prepares nothing when turned off, for a pooler that cannot keep prepared statements', async () => {
    const database = await openDatabase({ url, poolMax: 1, preparedStatements: false });
    try {
      expect(await database.db('users').where({ id: '00000000-0000-4000-8000-000000000001' }).first('id')).toBeUndefined();
      expect(await preparedOnThisConnection(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
