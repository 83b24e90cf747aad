import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.uuid('id').primary();
    table.text('provider').notNullable();
    table.text('provider_subject').notNullable();
    table.text('email').notNullable();
    table.text('name').notNullable();
    table.text('picture');
    // AES-256-GCM sealed provider refresh token (document access on the user's behalf).
    table.text('provider_refresh_token_enc');
    table.specificType('provider_scopes', 'text[]').notNullable().defaultTo('{}');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['provider', 'provider_subject']);
  });
  await knex.schema.raw('CREATE INDEX users_email_lower_idx ON users (lower(email))');

  await knex.schema.createTable('sessions', (table) => {
    table.uuid('id').primary();
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('revoked_at', { useTz: true });
    table.uuid('replaced_by');
    table.text('user_agent');
    table.index(['user_id']);
  });

  await knex.schema.createTable('oauth_states', (table) => {
    // Only a hash of the state is stored: a leaked table cannot be replayed.
    table.text('state_hash').primary();
    table.text('mode').notNullable();
    table.text('code_verifier').notNullable();
    table.text('return_to');
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('oauth_states');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
