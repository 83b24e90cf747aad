import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inbound_messages', (table) => {
    table.uuid('id').primary();
    table.uuid('document_id').notNullable().references('id').inTable('documents').onDelete('CASCADE');
    table.uuid('owner_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // received → processing → processed | ignored | held | failed | expired
    table.text('status').notNullable().defaultTo('received');
    table.text('reason');
    table.jsonb('envelope').notNullable();
    // The message as received; dropped once the mail reaches a final status (only metadata stays).
    table.binary('raw');
    table.integer('size_bytes').notNullable();
    table.text('source_mail').notNullable().defaultTo('');
    table.text('subject').notNullable().defaultTo('');
    table.integer('used_tokens').notNullable().defaultTo(0);
    table.integer('attempts').notNullable().defaultTo(0);
    // A manual retry after a refund charges anew: the ledger reservation key includes the round.
    table.integer('charge_round').notNullable().defaultTo(0);
    // Results of finished steps, so a retry after a crash resumes instead of redoing (and repaying) them.
    table.jsonb('parsed');
    table.jsonb('auth_verdict');
    table.integer('cost_tokens');
    table.jsonb('summary');
    table.timestamp('written_at', { useTz: true });
    table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('held_at', { useTz: true });
    table.timestamp('finished_at', { useTz: true });
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['document_id', 'received_at']);
    table.index(['owner_id', 'status']);
  });
  await knex.raw(
    "ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_status CHECK (status IN ('received', 'processing', 'processed', 'ignored', 'held', 'failed', 'expired'))",
  );

  await knex.schema.createTable('forwarding_confirmations', (table) => {
    table.uuid('document_id').primary().references('id').inTable('documents').onDelete('CASCADE');
    table.text('code').notNullable();
    table.text('link');
    table.text('requester');
    table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Fixed one-minute windows of document writes per user, shared by every worker process.
  await knex.schema.createTable('doc_write_windows', (table) => {
    table.uuid('user_id').notNullable();
    table.timestamp('window_start', { useTz: true }).notNullable();
    table.integer('writes').notNullable().defaultTo(0);
    table.primary(['user_id', 'window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('doc_write_windows');
  await knex.schema.dropTable('forwarding_confirmations');
  await knex.schema.dropTable('inbound_messages');
}
