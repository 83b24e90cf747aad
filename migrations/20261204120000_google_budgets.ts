import type { Knex } from 'knex';

/**
 * Google's quotas are per user and per project (every user of an install together), for writes and
 * reads a minute (docs/architecture.md, "Write once"): the per-user window also counts reads, and one
 * window a minute counts the install's writes, shared by every worker process.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('doc_write_windows', (table) => {
    table.integer('reads').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('doc_project_windows', (table) => {
    table.timestamp('window_start', { useTz: true }).primary();
    table.integer('writes').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('doc_project_windows');
  await knex.schema.alterTable('doc_write_windows', (table) => {
    table.dropColumn('reads');
  });
}
