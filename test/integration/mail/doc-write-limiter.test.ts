import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KnexDocWriteLimiter } from '../../../src/modules/mail/infra/persistence/knex.doc-write-limiter.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

describe.each(databaseKinds())('the per-user document write limiter (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(() => database.reset());
  afterAll(() => database.close());

  it('allows 50 writes a minute per user, across callers, then says when to come back', async () => {
    const limiter = new KnexDocWriteLimiter(database.db);
    const at = new Date('2026-11-02T10:00:40Z');
    const answers = await Promise.all(Array.from({ length: 55 }, () => limiter.tryAcquire('00000000-0000-4000-8000-000000000001', at)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(50);
    expect(answers.find((answer) => !answer.ok)).toEqual({ ok: false, retryAfterSeconds: 21 });
    expect(await limiter.tryAcquire('00000000-0000-4000-8000-000000000002', at)).toEqual({ ok: true });
    expect(await limiter.tryAcquire('00000000-0000-4000-8000-000000000001', new Date('2026-11-02T10:01:00Z'))).toEqual({ ok: true });
  });
});
