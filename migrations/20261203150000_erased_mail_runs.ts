import type { Knex } from 'knex';

/**
 * Mail erased with its document while it was still due or running (`received` or `processing`): its id,
 * owner and charge round, nothing of its content. A run already past its claim can still reserve, settle
 * or refund tokens after the erase committed; the retention job then gives an open reservation back and
 * rewrites what those entries say, as the erase did for the rest (docs/operations.md § What is kept). A row
 * goes an hour after the erase, long after any run's lease has ended.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('erased_mail_runs', (table) => {
    table.uuid('message_id').primary();
    table.uuid('owner_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.integer('charge_round').notNullable();
    table.timestamp('erased_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['erased_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('erased_mail_runs');
}
