import type { Knex } from 'knex';
import type { Database } from '../../../platform/db/database.js';
import { EMPTY_BALANCE, type Balance } from '../domain/balance.js';
import { SourceKeyTakenError, type EntryKind, type LedgerEntry, type NewLedgerEntry } from '../domain/ledger-entry.js';
import { toBalance, type BalanceRow } from './knex.balance-row.js';
import { KnexLedgerPages } from './knex.ledger-pages.js';
import { reserveOnce } from './knex.reserve-once.js';
import { usagePerDay } from './knex.usage-per-day.js';
import type {
  AddedRow,
  AddedSortKey,
  LedgerRepository,
  LockedBalance,
  OutcomeEntry,
  PageQuery,
  ReservationEntry,
  ReserveOutcome,
  UsageDayRow,
  UsageRow,
  UsageSortKey,
} from '../application/ports/ledger.repository.port.js';

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

export class KnexLedgerRepository implements LedgerRepository {
  private readonly pages: KnexLedgerPages;

  constructor(private readonly db: Database) {
    this.pages = new KnexLedgerPages(db);
  }

  async withLockedBalance<T>(userId: string, work: (locked: LockedBalance) => Promise<T>): Promise<T> {
    return this.db.transaction(async (trx) => {
      // The row lock serialises every change of this user's tokens, across processes. The row exists
      // for anyone who ever had tokens: one statement then, two more only the first time.
      const lock = () => trx('token_balances').where({ user_id: userId }).forUpdate().first() as Promise<BalanceRow | undefined>;
      let row = await lock();
      if (!row) {
        await trx('token_balances').insert({ user_id: userId }).onConflict('user_id').ignore();
        row = (await lock()) as BalanceRow;
      }
      let balance = toBalance(row);
      const owned = (entry: EntryRow) => ownedBy(userId, entry);
      const locked: LockedBalance = {
        get balance() {
          return balance;
        },
        findEntry: async (sourceKey) => {
          const entry = (await trx('token_ledger').where({ source_key: sourceKey }).first()) as EntryRow | undefined;
          return entry ? owned(entry) : null;
        },
        findEntries: async (sourceKeys) => {
          const entries = (await trx('token_ledger').whereIn('source_key', sourceKeys).select('*')) as EntryRow[];
          return entries.map(owned);
        },
        append: async (entry, changes = {}) => {
          balance = await appendEntry(trx, userId, entry, changes);
          return balance;
        },
        appendOnce: async (entry) => {
          const appended = await appendEntryOnce(trx, userId, entry, balance);
          if (!appended) {
            // The key exists: this user's (a repeat, nothing to do) or another's (a clash).
            const existing = (await trx('token_ledger').where({ source_key: entry.sourceKey }).first()) as EntryRow | undefined;
            if (existing) owned(existing);
            return null;
          }
          balance = appended;
          return balance;
        },
      };
      return work(locked);
    });
  }

  /** The consumption rule lives in this one statement: knex.reserve-once.ts says it. */
  reserveOnce(userId: string, entry: ReservationEntry, options: { unlimited: boolean }): Promise<ReserveOutcome> {
    return reserveOnce(this.db, userId, entry, options);
  }

  async appendOutcome(userId: string, entry: OutcomeEntry): Promise<boolean> {
    // The unique index of outcomes (migration 20261128120000) turns a settlement after a refund, or a
    // second settlement, into a conflict: nothing is appended then.
    const result = (await this.db.raw(
      `INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, payed_usd_cents, related_key)
       SELECT :userId, :sourceKey, :kind, 0, 0, related.tokens, :description, 0, related.source_key
       FROM token_ledger related
       WHERE related.source_key = :relatedKey AND related.user_id = :userId
       ON CONFLICT DO NOTHING
       RETURNING source_key`,
      { userId, sourceKey: entry.sourceKey, kind: entry.kind, description: entry.description.slice(0, 500), relatedKey: entry.relatedKey },
    )) as { rows: unknown[] };
    return result.rows.length > 0;
  }

  async findEntries(userId: string, sourceKeys: string[]): Promise<LedgerEntry[]> {
    const entries = (await this.db('token_ledger').whereIn('source_key', sourceKeys).select('*')) as EntryRow[];
    return entries.map((entry) => ownedBy(userId, entry));
  }

  async balanceOf(userId: string): Promise<Balance> {
    const row = (await this.db('token_balances').where({ user_id: userId }).first()) as BalanceRow | undefined;
    return row ? toBalance(row) : EMPTY_BALANCE;
  }

  usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }> {
    return this.pages.usagePage(userId, query);
  }

  addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }> {
    return this.pages.addedPage(userId, query);
  }

  usagePerDay(userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<UsageDayRow[]> {
    return usagePerDay(this.db, userId, range);
  }

  async usageRevision(userId: string): Promise<string> {
    // The user's totals row is rewritten by the ledger's trigger in the transaction of every change to the
    // user's settlements (migration 20261128120000), and only then: each write gives the row a new
    // version, whose creating transaction (xmin) is the revision. The count rides along.
    const row = (await this.db('token_usage_totals').where({ user_id: userId }).first(this.db.raw('xmin::text AS revision'), 'settlements')) as
      | { revision: string; settlements: number | string }
      | undefined;
    return row ? `${row.revision}/${row.settlements}` : 'none';
  }
}

async function appendEntry(trx: Knex.Transaction, userId: string, entry: NewLedgerEntry, changes: { maxSubscriptionTokens?: number; periodStart?: Date }): Promise<Balance> {
  await trx('token_ledger').insert(ledgerRow(userId, entry));
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

/**
 * INSERT … ON CONFLICT DO NOTHING, and the balance moved by the same statement when the entry went in
 * (none of that when the key was there already): null then. An entry that moves nothing (a settlement)
 * leaves the balance row alone.
 */
async function appendEntryOnce(trx: Knex.Transaction, userId: string, entry: NewLedgerEntry, current: Balance): Promise<Balance | null> {
  // No conflict target: a second outcome of a reservation (migration 20261128120000) is skipped too.
  const insert = trx('token_ledger')
    .insert(ledgerRow(userId, entry))
    .onConflict()
    .ignore()
    .returning('source_key');
  if (entry.subscriptionDelta === 0 && entry.additionalDelta === 0) {
    const inserted = (await insert) as unknown[];
    return inserted.length > 0 ? current : null;
  }
  const { sql, bindings } = insert.toSQL();
  const result = (await trx.raw(
    `WITH added AS (${sql})
     UPDATE token_balances SET subscription_tokens = subscription_tokens + ?, additional_tokens = additional_tokens + ?, updated_at = CURRENT_TIMESTAMP
     WHERE user_id = ? AND EXISTS (SELECT 1 FROM added)
     RETURNING subscription_tokens, additional_tokens, max_subscription_tokens, period_start`,
    [...bindings, entry.subscriptionDelta, entry.additionalDelta, userId],
  )) as { rows: BalanceRow[] };
  const [row] = result.rows;
  return row ? toBalance(row) : null;
}

function ledgerRow(userId: string, entry: NewLedgerEntry) {
  return {
    user_id: userId,
    source_key: entry.sourceKey,
    kind: entry.kind,
    subscription_delta: entry.subscriptionDelta,
    additional_delta: entry.additionalDelta,
    tokens: entry.tokens,
    description: entry.description.slice(0, 500),
    payed_usd_cents: entry.payedUsdCents,
    related_key: entry.relatedKey,
  };
}

/** Source keys are global (a payment event belongs to one user): a clash is a bug, never a skip. */
function ownedBy(userId: string, entry: EntryRow): LedgerEntry {
  if (entry.user_id !== userId) throw new SourceKeyTakenError(entry.source_key);
  return toEntry(entry);
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
