import type { Knex } from 'knex';

/**
 * A local document's block keeps its "Open in Mailscribe" link (the mail's row in the app), which the
 * local page renders as the Google Doc does. Blocks written before have none (null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_doc_blocks', (table) => {
    table.text('link').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_doc_blocks', (table) => {
    table.dropColumn('link');
  });
}
