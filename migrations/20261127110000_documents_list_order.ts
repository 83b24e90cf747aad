import type { Knex } from 'knex';

/**
 * The documents list's pages in the app's order (names compared the Polish way, then creation, then id),
 * read from one index of the owner's live documents. Only where Postgres has ICU's Polish collation: the
 * embedded database has none and orders the list in the app instead (infra/knex.document-list.reader.ts).
 */
export async function up(knex: Knex): Promise<void> {
  const polish = await knex('pg_collation').where({ collname: 'pl-x-icu' }).first('oid');
  if (!polish) return;
  await knex.raw(
    `CREATE INDEX documents_owner_live_name_pl ON documents (owner_id, (name COLLATE "pl-x-icu"), created_at, id)
     WHERE deleted_at IS NULL AND external_id IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS documents_owner_live_name_pl');
}
