import type { Knex } from 'knex';

/**
 * The reads of a document's received mail and of the usage table, at the cost of a page:
 *
 * - `inbound_message_totals`: per document, how many mails it received (the received-mails table's
 *   total), so page 1 of a document with 20,000 mails reads one row for its total instead of counting
 *   20,000 index entries on every call. Statement triggers on `inbound_messages` keep it in the same
 *   statement as each insert or delete (whoever writes: the intake, a test, a bulk load), so it commits
 *   or rolls back with the mail and can never count one twice or miss one. A mail never changes document,
 *   so an update needs no following. Backfilled under a lock that holds intake for the count.
 * - The mails' (document, received_at) index gains the id: the table's default order (newest first, the
 *   id breaking ties) is then the index's order, and a deep page starts from a position found in the index
 *   alone instead of reading every earlier mail.
 * - The usage table sorted by operation or by tokens: an index per sort over the settlements only (the
 *   rows the table shows), so a page is the first few entries of an index instead of a sort of all of the
 *   user's settlements. Sorted by date it already had one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE inbound_message_totals (
      document_id uuid PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
      mails bigint NOT NULL
    )`);
  // What a statement removed is taken off, what it added is added. Sorted by key, so two statements
  // adding to the same documents lock their rows in the same order.
  await knex.raw(`
    CREATE FUNCTION inbound_message_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE inbound_message_totals AS t SET mails = t.mails - r.mails
        FROM (SELECT document_id, count(*) AS mails FROM removed GROUP BY 1) r
        WHERE t.document_id = r.document_id;
      ELSE
        INSERT INTO inbound_message_totals AS t (document_id, mails)
        SELECT document_id, count(*) FROM added GROUP BY 1 ORDER BY 1
        ON CONFLICT (document_id) DO UPDATE SET mails = t.mails + excluded.mails;
      END IF;
      RETURN NULL;
    END
    $$`);
  // No mail may arrive between the backfill and the trigger: intake waits for this migration.
  await knex.raw('LOCK TABLE inbound_messages IN SHARE ROW EXCLUSIVE MODE');
  await knex.raw('INSERT INTO inbound_message_totals (document_id, mails) SELECT document_id, count(*) FROM inbound_messages GROUP BY 1');
  await knex.raw(`CREATE TRIGGER inbound_messages_totals_inserted AFTER INSERT ON inbound_messages
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION inbound_message_totals_follow()`);
  await knex.raw(`CREATE TRIGGER inbound_messages_totals_deleted AFTER DELETE ON inbound_messages
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION inbound_message_totals_follow()`);

  await knex.raw('CREATE INDEX inbound_messages_document_received_id ON inbound_messages (document_id, received_at, id)');
  await knex.raw('DROP INDEX inbound_messages_document_id_received_at_index');

  await knex.raw("CREATE INDEX token_ledger_settled_by_description ON token_ledger (user_id, description, id) WHERE kind = 'settle'");
  await knex.raw("CREATE INDEX token_ledger_settled_by_tokens ON token_ledger (user_id, tokens, id) WHERE kind = 'settle'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX token_ledger_settled_by_tokens');
  await knex.raw('DROP INDEX token_ledger_settled_by_description');
  await knex.raw('CREATE INDEX inbound_messages_document_id_received_at_index ON inbound_messages (document_id, received_at)');
  await knex.raw('DROP INDEX inbound_messages_document_received_id');
  for (const event of ['inserted', 'deleted']) await knex.raw(`DROP TRIGGER inbound_messages_totals_${event} ON inbound_messages`);
  await knex.raw('DROP FUNCTION inbound_message_totals_follow()');
  await knex.raw('DROP TABLE inbound_message_totals');
}
