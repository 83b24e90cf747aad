import type { Knex } from 'knex';

/**
 * One run of a mail at a time: a run holds a lease on its message until it ends. A job that outlives its
 * timeout is retried by the queue while the first run may still be working; the retry finds the lease
 * and waits instead of summarising and writing the same mail a second time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.timestamp('run_lease_until', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropColumn('run_lease_until');
  });
}
