import { inject, injectable } from 'tsyringe';
import type { Balance } from '../domain/balance.js';
import { LEDGER_POLICY, type LedgerPolicy } from './ledger-policy.js';
import {
  LEDGER_REPOSITORY,
  type AddedRow,
  type AddedSortKey,
  type LedgerRepository,
  type PageQuery,
  type UsageRow,
  type UsageSortKey,
} from './ports/ledger.repository.port.js';

/** The longest chart range the Usage page asks for is 180 days; a little slack for time zones. */
export const MAX_CHART_DAYS = 190;

/** Read side of the ledger: the balance panel and the two history tables (the chart is UsageChart). */
@injectable()
export class TokenReports {
  constructor(
    @inject(LEDGER_REPOSITORY) private readonly ledger: LedgerRepository,
    @inject(LEDGER_POLICY) private readonly policy: LedgerPolicy,
  ) {}

  async state(userId: string): Promise<Balance & { unlimited: boolean }> {
    return { ...(await this.ledger.balanceOf(userId)), unlimited: this.policy.unlimited };
  }

  usage(userId: string, query: PageQuery<UsageSortKey>): Promise<{ rows: UsageRow[]; total: number }> {
    return this.ledger.usagePage(userId, query);
  }

  added(userId: string, query: PageQuery<AddedSortKey>): Promise<{ rows: AddedRow[]; total: number }> {
    return this.ledger.addedPage(userId, query);
  }
}
