// The usage table reads a page from the index of its order, deep pages from a start found in that index:
// walked page by page, every order must give exactly a full sort of the user's settlements (the column,
// then the entry's id), no entry twice, none missed, nothing of another kind or another user.
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsageSortKey } from '../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const SETTLEMENTS = 37;
const COLUMNS: Record<UsageSortKey, string> = { operation: 'description', usedTokens: 'tokens', date: 'created_at' };

describe.each(databaseKinds())('pages of the usage table (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let ledger: KnexLedgerRepository;

  beforeAll(async () => {
    ledger = new KnexLedgerRepository(database.db);
  });

  it.each([
    ['operation', 'asc'],
    ['operation', 'desc'],
    ['usedTokens', 'asc'],
    ['usedTokens', 'desc'],
    ['date', 'asc'],
    ['date', 'desc'],
  ] as const)('walks every page sorted by %s %s in the order of a full sort of the settlements', async (sortBy, sortOrder) => {
    const userId = await aUser(database.db);
    const stranger = await aUser(database.db);
    // Few distinct values, so most rows tie and the id decides, also where a page starts.
    const entries = (user: string, kinds: string[]) =>
      Array.from({ length: SETTLEMENTS }, (_, n) => kinds.map((entryKind) => ({
        user_id: user,
        source_key: `${user}:${entryKind}:${n}`,
        kind: entryKind,
        subscription_delta: 0,
        additional_delta: 0,
        tokens: 1 + (n % 3),
        description: `Summary ${n % 4}`,
        created_at: new Date(Date.UTC(2026, 10, 1 + (n % 5))),
      }))).flat();
    await database.db('token_ledger').insert(entries(userId, ['reserve', 'settle']));
    await database.db('token_ledger').insert(entries(stranger, ['settle']));
    const column = COLUMNS[sortBy];
    const expected = (await database.db('token_ledger')
      .where({ user_id: userId, kind: 'settle' })
      .orderBy([
        { column, order: sortOrder },
        { column: 'id', order: sortOrder },
      ])
      .select('description', 'tokens', 'created_at')) as { description: string; tokens: number; created_at: Date }[];

    const pages = [];
    for (let page = 1; page <= Math.ceil(SETTLEMENTS / 5) + 1; page += 1) pages.push(await ledger.usagePage(userId, { page, pageSize: 5, sortBy, sortOrder }));
    expect(pages.every((each) => each.total === SETTLEMENTS)).toBe(true);
    expect(pages.at(-1)?.rows).toEqual([]);
    expect(pages.flatMap((each) => each.rows)).toEqual(expected.map((row) => ({ operation: row.description, usedTokens: row.tokens, date: row.created_at, payedUsdCents: 0 })));
  });
});
