import type { Knex } from 'knex';
import type { Transaction } from '../../shared/transaction.js';

/** A knex transaction as the modules hand it on: one module opens it, the others' adapters join it. */
class KnexTransaction implements Transaction {
  readonly kind = 'transaction';
  constructor(readonly trx: Knex.Transaction) {}
}

/** What an adapter that opened `trx` hands to other modules. */
export function transactionOf(trx: Knex.Transaction): Transaction {
  return new KnexTransaction(trx);
}

/**
 * The knex transaction to run statements in. Inside it only `trx` may be used: on the embedded database
 * (one connection) a statement on the root knex would wait for this very transaction forever.
 */
export function knexOf(tx: Transaction): Knex.Transaction {
  if (tx instanceof KnexTransaction) return tx.trx;
  throw new Error('this transaction was not opened by a knex adapter');
}
