import type { Knex } from 'knex';

/**
 * Who holds a mail's run lease: `run_owner`, the stable identity of the process that claimed it (its
 * host, or `embedded` for the embedded database), and `run_boot_id`, the random id that process drew
 * when it started. A process that starts again releases at once the leases its earlier life left
 * behind (same owner, another boot, no session holding that boot's lock), instead of waiting for them
 * to run out (docs/adr/0007). Both are null for a lease taken before this migration or while the
 * process could not vouch for itself; such a lease runs out as before.
 *
 * The index holds only leased rows (a finished or released mail has no lease), so it stays as small as
 * the set of running mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.text('run_owner');
    table.uuid('run_boot_id');
  });
  await knex.raw('CREATE INDEX inbound_messages_run_owner ON inbound_messages (run_owner) WHERE run_lease_until IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX inbound_messages_run_owner');
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropColumn('run_boot_id');
    table.dropColumn('run_owner');
  });
}
