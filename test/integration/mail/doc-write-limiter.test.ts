import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocBudgets } from '../../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import { KnexDocWriteLimiter } from '../../../src/modules/mail/infra/persistence/knex.doc-write-limiter.js';
import { openDatabase, type Database } from '../../../src/platform/db/database.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const ADA = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';
const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DEFAULTS: DocBudgets = { writesPerUser: 50, writesPerProject: 500, readsPerUser: 250 };
const AT = new Date('2026-11-02T10:00:40Z');
const NEXT_MINUTE = new Date('2026-11-02T10:01:00Z');

describe.each(databaseKinds())('the document write budgets, per user and per project (%s)', (kind) => {
  let database: TestDatabase;
  /** A second process: its own connections to the same database (Postgres); PGlite has only one. */
  let second: { db: Database; close(): Promise<void> } | null = null;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    if (database.url) second = await openDatabase({ url: database.url });
  });
  afterEach(() => database.reset());
  afterAll(async () => {
    await second?.close();
    await database.release();
  });
  const twoProcesses = (budgets: DocBudgets) => [new KnexDocWriteLimiter(database.db, budgets), new KnexDocWriteLimiter(second?.db ?? database.db, budgets)] as const;

  it('allows 50 writes a minute per user across two processes, then says when the next window opens', async () => {
    const [one, two] = twoProcesses(DEFAULTS);
    const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => (i % 2 === 0 ? one : two).tryAcquire(ADA, AT)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(50);
    expect(answers.find((answer) => !answer.ok)).toEqual({ ok: false, retryAfterSeconds: 21 });
    expect(await one.tryAcquire(BOB, AT)).toEqual({ ok: true });
    expect(await two.tryAcquire(ADA, NEXT_MINUTE)).toEqual({ ok: true });
  });

  it("shares the project's budget across users and processes: once it is full every user waits, until the next minute", async () => {
    const [one, two] = twoProcesses({ ...DEFAULTS, writesPerProject: 12 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).tryAcquire(user(i % 5), AT)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(12);
    expect(await one.tryAcquire(user(99), AT)).toEqual({ ok: false, retryAfterSeconds: 21 });
    expect(await two.tryAcquire(user(99), NEXT_MINUTE)).toEqual({ ok: true });
  });

  it("gives the user's share back when the project's budget refuses, so a full project never burns a user's writes", async () => {
    const limiter = new KnexDocWriteLimiter(database.db, { ...DEFAULTS, writesPerUser: 3, writesPerProject: 2 });
    await limiter.tryAcquire(BOB, AT);
    await limiter.tryAcquire(BOB, AT);
    for (let i = 0; i < 5; i += 1) expect((await limiter.tryAcquire(ADA, AT)).ok).toBe(false);
    const row = (await database.db('doc_write_windows').where({ user_id: ADA }).first()) as { writes: number } | undefined;
    expect(row?.writes ?? 0).toBe(0);
    const project = (await database.db('doc_project_windows').first()) as { writes: number };
    expect(project.writes).toBe(2);
  });

  it('drops the windows older than ten minutes when a new minute opens, and keeps the recent ones', async () => {
    const limiter = new KnexDocWriteLimiter(database.db, DEFAULTS);
    await limiter.tryAcquire(ADA, new Date('2026-11-02T09:40:10Z'));
    await limiter.tryAcquire(BOB, new Date('2026-11-02T09:55:10Z'));
    await limiter.tryAcquire(ADA, AT);
    const users = (await database.db('doc_write_windows').orderBy('window_start').select('user_id')) as { user_id: string }[];
    expect(users.map((row) => row.user_id)).toEqual([BOB, ADA]);
    expect(await database.db('doc_project_windows').count({ n: '*' }).first()).toEqual({ n: 2 });
  });

  it('counts the reads each write makes against the per-user read budget', async () => {
    const limiter = new KnexDocWriteLimiter(database.db, { ...DEFAULTS, readsPerUser: 9 });
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await limiter.tryAcquire(ADA, AT)).ok);
    // Two reads a block: 4 writes use 8 of the 9 reads, the fifth would need 10.
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(await limiter.tryAcquire(ADA, AT, { writes: 0, reads: 1 })).toEqual({ ok: true });
    expect((await limiter.tryAcquire(ADA, AT, { writes: 0, reads: 1 })).ok).toBe(false);
  });
});
