import type { Knex } from 'knex';

/**
 * Why the allow-list refused a mail, as data rather than reason text, so the document page can offer
 * "Allow <sender> and process" for a sender that is not on the list. Mail ignored for that cause keeps
 * its content for HOLD_DAYS (the held-mail sweep drops it then); the partial index finds those rows.
 * Older rows have no cause: they offer no action.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.text('refusal_reason');
    table.text('refusal_sender');
  });
  await knex.raw("CREATE INDEX inbound_messages_kept_ignored ON inbound_messages (finished_at) WHERE status = 'ignored' AND raw IS NOT NULL");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX inbound_messages_kept_ignored');
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropColumn('refusal_sender');
    table.dropColumn('refusal_reason');
  });
}
