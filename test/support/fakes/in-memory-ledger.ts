import { EMPTY_BALANCE, type Balance, type BucketSplit } from '../../../src/modules/token-ledger/domain/balance.js';
import { GRANT_KINDS, SourceKeyTakenError, type LedgerEntry } from '../../../src/modules/token-ledger/domain/ledger-entry.js';
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
} from '../../../src/modules/token-ledger/application/ports/ledger.repository.port.js';

/** The ledger in memory, with the same guarantees: per-user serialisation, all-or-nothing, unique keys. */
export class InMemoryLedgerRepository implements LedgerRepository {
  readonly entries: LedgerEntry[] = [];
  readonly balances = new Map<string, Balance>();
  private readonly queues = new Map<string, Promise<unknown>>();

  withLockedBalance<T>(userId: string, work: (locked: LockedBalance) => Promise<T>): Promise<T> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const run = previous.then(async () => {
      let balance = { ...(this.balances.get(userId) ?? EMPTY_BALANCE) };
      const staged: LedgerEntry[] = [];
      const find = (key: string) => [...this.entries, ...staged].find((entry) => entry.sourceKey === key) ?? null;
      const locked: LockedBalance = {
        get balance() {
          return balance;
        },
        findEntry: (key) => Promise.resolve(find(key)),
        findEntries: (keys) => Promise.resolve([...this.entries, ...staged].filter((entry) => keys.includes(entry.sourceKey))),
        appendOnce: (entry) => (find(entry.sourceKey) || (entry.relatedKey && this.outcomeOf(entry.relatedKey)) ? Promise.resolve(null) : locked.append(entry)),
        append: (entry, changes = {}) => {
          if ([...this.entries, ...staged].some((existing) => existing.sourceKey === entry.sourceKey)) throw new Error(`duplicate ${entry.sourceKey}`);
          balance = {
            subscriptionTokens: balance.subscriptionTokens + entry.subscriptionDelta,
            additionalTokens: balance.additionalTokens + entry.additionalDelta,
            maxSubscriptionTokens: changes.maxSubscriptionTokens ?? balance.maxSubscriptionTokens,
            periodStart: changes.periodStart ?? balance.periodStart,
          };
          if (balance.subscriptionTokens < 0 || balance.additionalTokens < 0) throw new Error('balance below zero');
          staged.push({ ...entry, userId, createdAt: new Date() });
          return Promise.resolve(balance);
        },
      };
      const result = await work(locked);
      this.entries.push(...staged);
      this.balances.set(userId, balance);
      return result;
    });
    this.queues.set(userId, run.catch(() => undefined));
    return run;
  }

  /**
   * The consumption rule's home is the database's statement (knex.reserve-once.ts); this copy is held to
   * it by test/support/token-ledger/consumption-contract.ts, which runs on both, and by the property test
   * that replays random sequences on both (test/integration/token-ledger/knex.ledger.test.ts).
   */
  reserveOnce(userId: string, entry: ReservationEntry, options: { unlimited: boolean }): Promise<ReserveOutcome> {
    return this.withLockedBalance(userId, async (locked): Promise<ReserveOutcome> => {
      const [existing] = await locked.findEntries([entry.sourceKey]);
      if (existing && existing.userId !== userId) throw new SourceKeyTakenError(entry.sourceKey);
      if (existing) return { outcome: 'repeated', balance: locked.balance };
      const split = options.unlimited ? { fromSubscription: 0, fromAdditional: 0 } : consumptionOf(locked.balance, entry.tokens);
      if (!split) return { outcome: 'insufficient', balance: locked.balance };
      // 0 - n, not -n: the database stores no -0.
      const balance = await locked.append({ ...entry, kind: 'reserve', subscriptionDelta: 0 - split.fromSubscription, additionalDelta: 0 - split.fromAdditional, payedUsdCents: 0, relatedKey: null });
      return { outcome: 'reserved', balance };
    });
  }

  appendOutcome(userId: string, entry: OutcomeEntry): Promise<boolean> {
    return this.withLockedBalance(userId, async (locked) => {
      const related = this.entries.find((existing) => existing.sourceKey === entry.relatedKey);
      if (!related || related.userId !== userId || this.outcomeOf(entry.relatedKey) || this.entries.some((existing) => existing.sourceKey === entry.sourceKey)) return false;
      await locked.append({ ...entry, tokens: related.tokens, subscriptionDelta: 0, additionalDelta: 0, payedUsdCents: 0 });
      return true;
    });
  }

  findEntries(userId: string, sourceKeys: string[]): Promise<LedgerEntry[]> {
    const found = this.entries.filter((entry) => sourceKeys.includes(entry.sourceKey));
    const foreign = found.find((entry) => entry.userId !== userId);
    return foreign ? Promise.reject(new SourceKeyTakenError(foreign.sourceKey)) : Promise.resolve(found);
  }

  /** A reservation is settled or refunded once (the database's unique index of outcomes). */
  private outcomeOf(relatedKey: string): LedgerEntry | undefined {
    return this.entries.find((entry) => entry.relatedKey === relatedKey && (entry.kind === 'settle' || entry.kind === 'refund'));
  }

  balanceOf(userId: string): Promise<Balance> {
    return Promise.resolve(this.balances.get(userId) ?? EMPTY_BALANCE);
  }

  usagePage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }> {
    const rows = this.entries
      .filter((entry) => entry.userId === userId && entry.kind === 'settle')
      .map((entry) => ({ operation: entry.description, usedTokens: entry.tokens, date: entry.createdAt, payedUsdCents: 0 }));
    return Promise.resolve({ rows: rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), total: rows.length });
  }

  addedPage(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }> {
    const rows = this.entries
      .filter((entry) => entry.userId === userId && GRANT_KINDS.includes(entry.kind))
      .map((entry) => ({ source: entry.description, tokens: entry.tokens, payedUsdCents: entry.payedUsdCents, date: entry.createdAt }));
    return Promise.resolve({ rows: rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize), total: rows.length });
  }

  usagePerDay(): Promise<UsageDayRow[]> {
    return Promise.resolve([]);
  }

  usageRevision(userId: string): Promise<string> {
    const settlements = this.entries.filter((entry) => entry.userId === userId && entry.kind === 'settle');
    return Promise.resolve(`${settlements.length}/${settlements.reduce((sum, entry) => sum + entry.tokens, 0)}`);
  }
}

/** Subscription bucket first, then the extra tokens; null (nothing taken) when both together fall short. */
function consumptionOf(balance: Balance, tokens: number): BucketSplit | null {
  const fromSubscription = Math.min(balance.subscriptionTokens, tokens);
  const fromAdditional = tokens - fromSubscription;
  return fromAdditional <= balance.additionalTokens ? { fromSubscription, fromAdditional } : null;
}
