import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('documents', (table) => {
    // The browser's uuid: a retried create finds its own row.
    table.uuid('id').primary();
    table.uuid('owner_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.text('name').notNullable();
    table.text('description').notNullable().defaultTo('');
    table.text('forward_token').notNullable().unique();
    table.text('forward_email').notNullable();
    // Null while the linked document is being created; such rows are invisible.
    table.text('external_id');
    table.boolean('overwrite_at_beginning').notNullable().defaultTo(true);
    table.integer('processed_emails_count').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('deleted_at', { useTz: true });
    table.index(['owner_id', 'created_at']);
  });

  await knex.schema.createTable('document_allowed_emails', (table) => {
    table.uuid('document_id').notNullable().references('id').inTable('documents').onDelete('CASCADE');
    // Stored normalised (trimmed, lowercased): the primary key is the duplicate check.
    table.text('email').notNullable();
    table.bigIncrements('seq', { primaryKey: false });
    table.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['document_id', 'email']);
  });

  // The embedded document store: what Google Docs holds in production.
  await knex.schema.createTable('local_docs', (table) => {
    table.text('id').primary();
    table.uuid('owner_id').notNullable();
    table.text('title').notNullable();
    table.text('intro').notNullable().defaultTo('');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('local_doc_blocks', (table) => {
    table.bigIncrements('id');
    table.text('doc_id').notNullable().references('id').inTable('local_docs').onDelete('CASCADE');
    // Ordering key: a block at the beginning takes min - 1, at the end max + 1.
    table.bigInteger('position').notNullable();
    table.text('heading').notNullable();
    table.text('meta').notNullable();
    table.text('body').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['doc_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_doc_blocks');
  await knex.schema.dropTable('local_docs');
  await knex.schema.dropTable('document_allowed_emails');
  await knex.schema.dropTable('documents');
}
