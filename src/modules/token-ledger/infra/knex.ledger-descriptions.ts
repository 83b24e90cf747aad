import { knexOf } from '../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../shared/transaction.js';
import type { DescriptionChange, LedgerDescriptions } from '../application/ports/ledger-descriptions.port.js';

/** Keys per statement: a document with many mails is rewritten in statements of bounded size. */
const CHUNK = 3_000;

export class KnexLedgerDescriptions implements LedgerDescriptions {
  async rewrite(tx: Transaction, userId: string, changes: DescriptionChange[]): Promise<void> {
    const trx = knexOf(tx);
    if (changes.length === 0) return;
    // A rewritten settlement runs the usage totals' update trigger (migration 20261128120000), which
    // locks the user's quarter-hours, then their totals row; a settlement being added locks the totals row
    // first. Taking the totals row first here keeps one order, so the two cannot deadlock.
    await trx('token_usage_totals').where({ user_id: userId }).forUpdate().first('user_id');
    for (let start = 0; start < changes.length; start += CHUNK) {
      const chunk = changes.slice(start, start + CHUNK);
      // Found by the unique source key. An entry that says this already is not rewritten: no new row
      // version, and the usage totals' trigger sees no settlement change for it.
      await trx.raw(
        `UPDATE token_ledger AS l SET description = c.description
         FROM unnest(?::text[], ?::text[]) AS c(source_key, description)
         WHERE l.source_key = c.source_key AND l.user_id = ? AND l.description IS DISTINCT FROM c.description`,
        [chunk.map((change) => change.sourceKey), chunk.map((change) => change.description.slice(0, 500)), userId],
      );
    }
  }
}
