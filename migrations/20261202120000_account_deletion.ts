import type { Knex } from 'knex';

/**
 * Deleting an account keeps the billing records the law requires (src/shared/retention-policy.ts,
 * `ACCOUNT_DELETION_KEPT`): the ledger's purchase and payment entries, the billing customer and the
 * completed checkouts. Their rows must outlive the user's row, so they no longer cascade from it: their
 * `user_id` stays as a bare id that no longer leads to a name or an email.
 */
const KEPT = ['token_ledger', 'billing_customers', 'billing_checkout_sessions'];

export async function up(knex: Knex): Promise<void> {
  for (const table of KEPT) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['user_id']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of KEPT) {
    await knex(table).whereNotIn('user_id', knex('users').select('id')).delete();
    await knex.schema.alterTable(table, (t) => {
      t.foreign('user_id').references('id').inTable('users').onDelete('CASCADE');
    });
  }
}
