import { knexOf } from '../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../shared/transaction.js';
import { KEPT_CHECKOUT, type BillingAccountRecords } from '../application/ports/billing-account.records.port.js';

export class KnexBillingAccountRecords implements BillingAccountRecords {
  async erase(tx: Transaction, userId: string): Promise<void> {
    const trx = knexOf(tx);
    await trx('billing_subscriptions').where({ user_id: userId }).delete();
    await trx('billing_checkout_sessions')
      .where({ user_id: userId })
      .andWhere((kept) => kept.whereNot({ status: KEPT_CHECKOUT.status }).orWhereNotIn('mode', [...KEPT_CHECKOUT.modes]))
      .delete();
    await trx('billing_customers').where({ user_id: userId }).update({ email: null, default_payment_method: null });
  }
}
