import type { Database } from '../../../platform/db/database.js';
import { transactionOf } from '../../../platform/transactions/knex-transaction.js';
import type { AccountErasureStep, AccountRecords } from '../application/ports/account-records.port.js';

export class KnexAccountRecords implements AccountRecords {
  constructor(private readonly db: Database) {}

  async erase(userId: string, within: AccountErasureStep): Promise<string[] | null> {
    return this.db.transaction(async (trx) => {
      // The lock holds a concurrent sign-in's upsert of this user until the commit.
      const user = (await trx('users').where({ id: userId }).forUpdate().first('id')) as { id: string } | undefined;
      if (!user) return null;
      await within(transactionOf(trx));
      const sessions = (await trx('sessions').where({ user_id: userId }).delete().returning('id')) as { id: string }[];
      await trx('users').where({ id: userId }).delete();
      return sessions.map((session) => session.id);
    });
  }
}
