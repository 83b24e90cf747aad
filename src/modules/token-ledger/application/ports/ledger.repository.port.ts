import type { Balance } from '../../domain/balance.js';
import type { LedgerEntry, NewLedgerEntry } from '../../domain/ledger-entry.js';

/** What a use case can do while it holds the lock on one user's balance. */
export interface LockedBalance {
  readonly balance: Balance;
  findEntry(sourceKey: string): Promise<LedgerEntry | null>;
  /** The entries of these keys that exist, in one lookup (for a reservation's reserve, settle and refund). */
  findEntries(sourceKeys: string[]): Promise<LedgerEntry[]>;
  /** Appends the entry and moves the balance by its deltas; the plan size can be set with a period grant. */
  append(entry: NewLedgerEntry, changes?: { maxSubscriptionTokens?: number; periodStart?: Date }): Promise<Balance>;
  /**
   * Appends the entry unless its key exists (then changes nothing and answers null), in one statement:
   * the idempotent write of a reservation or a settlement, without a lookup before it.
   */
  appendOnce(entry: NewLedgerEntry): Promise<Balance | null>;
  /**
   * Appends an entry that moves no balance, for the tokens of the entry `relatedKey` names, when that
   * entry exists, the `unless` key does not, and the entry's own key is new; in one statement. False
   * when it appended nothing (then look why).
   */
  appendAgainst(entry: Omit<NewLedgerEntry, 'tokens' | 'subscriptionDelta' | 'additionalDelta' | 'relatedKey'> & { relatedKey: string }, options: { unless: string }): Promise<boolean>;
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
