import type { Knex } from 'knex';

/**
 * Redelivered mail: the same message (its Message-ID, or a hash of its content when it has none) to the
 * same document within DEDUP_DAYS is recorded as `duplicate` and not summarised or charged again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.text('dedup_key');
    table.index(['document_id', 'dedup_key', 'received_at'], 'inbound_messages_dedup');
  });
  await knex.raw('ALTER TABLE inbound_messages DROP CONSTRAINT inbound_messages_status');
  await knex.raw(
    "ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_status CHECK (status IN ('received', 'processing', 'processed', 'ignored', 'held', 'failed', 'expired', 'duplicate'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('inbound_messages').where({ status: 'duplicate' }).update({ status: 'ignored' });
  await knex.raw('ALTER TABLE inbound_messages DROP CONSTRAINT inbound_messages_status');
  await knex.raw(
    "ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_status CHECK (status IN ('received', 'processing', 'processed', 'ignored', 'held', 'failed', 'expired'))",
  );
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropIndex(['document_id', 'dedup_key', 'received_at'], 'inbound_messages_dedup');
    table.dropColumn('dedup_key');
  });
}
