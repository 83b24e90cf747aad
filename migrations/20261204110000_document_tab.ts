import type { Knex } from 'knex';

/**
 * The tab of the linked Google Doc that blocks go to (Google's tab id), chosen in the document settings;
 * null: the first tab, as before tabs could be chosen.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (table) => {
    table.text('tab_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (table) => {
    table.dropColumn('tab_id');
  });
}
