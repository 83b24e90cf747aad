import type { Knex } from 'knex';

/**
 * The documents module owns its processed-mail count (documents.processed_emails_count, migration
 * 20261121130000) and the trigger that keeps it: a row trigger on mail's table raises a document's
 * count when one of its mails becomes processed, in the statement that makes it so. A trigger rather
 * than a write through a documents port because ending a mail is one statement without a transaction
 * (docs/architecture.md "How a mail travels"; pinned by statements-per-mail.test.ts): a second write
 * would cost a statement per mail and a transaction to keep the two together. The trigger came with
 * migration 20261128120000 under mail's name; it is recreated here, under the documents module's.
 */
const ONE_MORE_PROCESSED = `
  CREATE FUNCTION documents_processed_emails_count() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE documents SET processed_emails_count = processed_emails_count + 1 WHERE id = NEW.document_id;
    RETURN NULL;
  END
  $$`;
const BECOMES_PROCESSED = "WHEN (NEW.status = 'processed' AND OLD.status IS DISTINCT FROM 'processed')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER inbound_messages_count_processed ON inbound_messages');
  await knex.raw('DROP FUNCTION documents_count_processed()');
  await knex.raw(ONE_MORE_PROCESSED);
  await knex.raw(`CREATE TRIGGER documents_processed_emails_count AFTER UPDATE OF status ON inbound_messages
    FOR EACH ROW ${BECOMES_PROCESSED} EXECUTE FUNCTION documents_processed_emails_count()`);
  await knex.raw(
    "COMMENT ON FUNCTION documents_processed_emails_count() IS 'Documents module (migration 20261205100000): one more processed mail on its document'",
  );
  await knex.raw(
    "COMMENT ON COLUMN documents.processed_emails_count IS 'Documents module: mails of this document that became processed, kept by trigger documents_processed_emails_count'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('COMMENT ON COLUMN documents.processed_emails_count IS NULL');
  await knex.raw('DROP TRIGGER documents_processed_emails_count ON inbound_messages');
  await knex.raw('DROP FUNCTION documents_processed_emails_count()');
  // As migration 20261128120000 wrote them, so its own down still finds them.
  await knex.raw(`
    CREATE FUNCTION documents_count_processed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE documents SET processed_emails_count = processed_emails_count + 1 WHERE id = NEW.document_id;
      RETURN NULL;
    END
    $$`);
  await knex.raw(`CREATE TRIGGER inbound_messages_count_processed AFTER UPDATE OF status ON inbound_messages
    FOR EACH ROW ${BECOMES_PROCESSED} EXECUTE FUNCTION documents_count_processed()`);
}
