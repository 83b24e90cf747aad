import type { Knex } from 'knex';

/**
 * The blocks of mails waiting for their document's write budget (docs/operations.md § Google's quotas):
 * a run that gets a slot writes its own block and its document's pending ones in one batchUpdate, then
 * marks them written, so their own runs end without writing. A row holds mail content (the summary), so
 * it goes when its mail ends, whatever the end (trigger below, in the statement that ends the mail: no
 * statement of its own), and with its mail or document (cascades: document deletion, account erasure).
 */
const FORGET_PENDING_BLOCK = `
  CREATE FUNCTION pending_doc_blocks_forget() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM pending_doc_blocks WHERE message_id = NEW.id;
    RETURN NULL;
  END
  $$`;
const ENDS = "WHEN (NEW.status IN ('processed', 'ignored', 'failed', 'expired', 'duplicate'))";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pending_doc_blocks', (table) => {
    table.uuid('message_id').primary().references('id').inTable('inbound_messages').onDelete('CASCADE');
    table.uuid('document_id').notNullable().references('id').inTable('documents').onDelete('CASCADE');
    table.text('heading').notNullable();
    table.text('meta').notNullable();
    table.text('body').notNullable();
    table.text('link');
    // The batch's order: oldest mail first.
    table.timestamp('received_at', { useTz: true }).notNullable();
    // A run writing the block in its batch; a claim older than the lease is its dead run's, free again.
    table.text('claim_token');
    table.timestamp('claimed_at', { useTz: true });
    // Written by a batch, into this linked document (a part, when the document continued).
    table.text('written_external_id');
    table.timestamp('written_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX pending_doc_blocks_waiting ON pending_doc_blocks (document_id, received_at, message_id) WHERE written_at IS NULL');
  await knex.raw(FORGET_PENDING_BLOCK);
  await knex.raw(`CREATE TRIGGER pending_doc_blocks_forget AFTER UPDATE OF status ON inbound_messages FOR EACH ROW ${ENDS} EXECUTE FUNCTION pending_doc_blocks_forget()`);
  await knex.raw("COMMENT ON FUNCTION pending_doc_blocks_forget() IS 'Mail module (migration 20261206100000): a mail that ends takes its pending block with it'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER pending_doc_blocks_forget ON inbound_messages');
  await knex.raw('DROP FUNCTION pending_doc_blocks_forget()');
  await knex.schema.dropTable('pending_doc_blocks');
}
