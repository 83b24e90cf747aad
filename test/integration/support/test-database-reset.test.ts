import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/platform/db/database.js';
import { appTables, databaseKinds, openTestDatabase } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aUser } from '../../support/users.js';

// A reset between tests runs while the app under test may still be in a transaction of its own. On Postgres
// this builds the deadlock such a transaction can make with the reset's TRUNCATE, on purpose, and shows the
// reset still empties the tables. The embedded database deletes the rows instead, and hands itself on.

const WAIT = { timeout: 20_000, interval: 50 };

interface LockRow {
  relation: string;
  granted: boolean;
}

const deadlocksSoFar = async (db: Database) =>
  Number(((await db.raw('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()')) as { rows: Array<{ deadlocks: string }> }).rows[0]?.deadlocks);

const truncateLocks = async (db: Database): Promise<LockRow[]> =>
  ((await db.raw(`
    SELECT l.relation::regclass::text AS relation, l.granted
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE a.datname = current_database() AND a.query LIKE 'TRUNCATE%' AND l.locktype = 'relation' AND l.mode = 'AccessExclusiveLock'`)) as { rows: LockRow[] }).rows;

describe.skipIf(!databaseKinds().includes('postgres'))('the test database reset (postgres)', () => {
  const database = useTestDatabase('postgres');

  it('empties the tables even when Postgres picks its TRUNCATE as the victim of a deadlock with a running transaction', async () => {
    const { db } = database;
    const before = await deadlocksSoFar(db);
    // Postgres looks for a deadlock once, when a wait passes deadlock_timeout. On a loaded machine the
    // cycle may close after the TRUNCATE has looked; then the other side finds it and loses, and the
    // scenario runs again.
    let truncateLost = false;
    for (let attempt = 1; attempt <= 5 && !truncateLost; attempt += 1) truncateLost = await deadlockWithReset(database.db, () => database.reset());

    expect(truncateLost).toBe(true);
    expect(await deadlocksSoFar(db)).toBeGreaterThan(before);
    expect(await db('oauth_states').select('state_hash')).toEqual([]);
    expect(await db('users').select('id')).toEqual([]);
  });
});

describe('the embedded test database reset between tests', () => {
  const database = useTestDatabase('pglite');

  it('deletes every row of every table, whatever points at what', async () => {
    const { db } = database;
    const userId = await aUser(db);
    const entry = { kind: 'admin_grant', subscription_delta: 0, additional_delta: 5, tokens: 5, description: 'Grant' };
    await db('token_ledger').insert({ ...entry, user_id: userId, source_key: 'a' });
    await db('oauth_states').insert({ state_hash: 'left-over', mode: 'sign-in', code_verifier: 'v', expires_at: new Date(Date.now() + 60_000) });
    expect(await rowsLeft(db)).not.toEqual([]);

    await database.reset();

    expect(await rowsLeft(db)).toEqual([]);
  });
});

/** The tables, but knex's own, that still hold rows. */
async function rowsLeft(db: Database): Promise<string[]> {
  const tables = await appTables(db);
  const counts = await Promise.all(tables.map(async (table) => ({ table, rows: Number((await db(table).count({ n: '*' }))[0]?.n) })));
  return counts.filter((count) => count.rows > 0).map((count) => count.table);
}

describe('an embedded test database put back for the next file', () => {
  it('comes back as the template left it: no rows, and sequences from 1 even where the test emptied its table itself', async () => {
    const first = await openTestDatabase('pglite');
    const userId = await aUser(first.db);
    const entry = { user_id: userId, kind: 'admin_grant', subscription_delta: 0, additional_delta: 5, tokens: 5, description: 'Grant' };
    await first.db('token_ledger').insert([{ ...entry, source_key: 'a' }, { ...entry, source_key: 'b' }]);
    await first.db('token_ledger').del();
    await first.release();

    const again = await openTestDatabase('pglite');
    try {
      // The same engine, not a fresh copy of the template (which would pass whatever the put-back did).
      expect(again.db).toBe(first.db);
      expect(await again.db('users').select('id')).toEqual([]);
      const owner = await aUser(again.db);
      const [row] = (await again.db('token_ledger').insert({ ...entry, user_id: owner, source_key: 'c' }).returning('id')) as Array<{ id: string | number }>;
      expect(Number(row?.id)).toBe(1);
    } finally {
      await again.release();
    }
  });

  it('is not handed on when a function was redefined under its own name, as a migration run down and up again leaves it', async () => {
    const first = await openTestDatabase('pglite');
    await first.db.raw(`CREATE OR REPLACE FUNCTION documents_processed_emails_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`);
    await first.release();

    const next = await openTestDatabase('pglite');
    try {
      expect(next.db).not.toBe(first.db);
      const { rows } = (await next.db.raw(`SELECT prosrc FROM pg_proc WHERE proname = 'documents_processed_emails_count'`)) as { rows: { prosrc: string }[] };
      expect(rows[0]?.prosrc).toContain('processed_emails_count');
    } finally {
      await next.release();
    }
  });
});

/** Builds the cycle; true when the reset's TRUNCATE was the victim and the reset still succeeded. */
async function deadlockWithReset(db: Database, reset: () => Promise<void>): Promise<boolean> {
  await db('oauth_states').insert({ state_hash: 'left-over', mode: 'sign-in', code_verifier: 'v', expires_at: new Date(Date.now() + 60_000) });
  await aUser(db);
  const tables = await appTables(db);
  const other = await db.transaction();
  // The TRUNCATE looks after the default second; the other side after two, so when the cycle closes in
  // time the TRUNCATE finds it first.
  await other.raw(`SET LOCAL deadlock_timeout = '2s'`);
  // Holding the table the TRUNCATE takes last makes it wait while it holds all the others.
  await other.raw(`LOCK TABLE "${tables[tables.length - 1] ?? ''}" IN ACCESS SHARE MODE`);
  const resetting = reset();
  const held = await vi.waitFor(async () => {
    const locks = await truncateLocks(db);
    expect(locks.some((lock) => !lock.granted)).toBe(true);
    const granted = locks.find((lock) => lock.granted);
    expect(granted).toBeDefined();
    return granted?.relation ?? '';
  }, WAIT);
  let truncateLost = true;
  try {
    // Now the other side asks for one the TRUNCATE holds: a cycle.
    await other.raw(`LOCK TABLE ${held} IN ACCESS SHARE MODE`);
    await other.commit();
  } catch (error) {
    if ((error as { code?: unknown }).code !== '40P01') throw error;
    truncateLost = false;
    await other.rollback().catch(() => undefined);
  }
  await expect(resetting).resolves.toBeUndefined();
  return truncateLost;
}
