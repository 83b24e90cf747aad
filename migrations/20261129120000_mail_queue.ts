import type { Knex } from 'knex';

/**
 * A mail waiting for a run is a row of its own table, not a second row in the job engine's: `due_at` is
 * when its next run may start (null: none is waiting, as for a final or held mail). Workers claim due
 * mails oldest first, in one statement that also takes each one's run lease, and a claimed mail's
 * `due_at` moves to the end of its lease, so a mail whose worker died is claimed again then.
 *
 * Mail that was waiting for a run when this migration ran (its job in the engine's table) is due now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.timestamp('due_at', { useTz: true });
  });
  await knex.raw("UPDATE inbound_messages SET due_at = CURRENT_TIMESTAMP WHERE status IN ('received', 'processing')");
  // Only mail that waits for a run is due: a final or held mail with a due_at would be a bug, refused here.
  await knex.raw("ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_due_only_waiting CHECK (due_at IS NULL OR status IN ('received', 'processing'))");
  // The claim's order; only waiting mail is in it, so it stays as small as the queue.
  await knex.raw('CREATE INDEX inbound_messages_due ON inbound_messages (due_at, id) WHERE due_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX inbound_messages_due');
  await knex.raw('ALTER TABLE inbound_messages DROP CONSTRAINT inbound_messages_due_only_waiting');
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropColumn('due_at');
  });
}
