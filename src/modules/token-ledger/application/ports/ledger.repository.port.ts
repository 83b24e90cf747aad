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
   * Appends the entry and moves the balance by its deltas unless its key exists, or, for a refund, its
   * reservation has an outcome already (then changes nothing and answers null), in one statement.
   */
  appendOnce(entry: NewLedgerEntry): Promise<Balance | null>;
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

/** A reservation's entry: what `reserveOnce` appends, with the deltas it works out. */
export interface ReservationEntry {
  sourceKey: string;
  tokens: number;
  description: string;
}

/** `repeated`: the key was there already, nothing changed. `balance` is the balance after. */
export type ReserveOutcome = { outcome: 'reserved' | 'repeated' | 'insufficient'; balance: Balance };

/** The entry that ends a reservation (settle or refund), for the reservation's own tokens. */
export interface OutcomeEntry {
  sourceKey: string;
  kind: 'settle';
  description: string;
  /** The reservation's key. */
  relatedKey: string;
}

export interface LedgerRepository {
  /**
   * Runs `work` with the user's balance locked: concurrent calls for the same user run one after the
   * other, and everything appended commits together or not at all.
   */
  withLockedBalance<T>(userId: string, work: (locked: LockedBalance) => Promise<T>): Promise<T>;
  /**
   * A reservation as one atomic step under the user's balance lock: unless its key exists, the tokens are
   * taken by the consumption rule (subscription bucket first, then the extra tokens; from neither when
   * `unlimited`; docs/architecture.md "How a mail travels"), the entry is appended and the balance moved;
   * `insufficient`, changing nothing, when the two buckets together do not cover them. Every adapter is
   * held to test/support/token-ledger/consumption-contract.ts.
   */
  reserveOnce(userId: string, entry: ReservationEntry, options: { unlimited: boolean }): Promise<ReserveOutcome>;
  /**
   * Appends the entry, moving no balance, for the tokens of the user's entry `relatedKey`, when that entry
   * exists, has no outcome yet (a reservation is settled or refunded once) and the entry's key is new. False
   * when it appended nothing (then look why).
   */
  appendOutcome(userId: string, entry: OutcomeEntry): Promise<boolean>;
  /** The user's entries of these keys that exist, without a lock. */
  findEntries(userId: string, sourceKeys: string[]): Promise<LedgerEntry[]>;
  balanceOf(userId: string): Promise<Balance>;
  usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }>;
  addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }>;
  /** Settled usage per calendar day in `timeZone`, days with usage only: tokens summed, settlements (one per mail) counted. */
  usagePerDay(userId: string, range: { from: Date; to: Date; timeZone: string }): Promise<UsageDayRow[]>;
  /**
   * A token that changes whenever the user's settled usage changes (a settlement added, corrected or
   * removed, whoever commits it) and only then; read in one indexed lookup.
   */
  usageRevision(userId: string): Promise<string>;
}

export const LEDGER_REPOSITORY = Symbol('LedgerRepository');
