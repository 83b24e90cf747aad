import { EMPTY_BALANCE, type Balance } from '../../../src/modules/token-ledger/domain/balance.js';
import { GRANT_KINDS, type LedgerEntry } from '../../../src/modules/token-ledger/domain/ledger-entry.js';
import type {
  AddedRow,
  AddedSortKey,
  LedgerRepository,
  LockedBalance,
  PageQuery,
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
        appendAgainst: async (entry, options) => {
          const related = find(entry.relatedKey);
          if (!related || related.userId !== userId || find(options.unless) || find(entry.sourceKey)) return false;
          await locked.append({ ...entry, tokens: related.tokens, subscriptionDelta: 0, additionalDelta: 0 });
          return true;
        },
        appendOnce: (entry) => (find(entry.sourceKey) ? Promise.resolve(null) : locked.append(entry)),
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
}
