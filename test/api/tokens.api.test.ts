import { beforeEach, describe, expect, it } from 'vitest';
import { GrantSubscriptionPeriod, GrantTokens, ReserveTokens, SettleTokens } from '../../src/modules/token-ledger/index.js';
import { signIn, signInUser } from '../support/sign-in.js';
import { startTestApp } from '../support/test-app.js';
import { databaseKinds, openTestDatabase } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';

type Page<T> = { data: T[]; total: number };
type UsageRow = { operation: string; usedTokens: number; date: string; payedUsd: number };
type AddedRow = { source: string; tokens: number; payedUsd: number; date: string };

describe.each(databaseKinds())('token calls (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { resetAfterEach: true });
  let token: string;
  let userId: string;

  beforeEach(async () => {
    ({ token, userId } = await signInUser(app, { email: 'reader@example.com' }));
  });

  /** Usage the way the pipeline records it: reserve, then settle, at a chosen time. */
  async function use(reservationId: string, tokens: number, operation: string, at: string) {
    const reserve = () => app.container.resolve(ReserveTokens).execute({ userId, reservationId, tokens, description: operation });
    if (!(await reserve()).ok) {
      await app.container.resolve(GrantTokens).execute({ userId, sourceKey: `fund:${reservationId}`, tokens, kind: 'admin_grant', description: 'Test funds', payedUsdCents: 0 });
      expect((await reserve()).ok).toBe(true);
    }
    await app.container.resolve(SettleTokens).execute({ userId, reservationId, operation });
    await database.db('token_ledger').where({ source_key: `settle:${reservationId}` }).update({ created_at: new Date(at) });
  }

  async function grant(sourceKey: string, tokens: number, cents: number, description: string, at: string) {
    await app.container.resolve(GrantTokens).execute({ userId, sourceKey, tokens, kind: 'purchase_grant', description, payedUsdCents: cents });
    await database.db('token_ledger').where({ source_key: sourceKey }).update({ created_at: new Date(at) });
  }

  it('answers the token state of a new user as zeros', async () => {
    const response = await app.fetch('/api/tokens/state', { token });
    expect(await response.json()).toEqual({ tokenState: { subscriptionTokens: 0, maxSubscriptionTokens: 0, additionalTokens: 0, unlimited: false, heldMails: 0 } });
  });

  it('answers the buckets after a period grant, a purchase and some use', async () => {
    await app.container.resolve(GrantSubscriptionPeriod).execute({ userId, sourceKey: 'in_1', planTokens: 200, periodStart: new Date('2026-11-01'), description: 'Basic plan', payedUsdCents: 900 });
    await grant('cs_1', 50, 500, 'Token purchase', '2026-11-02T10:00:00Z');
    await use('m1', 3, 'Summary', '2026-11-03T10:00:00Z');
    expect(await (await app.fetch('/api/tokens/state', { token })).json()).toEqual({
      tokenState: { subscriptionTokens: 197, maxSubscriptionTokens: 200, additionalTokens: 50, unlimited: false, heldMails: 0 },
    });
  });

  it('pages the usage table, newest first by default, 5 rows', async () => {
    for (let day = 1; day <= 7; day += 1) await use(`m${day}`, day, `Summary ${day}`, `2026-11-0${day}T12:00:00Z`);
    const first = (await (await app.fetch('/api/tokens/usage/table', { token })).json()) as Page<UsageRow>;
    expect(first.total).toBe(7);
    expect(first.data.map((row) => row.operation)).toEqual(['Summary 7', 'Summary 6', 'Summary 5', 'Summary 4', 'Summary 3']);
    expect(first.data[0]).toEqual({ operation: 'Summary 7', usedTokens: 7, date: '2026-11-07T12:00:00.000Z', payedUsd: 0 });
    const second = (await (await app.fetch('/api/tokens/usage/table?page=2&pageSize=5&sortBy=date&sortOrder=desc', { token })).json()) as Page<UsageRow>;
    expect(second.data.map((row) => row.operation)).toEqual(['Summary 2', 'Summary 1']);
  });

  it('sorts the usage table by each whitelisted key in both orders', async () => {
    await use('a', 5, 'Bravo', '2026-11-01T00:00:00Z');
    await use('b', 1, 'Alpha', '2026-11-02T00:00:00Z');
    await use('c', 9, 'Charlie', '2026-11-03T00:00:00Z');
    const order = async (query: string) =>
      ((await (await app.fetch(`/api/tokens/usage/table?${query}`, { token })).json()) as Page<UsageRow>).data.map((row) => row.operation);
    expect(await order('sortBy=operation&sortOrder=asc')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await order('sortBy=usedTokens&sortOrder=desc')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await order('sortBy=date&sortOrder=asc')).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('lists added tokens with their source and price in dollars', async () => {
    await grant('cs_1', 1000, 1250, 'Token purchase', '2026-11-02T10:00:00Z');
    await grant('cs_2', 100, 125, 'Token purchase', '2026-11-05T10:00:00Z');
    const page = (await (await app.fetch('/api/tokens/added/table?sortBy=payedUsd&sortOrder=desc&pageSize=10', { token })).json()) as Page<AddedRow>;
    expect(page).toEqual({
      total: 2,
      data: [
        { source: 'Token purchase', tokens: 1000, payedUsd: 12.5, date: '2026-11-02T10:00:00.000Z' },
        { source: 'Token purchase', tokens: 100, payedUsd: 1.25, date: '2026-11-05T10:00:00.000Z' },
      ],
    });
  });

  it.each([
    ['a page size outside 5, 10, 25', 'pageSize=20'],
    ['an unknown sort key', 'sortBy=description'],
    ['a SQL fragment as sort key', 'sortBy=created_at;drop table users'],
    ['an unknown sort order', 'sortOrder=up'],
    ['page 0', 'page=0'],
    ['a page that is not a number', 'page=two'],
    ['an unknown parameter', 'limit=1000'],
  ])('answers 400 for %s', async (_, query) => {
    for (const path of ['/api/tokens/usage/table', '/api/tokens/added/table']) {
      const response = await app.fetch(`${path}?${query}`, { token });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('REQUEST.INVALID');
    }
  });

  it('sums usage and counts processed mails per day in the user\'s time zone', async () => {
    // 23:30 UTC on the 1st is already the 2nd in Warsaw (UTC+1 in November).
    await use('m1', 2, 'A', '2026-11-01T23:30:00Z');
    await use('m2', 3, 'B', '2026-11-02T08:00:00Z');
    await use('m3', 4, 'C', '2026-11-01T10:00:00Z');
    const inWarsaw = await app.fetch('/api/tokens/usage/chart?from=2026-10-31T23:00:00.000Z&to=2026-11-03T23:00:00.000Z&tz=Europe/Warsaw', { token });
    expect(await inWarsaw.json()).toEqual({
      usage: [
        { date: '2026-11-01', usedTokens: 4, processedMails: 1 },
        { date: '2026-11-02', usedTokens: 5, processedMails: 2 },
      ],
    });
    const inUtc = await app.fetch('/api/tokens/usage/chart?from=2026-11-01T00:00:00Z&to=2026-11-04T00:00:00Z', { token });
    expect(await inUtc.json()).toEqual({
      usage: [
        { date: '2026-11-01', usedTokens: 6, processedMails: 2 },
        { date: '2026-11-02', usedTokens: 3, processedMails: 1 },
      ],
    });
  });

  it('leaves out usage before from', async () => {
    await use('m1', 2, 'A', '2026-10-01T10:00:00Z');
    const response = await app.fetch('/api/tokens/usage/chart?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z', { token });
    expect(await response.json()).toEqual({ usage: [] });
  });

  it.each([
    ['a missing from', 'tz=UTC'],
    ['a from that is not a date', 'from=yesterday'],
    ['an unknown time zone', 'from=2026-11-01T00:00:00Z&tz=Mars/Olympus'],
    ['a range over 190 days', 'from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z'],
    ['to before from', 'from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z'],
  ])('answers 400 for a chart query with %s', async (_, query) => {
    expect((await app.fetch(`/api/tokens/usage/chart?${query}`, { token })).status).toBe(400);
  });

  it('shows each user only their own usage', async () => {
    await use('m1', 2, 'Mine', '2026-11-01T10:00:00Z');
    const other = await signIn(app, { email: 'other@example.com' });
    expect(await (await app.fetch('/api/tokens/usage/table', { token: other })).json()).toEqual({ data: [], total: 0 });
  });
});

describe('token state with billing off', () => {
  it('reports unlimited tokens', async () => {
    const database = await openTestDatabase('pglite');
    const app = await startTestApp(database, { env: { BILLING: 'off' } });
    try {
      const token = await signIn(app);
      const state = (await (await app.fetch('/api/tokens/state', { token })).json()) as { tokenState: { unlimited: boolean } };
      expect(state.tokenState.unlimited).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
