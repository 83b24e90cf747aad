import type { Knex } from 'knex';
import { CompiledQuery } from '../../../platform/db/compiled-query.js';
import type { Database } from '../../../platform/db/database.js';
import { GRANT_KINDS, type EntryKind } from '../domain/ledger-entry.js';
import type { AddedRow, AddedSortKey, PageQuery, UsageRow, UsageSortKey } from '../application/ports/ledger.repository.port.js';

interface PageRow {
  tokens: number;
  description: string;
  payed_usd_cents: number;
  created_at: Date;
}

type Entries = 'settlements' | 'grants';

// Sort keys map to columns here and only here: nothing from a query string reaches SQL unchecked.
const USAGE_COLUMNS: Record<UsageSortKey, string> = { operation: 'description', usedTokens: 'tokens', date: 'created_at' };
const ADDED_COLUMNS: Record<AddedSortKey, string> = { source: 'description', tokens: 'tokens', payedUsd: 'payed_usd_cents', date: 'created_at' };

/** Which entries a table lists, its order, and how a later page finds its start. */
interface PageShape {
  entries: Entries;
  column: string;
  order: 'asc' | 'desc';
  skip: 'none' | 'offset' | 'keyset';
}
type PageParams = { userId: string; limit: number; offset: number };

/**
 * The Usage page's two tables, a page at a time with their totals: settlements (usage) and grants (tokens
 * added). Both are read on every visit and live update, so their statements are built once per shape
 * (compiled-query.ts).
 */
export class KnexLedgerPages {
  private readonly pages: CompiledQuery<PageShape, PageParams>;
  private readonly totals: CompiledQuery<Entries, { userId: string }>;

  constructor(db: Database) {
    this.pages = new CompiledQuery(db, (shape: PageShape) => `${shape.entries} ${shape.column} ${shape.order} ${shape.skip}`, pageStatement);
    this.totals = new CompiledQuery(db, (entries: Entries) => entries, totalStatement);
  }

  async usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }> {
    // The operation and tokens orders are those of settlements-only indexes (migration 20261127150000): a
    // deep page starts at its first row, found in the index alone, and reads only its own rows.
    const keyset = query.sortBy !== 'date';
    const [rows, total] = await Promise.all([this.page('settlements', USAGE_COLUMNS[query.sortBy], userId, query, keyset), this.total('settlements', userId)]);
    return { rows: rows.map((row) => ({ operation: row.description, usedTokens: row.tokens, date: row.created_at, payedUsdCents: row.payed_usd_cents })), total };
  }

  async addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }> {
    const [rows, total] = await Promise.all([this.page('grants', ADDED_COLUMNS[query.sortBy], userId, query, false), this.total('grants', userId)]);
    return { rows: rows.map((row) => ({ source: row.description, tokens: row.tokens, payedUsdCents: row.payed_usd_cents, date: row.created_at })), total };
  }

  private page(entries: Entries, column: string, userId: string, query: PageQuery<string>, keyset: boolean): Promise<PageRow[]> {
    const offset = (query.page - 1) * query.pageSize;
    const skip = offset === 0 ? 'none' : keyset ? 'keyset' : 'offset';
    return this.pages.rows<PageRow>({ entries, column, order: query.sortOrder, skip }, { userId, limit: query.pageSize, offset });
  }

  private async total(entries: Entries, userId: string): Promise<number> {
    const [row] = await this.totals.rows<{ n: number | string }>(entries, { userId });
    return Number(row?.n ?? 0);
  }
}

function entriesOf(db: Database, entries: Entries, userId: string): Knex.QueryBuilder {
  const own = db('token_ledger').where({ user_id: userId });
  return entries === 'settlements' ? own.where({ kind: 'settle' }) : own.whereIn('kind', GRANT_KINDS as EntryKind[]);
}

function pageStatement(db: Database, { entries, column, order, skip }: PageShape, { userId, limit, offset }: PageParams): Knex.QueryBuilder {
  // The id breaks ties so paging is stable when many rows share a value.
  const inOrder = () =>
    entriesOf(db, entries, userId).orderBy([
      { column, order },
      { column: 'id', order },
    ]);
  const page = inOrder().limit(limit).select('tokens', 'description', 'payed_usd_cents', 'created_at');
  if (skip === 'none') return page;
  if (skip === 'offset') return page.offset(offset);
  // Past the end there is no first row: the comparison is null and the page empty.
  const start = inOrder().offset(offset).limit(1).select(column, 'id');
  return page.whereRaw(`(??, id) ${order === 'asc' ? '>=' : '<='} (?)`, [column, start]);
}

function totalStatement(db: Database, entries: Entries, { userId }: { userId: string }): Knex.QueryBuilder {
  // Settlements: the running count kept beside the ledger (migration 20261125120000), not a count of every
  // settlement on each call. Grants are few (a plan period, a purchase): counted.
  if (entries === 'settlements') return db('token_usage_totals').where({ user_id: userId }).select({ n: 'settlements' }).limit(1);
  return entriesOf(db, 'grants', userId).count({ n: '*' });
}
