import type { Knex } from 'knex';
import type { Database } from '../../../platform/db/database.js';
import { EMPTY_BALANCE, type Balance } from '../domain/balance.js';
import { GRANT_KINDS, SourceKeyTakenError, type EntryKind, type LedgerEntry, type NewLedgerEntry } from '../domain/ledger-entry.js';
import type {
  AddedRow,
  AddedSortKey,
  LedgerRepository,
  LockedBalance,
  PageQuery,
  UsageRow,
  UsageSortKey,
} from '../application/ports/ledger.repository.port.js';

interface BalanceRow {
  subscription_tokens: number;
  additional_tokens: number;
  max_subscription_tokens: number;
  period_start: Date | null;
}

interface EntryRow {
  source_key: string;
  user_id: string;
  kind: EntryKind;
  subscription_delta: number;
  additional_delta: number;
  tokens: number;
  description: string;
  payed_usd_cents: number;
  related_key: string | null;
  created_at: Date;
}

// Sort keys map to columns here and only here: nothing from a query string reaches SQL unchecked.
const USAGE_COLUMNS: Record<UsageSortKey, string> = { operation: 'description', usedTokens: 'tokens', date: 'created_at' };
const ADDED_COLUMNS: Record<AddedSortKey, string> = { source: 'description', tokens: 'tokens', payedUsd: 'payed_usd_cents', date: 'created_at' };

export class KnexLedgerRepository implements LedgerRepository {
  constructor(private readonly db: Database) {}

  async withLockedBalance<T>(userId: string, work: (locked: LockedBalance) => Promise<T>): Promise<T> {
    return this.db.transaction(async (trx) => {
      await trx('token_balances').insert({ user_id: userId }).onConflict('user_id').ignore();
      // The row lock serialises every change of this user's tokens, across processes.
      const row = (await trx('token_balances').where({ user_id: userId }).forUpdate().first()) as BalanceRow;
      let balance = toBalance(row);
      const locked: LockedBalance = {
        get balance() {
          return balance;
        },
        findEntry: async (sourceKey) => {
          const entry = (await trx('token_ledger').where({ source_key: sourceKey }).first()) as EntryRow | undefined;
          // Source keys are global (a payment event belongs to one user): a clash is a bug, never a skip.
          if (entry && entry.user_id !== userId) throw new SourceKeyTakenError(sourceKey);
          return entry ? toEntry(entry) : null;
        },
        append: async (entry, changes = {}) => {
          balance = await appendEntry(trx, userId, entry, changes);
          return balance;
        },
      };
      return work(locked);
    });
  }

  async balanceOf(userId: string): Promise<Balance> {
    const row = (await this.db('token_balances').where({ user_id: userId }).first()) as BalanceRow | undefined;
    return row ? toBalance(row) : EMPTY_BALANCE;
  }

  async usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }> {
    const base = this.db('token_ledger').where({ user_id: userId, kind: 'settle' });
    const [rows, total] = await Promise.all([
      paged(base.clone(), USAGE_COLUMNS[query.sortBy], query),
      count(base.clone()),
    ]);
    return { rows: rows.map((row) => ({ operation: row.description, usedTokens: row.tokens, date: row.created_at, payedUsdCents: row.payed_usd_cents })), total };
  }

  async addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }> {
    const base = this.db('token_ledger').where({ user_id: userId }).whereIn('kind', GRANT_KINDS as EntryKind[]);
    const [rows, total] = await Promise.all([paged(base.clone(), ADDED_COLUMNS[query.sortBy], query), count(base.clone())]);
    return { rows: rows.map((row) => ({ source: row.description, tokens: row.tokens, payedUsdCents: row.payed_usd_cents, date: row.created_at })), total };
  }

  async usagePerDay(userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<{ date: string; usedTokens: number }[]> {
    // A heavy user's 180 days are ~90,000 settlements, read by an index-only scan (the index carries
    // `tokens`). Converting each one to local time is what cost most, so the rows are first summed per
    // quarter-hour (plain arithmetic), and only those sums are placed on local dates. Every UTC offset in
    // use since 1980 is a whole number of quarter-hours, so a local midnight always falls on a
    // quarter-hour boundary: a quarter-hour lies within one local day, and the days are the same as
    // converting each row. The range itself is applied to the rows, exactly.
    const quarters = this.db('token_ledger')
      .where({ user_id: userId, kind: 'settle' })
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .select(this.db.raw("date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter"))
      .sum({ tokens: 'tokens' })
      .groupByRaw('1');
    const days = this.db
      .from(quarters.as('quarters'))
      .select(this.db.raw('(quarter AT TIME ZONE ?)::date AS day', [range.timeZone]))
      .sum({ used_tokens: 'tokens' })
      .groupByRaw('1');
    const rows = (await this.db
      .from(days.as('days'))
      .select({ date: this.db.raw("to_char(day::timestamp, 'YYYY-MM-DD')"), usedTokens: 'used_tokens' })
      .orderBy('day')) as { date: string; usedTokens: number | string }[];
    return rows.map((row) => ({ date: row.date, usedTokens: Number(row.usedTokens) }));
  }
}

async function appendEntry(trx: Knex.Transaction, userId: string, entry: NewLedgerEntry, changes: { maxSubscriptionTokens?: number; periodStart?: Date }): Promise<Balance> {
  await trx('token_ledger').insert({
    user_id: userId,
    source_key: entry.sourceKey,
    kind: entry.kind,
    subscription_delta: entry.subscriptionDelta,
    additional_delta: entry.additionalDelta,
    tokens: entry.tokens,
    description: entry.description.slice(0, 500),
    payed_usd_cents: entry.payedUsdCents,
    related_key: entry.relatedKey,
  });
  const [row] = (await trx('token_balances')
    .where({ user_id: userId })
    .update({
      subscription_tokens: trx.raw('subscription_tokens + ?', [entry.subscriptionDelta]),
      additional_tokens: trx.raw('additional_tokens + ?', [entry.additionalDelta]),
      ...(changes.maxSubscriptionTokens !== undefined ? { max_subscription_tokens: changes.maxSubscriptionTokens } : {}),
      ...(changes.periodStart ? { period_start: changes.periodStart } : {}),
      updated_at: trx.fn.now(),
    })
    .returning(['subscription_tokens', 'additional_tokens', 'max_subscription_tokens', 'period_start'])) as BalanceRow[];
  if (!row) throw new Error(`no balance row for ${userId}`);
  return toBalance(row);
}

function paged(query: Knex.QueryBuilder, column: string, page: PageQuery<string>): Promise<EntryRow[]> {
  // The id breaks ties so paging is stable when many rows share a value.
  return query
    .orderBy([
      { column, order: page.sortOrder },
      { column: 'id', order: page.sortOrder },
    ])
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .select('*') as Promise<EntryRow[]>;
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

function toBalance(row: BalanceRow): Balance {
  return {
    subscriptionTokens: row.subscription_tokens,
    additionalTokens: row.additional_tokens,
    maxSubscriptionTokens: row.max_subscription_tokens,
    periodStart: row.period_start,
  };
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    sourceKey: row.source_key,
    userId: row.user_id,
    kind: row.kind,
    subscriptionDelta: row.subscription_delta,
    additionalDelta: row.additional_delta,
    tokens: row.tokens,
    description: row.description,
    payedUsdCents: row.payed_usd_cents,
    relatedKey: row.related_key,
    createdAt: row.created_at,
  };
}
