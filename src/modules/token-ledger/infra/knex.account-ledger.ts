import type { Database } from '../../../platform/db/database.js';
import { knexOf } from '../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../shared/transaction.js';
import { KEPT_LEDGER_KINDS, type AccountLedger, type LedgerEntryExport } from '../application/ports/account-ledger.port.js';

export class KnexAccountLedger implements AccountLedger {
  constructor(private readonly db: Database) {}

  async entries(userId: string): Promise<LedgerEntryExport[]> {
    const rows = (await this.db('token_ledger').where({ user_id: userId }).orderBy('id').select('kind', 'tokens', 'description', 'payed_usd_cents', 'created_at')) as {
      kind: string;
      tokens: number;
      description: string;
      payed_usd_cents: number;
      created_at: Date;
    }[];
    return rows.map((row) => ({ kind: row.kind, tokens: row.tokens, description: row.description, paidUsdCents: row.payed_usd_cents, createdAt: row.created_at }));
  }

  async erase(tx: Transaction, userId: string): Promise<void> {
    const trx = knexOf(tx);
    // The same lock order as a settlement being added (knex.ledger-descriptions.ts): the totals row first.
    await trx('token_usage_totals').where({ user_id: userId }).forUpdate().first('user_id');
    await trx('token_ledger').where({ user_id: userId }).whereNotIn('kind', [...KEPT_LEDGER_KINDS]).delete();
    await trx('token_usage_quarters').where({ user_id: userId }).delete();
    await trx('token_usage_totals').where({ user_id: userId }).delete();
    await trx('token_balances').where({ user_id: userId }).delete();
  }
}
