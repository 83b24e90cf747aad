import type { Knex } from 'knex';

/**
 * Continuation documents (docs/operations.md § Documents that never fill up): one row per part of a
 * document once it first continues, part 1 being the document it was created with. A row is a small state
 * machine: claimed (claim_token, claimed_at; no external_id yet) → created (external_id, recorded before
 * anything else is done with it) → linked (the full part's last line points to it) → switched (documents.
 * external_id names it). Nothing of any mail is kept here. The rows go with their document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_parts', (table) => {
    table.uuid('document_id').notNullable().references('id').inTable('documents').onDelete('CASCADE');
    table.integer('part').notNullable();
    table.text('external_id');
    table.text('claim_token');
    table.timestamp('claimed_at', { useTz: true });
    table.timestamp('linked_at', { useTz: true });
    table.timestamp('switched_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['document_id', 'part']);
  });
  // The notification "your document continues in a new Google Doc", on until switched off.
  await knex.schema.alterTable('notification_settings', (table) => {
    table.boolean('document_continued').notNullable().defaultTo(true);
  });
  // The local store's form of the "Continued in …" line that ends a full part.
  await knex.schema.alterTable('local_docs', (table) => {
    table.text('continued_text');
    table.text('continued_url');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notification_settings', (table) => {
    table.dropColumn('document_continued');
  });
  await knex.schema.alterTable('local_docs', (table) => {
    table.dropColumn('continued_text');
    table.dropColumn('continued_url');
  });
  await knex.schema.dropTable('document_parts');
}
