import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('token_balances', (table) => {
    table.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    table.integer('subscription_tokens').notNullable().defaultTo(0);
    table.integer('additional_tokens').notNullable().defaultTo(0);
    table.integer('max_subscription_tokens').notNullable().defaultTo(0);
    table.timestamp('period_start', { useTz: true });
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The last line of defence: whatever the code does, a balance cannot go below zero.
  await knex.raw('ALTER TABLE token_balances ADD CONSTRAINT token_balances_not_negative CHECK (subscription_tokens >= 0 AND additional_tokens >= 0)');

  await knex.schema.createTable('token_ledger', (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // Mail id, payment event id, checkout id…: the same source can never be counted twice.
    table.text('source_key').notNullable().unique();
    table.text('kind').notNullable();
    table.integer('subscription_delta').notNullable();
    table.integer('additional_delta').notNullable();
    table.integer('tokens').notNullable();
    table.text('description').notNullable();
    table.integer('payed_usd_cents').notNullable().defaultTo(0);
    table.text('related_key');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'kind', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE token_ledger ADD CONSTRAINT token_ledger_kind CHECK (kind IN ('period_grant', 'purchase_grant', 'admin_grant', 'reserve', 'settle', 'refund'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('token_ledger');
  await knex.schema.dropTable('token_balances');
}
