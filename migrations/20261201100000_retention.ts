import type { Knex } from 'knex';

/**
 * What the retention job (modules/retention) purges, each found through an index, so a run that finds
 * nothing to do costs an index probe per purge:
 *
 * - mail content kept past its end (ignored, failed or expired mail that still holds its message), by when
 *   the mail ended; this replaces the index of ignored mail only (migration 20261126120000);
 * - mail records, by when the mail arrived;
 * - ended sessions, by when they expire and when they were revoked;
 * - documents deleted before deletion erased them (rows left with `deleted_at`), so the job erases them as
 *   a deletion does now. Nothing sets `deleted_at` any more: this index empties and stays empty.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX inbound_messages_kept_content ON inbound_messages (finished_at) WHERE raw IS NOT NULL AND status IN ('ignored', 'failed', 'expired')");
  await knex.raw('DROP INDEX inbound_messages_kept_ignored');
  await knex.raw('CREATE INDEX inbound_messages_received_at ON inbound_messages (received_at)');
  await knex.raw('CREATE INDEX sessions_expires_at ON sessions (expires_at)');
  await knex.raw('CREATE INDEX sessions_revoked_at ON sessions (revoked_at) WHERE revoked_at IS NOT NULL');
  await knex.raw('CREATE INDEX documents_soft_deleted ON documents (deleted_at) WHERE deleted_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX documents_soft_deleted');
  await knex.raw('DROP INDEX sessions_revoked_at');
  await knex.raw('DROP INDEX sessions_expires_at');
  await knex.raw('DROP INDEX inbound_messages_received_at');
  await knex.raw("CREATE INDEX inbound_messages_kept_ignored ON inbound_messages (finished_at) WHERE status = 'ignored' AND raw IS NOT NULL");
  await knex.raw('DROP INDEX inbound_messages_kept_content');
}
