import type { Knex } from 'knex';

// The usage chart sums a user's settlements over up to 190 days: with `tokens` carried in the index it
// is an index-only scan, instead of a visit to every settled row's page (a heavy user's 180 days are
// ~90,000 rows). Same key as the index it replaces, so every other reader of it is served as before.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX token_ledger_user_kind_created_at_tokens_index ON token_ledger (user_id, kind, created_at) INCLUDE (tokens)');
  await knex.raw('DROP INDEX token_ledger_user_id_kind_created_at_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX token_ledger_user_id_kind_created_at_index ON token_ledger (user_id, kind, created_at)');
  await knex.raw('DROP INDEX token_ledger_user_kind_created_at_tokens_index');
}
