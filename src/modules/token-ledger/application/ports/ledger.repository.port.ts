import type { Balance } from '../../domain/balance.js';
import type { LedgerEntry, NewLedgerEntry } from '../../domain/ledger-entry.js';

/** What a use case can do while it holds the lock on one user's balance. */
export interface LockedBalance {
  readonly balance: Balance;
  findEntry(sourceKey: string): Promise<LedgerEntry | null>;
  /** Appends the entry and moves the balance by its deltas; the plan size can be set with a period grant. */
  append(entry: NewLedgerEntry, changes?: { maxSubscriptionTokens?: number; periodStart?: Date }): Promise<Balance>;
}

export type SortOrder = 'asc' | 'desc';

export interface PageQuery<K extends string> {
  page: number;
  pageSize: number;
  sortBy: K;
  sortOrder: SortOrder;
}

export type UsageSortKey = 'operation' | 'usedTokens' | 'date';
export type AddedSortKey = 'source' | 'tokens' | 'payedUsd' | 'date';

export interface UsageRow {
  operation: string;
  usedTokens: number;
  date: Date;
  payedUsdCents: number;
}

export interface AddedRow {
  source: string;
  tokens: number;
  payedUsdCents: number;
  date: Date;
}

/** One local day of settled usage: `date` is YYYY-MM-DD; each settlement is one processed mail. */
export interface UsageDayRow {
  date: string;
  usedTokens: number;
  settlements: number;
}

export interface LedgerRepository {
  /**
   * Runs `work` with the user's balance locked: concurrent calls for the same user run one after the
   * other, and everything appended commits together or not at all.
   */
  withLockedBalance<T>(userId: string, work: (locked: LockedBalance) => Promise<T>): Promise<T>;
  balanceOf(userId: string): Promise<Balance>;
  usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }>;
  addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }>;
  /** Settled usage per calendar day in `timeZone`, days with usage only: tokens summed, settlements (one per mail) counted. */
  usagePerDay(userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<UsageDayRow[]>;
}

export const LEDGER_REPOSITORY = Symbol('LedgerRepository');
