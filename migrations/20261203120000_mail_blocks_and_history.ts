import type { Knex } from 'knex';

/**
 * What a received mail's panel shows, kept with the mail's record (docs/operations.md § Retention):
 *
 * - `block`: the block exactly as written into the document (heading, meta lines, body), set in the
 *   statement that ends the mail processed. It lives and goes with the record (MAIL_LOG_DAYS, a document's
 *   or an account's deletion); the mail's content (raw, parsed, summary) is still dropped as it ends.
 * - `status_history`: every status change, with its reason and time, oldest first. A row trigger appends
 *   to it inside the statement that changes the status (whoever writes it: a run, a retry, the sweep, a
 *   test), so it costs no statement of its own and can never disagree with the status. A run that stays
 *   `processing` and records a new reason (an automatic retry) is a change too. Capped: the first entry (the
 *   arrival) and the latest ones stay.
 * - `duplicate_of`: the mail a `duplicate` repeats. A duplicate ends before it is parsed, so it takes the
 *   subject and sender of the mail it repeats as it ends, and a row trigger passes them on when that mail
 *   is parsed later (the two may run at once).
 * - `(owner_id, received_at, id)`: the search across an owner's documents reads the owner's mail in the
 *   table's default order, newest first, from an index.
 */
const HISTORY_CAP = 50;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE inbound_messages
    ADD COLUMN block jsonb,
    ADD COLUMN status_history jsonb NOT NULL DEFAULT '[]'::jsonb,
    ADD COLUMN duplicate_of uuid`);

  await knex.raw(`
    CREATE FUNCTION inbound_messages_record_status() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        NEW.status_history := jsonb_build_array(jsonb_build_object('status', NEW.status, 'reason', NEW.reason, 'at', NEW.received_at));
        RETURN NEW;
      END IF;
      IF NEW.status IS DISTINCT FROM OLD.status
         OR (NEW.status = 'processing' AND NEW.reason IS NOT NULL AND NEW.reason IS DISTINCT FROM OLD.reason) THEN
        NEW.status_history := NEW.status_history || jsonb_build_object('status', NEW.status, 'reason', NEW.reason, 'at', now(), 'from', OLD.status);
        IF jsonb_array_length(NEW.status_history) > ${HISTORY_CAP} THEN
          NEW.status_history := NEW.status_history - 1;
        END IF;
      END IF;
      RETURN NEW;
    END
    $$`);
  await knex.raw(`CREATE TRIGGER inbound_messages_status_inserted BEFORE INSERT ON inbound_messages
    FOR EACH ROW EXECUTE FUNCTION inbound_messages_record_status()`);
  await knex.raw(`CREATE TRIGGER inbound_messages_status_changed BEFORE UPDATE OF status, reason ON inbound_messages
    FOR EACH ROW EXECUTE FUNCTION inbound_messages_record_status()`);

  await knex.raw(`
    CREATE FUNCTION inbound_messages_follow_original() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE inbound_messages SET subject = NEW.subject, source_mail = NEW.source_mail
      WHERE duplicate_of = NEW.id AND (subject, source_mail) IS DISTINCT FROM (NEW.subject, NEW.source_mail);
      RETURN NULL;
    END
    $$`);
  await knex.raw(`CREATE TRIGGER inbound_messages_duplicates_follow AFTER UPDATE OF subject, source_mail ON inbound_messages
    FOR EACH ROW WHEN (NEW.subject IS DISTINCT FROM OLD.subject OR NEW.source_mail IS DISTINCT FROM OLD.source_mail)
    EXECUTE FUNCTION inbound_messages_follow_original()`);
  await knex.raw('CREATE INDEX inbound_messages_duplicate_of ON inbound_messages (duplicate_of) WHERE duplicate_of IS NOT NULL');
  await knex.raw('CREATE INDEX inbound_messages_owner_received_id ON inbound_messages (owner_id, received_at, id)');

  // Mail from before: its arrival, and its status now when it moved on (the steps between are not known).
  await knex.raw(`UPDATE inbound_messages SET status_history = CASE WHEN status = 'received'
      THEN jsonb_build_array(jsonb_build_object('status', 'received', 'reason', NULL, 'at', received_at))
      ELSE jsonb_build_array(jsonb_build_object('status', 'received', 'reason', NULL, 'at', received_at),
                             jsonb_build_object('status', status, 'reason', reason, 'at', coalesce(finished_at, updated_at), 'from', 'received'))
    END`);
  // Duplicates from before: the first delivery they repeat, by the dedup index, and its subject and sender.
  await knex.raw(`UPDATE inbound_messages AS d SET duplicate_of = (
      SELECT e.id FROM inbound_messages e
      WHERE e.document_id = d.document_id AND e.dedup_key = d.dedup_key AND e.status <> 'duplicate'
        AND (e.received_at < d.received_at OR (e.received_at = d.received_at AND e.id < d.id))
      ORDER BY e.received_at, e.id LIMIT 1)
    WHERE d.status = 'duplicate' AND d.dedup_key IS NOT NULL`);
  await knex.raw(`UPDATE inbound_messages AS d SET subject = o.subject, source_mail = o.source_mail
    FROM inbound_messages o WHERE d.duplicate_of = o.id AND d.status = 'duplicate'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX inbound_messages_owner_received_id');
  await knex.raw('DROP INDEX inbound_messages_duplicate_of');
  await knex.raw('DROP TRIGGER inbound_messages_duplicates_follow ON inbound_messages');
  await knex.raw('DROP FUNCTION inbound_messages_follow_original()');
  await knex.raw('DROP TRIGGER inbound_messages_status_changed ON inbound_messages');
  await knex.raw('DROP TRIGGER inbound_messages_status_inserted ON inbound_messages');
  await knex.raw('DROP FUNCTION inbound_messages_record_status()');
  await knex.raw('ALTER TABLE inbound_messages DROP COLUMN duplicate_of, DROP COLUMN status_history, DROP COLUMN block');
}
