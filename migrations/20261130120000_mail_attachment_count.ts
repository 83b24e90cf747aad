import type { Knex } from 'knex';

/**
 * How many attachments a mail's document block listed (read or not read), shown on its row of the
 * Processed Emails table. Metadata like the subject: kept after the mail's content is dropped. Mail
 * stored before this migration counts none. A constant default adds the column without rewriting the
 * table (Postgres 11 and later).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.integer('attachment_count').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('inbound_messages', (table) => {
    table.dropColumn('attachment_count');
  });
}
