import { beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from '../../../src/platform/db/compiled-query.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

type Shape = { order: 'asc' | 'desc' };
type Params = { email: string; limit: number };

describe.each(databaseKinds())('a query compiled once per shape (%s)', (kind) => {
  const database = useTestDatabase(kind);
  const emails = ['ann@example.com', 'bob@example.com', 'cy@example.com'];

  beforeAll(async () => {
    for (const email of emails) await aUser(database.db, email);
  });

  const usersFrom = (compiledCalls: { count: number }) =>
    new CompiledQuery<Shape, Params>(database.db, (shape) => shape.order, (db, shape, params) => {
      compiledCalls.count += 1;
      return db('users').where('email', '>=', params.email).whereNot('email', 'nobody@example.com').orderBy('email', shape.order).limit(params.limit).select('email');
    });

  it('answers what the same knex query answers, for new values each call, building each shape only when first asked', async () => {
    const calls = { count: 0 };
    const query = usersFrom(calls);
    const direct = (email: string, limit: number, order: 'asc' | 'desc') =>
      database.db('users').where('email', '>=', email).whereNot('email', 'nobody@example.com').orderBy('email', order).limit(limit).pluck('email');

    for (const [email, limit, order] of [
      ['bob@example.com', 5, 'asc'],
      ['a', 2, 'asc'],
      ['a', 1, 'desc'],
      ['cy@example.com', 5, 'desc'],
    ] as const) {
      const rows = await query.rows<{ email: string }>({ order }, { email, limit });
      expect(rows.map((row) => row.email)).toEqual(await direct(email, limit, order));
    }
    // Two builds (the stand-in sets) for each of the two shapes, none for the calls after.
    expect(calls.count).toBe(4);
  });

  it('binds a value that holds SQL or a question mark as data', async () => {
    const query = usersFrom({ count: 0 });
    expect(await query.rows({ order: 'asc' }, { email: "z' OR '1'='1 ?", limit: 5 })).toEqual([]);
  });

  it('refuses a build that derives a binding from a value instead of binding it as given', async () => {
    const derived = new CompiledQuery<Shape, Params>(database.db, (shape) => shape.order, (db, shape, params) =>
      db('users').where('email', 'like', `%${params.email}%`).orderBy('email', shape.order).limit(params.limit),
    );
    await expect(derived.rows({ order: 'asc' }, { email: 'ann', limit: 5 })).rejects.toThrow(/derived from a value/);

    const computed = new CompiledQuery<Shape, Params>(database.db, (shape) => shape.order, (db, shape, params) =>
      db('users').where('email', params.email).orderBy('email', shape.order).limit(params.limit * 2),
    );
    await expect(computed.rows({ order: 'asc' }, { email: 'ann@example.com', limit: 5 })).rejects.toThrow(/derived from a value/);
  });
});
