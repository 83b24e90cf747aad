import type { Knex } from 'knex';

/**
 * What lets a processed mail's writes each be one statement, without a transaction around them:
 *
 * - A reservation ends once: settled or refunded, never both. A unique index over the outcomes' related
 *   key says so in the database, so a settlement no longer takes the user's balance lock to check that no
 *   refund exists (the lock is what made the check safe). A refund still takes the lock: it moves the
 *   balance.
 * - The usage totals' trigger (migration 20261125120000) ignores statements that add no settlement (a
 *   reservation, a grant, a refund) at the cost of one look at the statement's rows, and orders one
 *   user's settlements by the user's totals row, which it now locks first: settlements no longer arrive
 *   one at a time behind the balance lock, and each running total must see the one committed before it.
 *   A settlement adds its tokens to its quarter-hour and to the running totals from there on (one row for
 *   a settlement of now) instead of recounting them.
 * - A document's processed-mail count follows its mails: a row trigger counts each mail that becomes
 *   processed, in the statement that makes it so.
 */
export const QUARTER = (row: string) => `date_bin('15 minutes', ${row}.created_at, timestamptz '2000-01-01 00:00:00+00')`;

/** The usage totals' handling of an update or a delete of ledger rows; migration 20261207100000 keeps it. */
export const CORRECTIONS = `      -- An update or a delete (a correction by hand): taken off and added again, then recounted.
      UPDATE token_usage_quarters AS t SET tokens = t.tokens - r.tokens, settlements = t.settlements - r.settlements
      FROM (SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM removed s WHERE kind = 'settle' GROUP BY 1, 2) r
      WHERE t.user_id = r.user_id AND t.quarter = r.quarter;
      DELETE FROM token_usage_quarters AS t
      USING (SELECT DISTINCT user_id, ${QUARTER('s')} AS quarter FROM removed s WHERE kind = 'settle') r
      WHERE t.user_id = r.user_id AND t.quarter = r.quarter AND t.settlements = 0;
      UPDATE token_usage_totals AS t SET settlements = t.settlements - r.settlements
      FROM (SELECT user_id, count(*) AS settlements FROM removed WHERE kind = 'settle' GROUP BY 1) r
      WHERE t.user_id = r.user_id;
      IF TG_OP = 'UPDATE' THEN
        INSERT INTO token_usage_quarters AS t (user_id, quarter, tokens, settlements)
        SELECT user_id, ${QUARTER('s')}, sum(tokens), count(*) FROM added s WHERE kind = 'settle' GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (user_id, quarter) DO UPDATE SET tokens = t.tokens + excluded.tokens, settlements = t.settlements + excluded.settlements;
        INSERT INTO token_usage_totals AS t (user_id, settlements)
        SELECT user_id, count(*) FROM added WHERE kind = 'settle' GROUP BY 1 ORDER BY 1
        ON CONFLICT (user_id) DO UPDATE SET settlements = t.settlements + excluded.settlements;
        PERFORM token_usage_recount(user_id, min(${QUARTER('s')})) FROM added s WHERE kind = 'settle' GROUP BY user_id;
      END IF;
      PERFORM token_usage_recount(user_id, min(${QUARTER('s')})) FROM removed s WHERE kind = 'settle' GROUP BY user_id;
      RETURN NULL;
`;

/** The trigger function as this migration writes it (migration 20261207100000's down() puts it back). */
export const FOLLOW_LEDGER = `
    CREATE OR REPLACE FUNCTION token_usage_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NOT EXISTS (SELECT 1 FROM added WHERE kind = 'settle') THEN
          RETURN NULL;
        END IF;
        -- First, the lock that orders one user's settlements: every statement below reads the totals of
        -- the settlements committed before this one (each statement of this function takes a new snapshot).
        INSERT INTO token_usage_totals AS t (user_id, settlements)
        SELECT user_id, count(*) FROM added WHERE kind = 'settle' GROUP BY 1 ORDER BY 1
        ON CONFLICT (user_id) DO UPDATE SET settlements = t.settlements + excluded.settlements;
        -- A new quarter-hour starts from the running totals of the one before it.
        INSERT INTO token_usage_quarters AS t (user_id, quarter, tokens, settlements, cum_tokens, cum_settlements)
        SELECT a.user_id, a.quarter, a.tokens, a.settlements, coalesce(p.cum_tokens, 0), coalesce(p.cum_settlements, 0)
        FROM (SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM added s WHERE kind = 'settle' GROUP BY 1, 2) a
        LEFT JOIN LATERAL (
          SELECT cum_tokens, cum_settlements FROM token_usage_quarters p
          WHERE p.user_id = a.user_id AND p.quarter < a.quarter ORDER BY p.quarter DESC LIMIT 1
        ) p ON true
        ORDER BY 1, 2
        ON CONFLICT (user_id, quarter) DO UPDATE SET tokens = t.tokens + excluded.tokens, settlements = t.settlements + excluded.settlements;
        -- Then every running total from the first quarter-hour added on grows by what was added up to it:
        -- each added quarter-hour's running sum applies until the next added one (one row for a settlement
        -- of now; a bulk load of many quarter-hours reads each row once).
        UPDATE token_usage_quarters AS t
        SET cum_tokens = t.cum_tokens + r.run_tokens, cum_settlements = t.cum_settlements + r.run_settlements
        FROM (
          SELECT user_id, quarter AS from_quarter, lead(quarter) OVER w AS to_quarter,
                 sum(tokens) OVER w AS run_tokens, sum(settlements) OVER w AS run_settlements
          FROM (SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM added s WHERE kind = 'settle' GROUP BY 1, 2) a
          WINDOW w AS (PARTITION BY user_id ORDER BY quarter)
        ) r
        WHERE t.user_id = r.user_id AND t.quarter >= r.from_quarter AND (r.to_quarter IS NULL OR t.quarter < r.to_quarter);
        RETURN NULL;
      END IF;
${CORRECTIONS}    END
    $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE UNIQUE INDEX token_ledger_one_outcome ON token_ledger (related_key) WHERE kind IN ('settle', 'refund')");

  await knex.raw(FOLLOW_LEDGER);

  await knex.raw(`
    CREATE FUNCTION documents_count_processed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE documents SET processed_emails_count = processed_emails_count + 1 WHERE id = NEW.document_id;
      RETURN NULL;
    END
    $$`);
  await knex.raw(`CREATE TRIGGER inbound_messages_count_processed AFTER UPDATE OF status ON inbound_messages
    FOR EACH ROW WHEN (NEW.status = 'processed' AND OLD.status IS DISTINCT FROM 'processed') EXECUTE FUNCTION documents_count_processed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER inbound_messages_count_processed ON inbound_messages');
  await knex.raw('DROP FUNCTION documents_count_processed()');
  // The earlier trigger function, as migration 20261125120000 wrote it.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION token_usage_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE token_usage_quarters AS t SET tokens = t.tokens - r.tokens, settlements = t.settlements - r.settlements
        FROM (SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM removed s WHERE kind = 'settle' GROUP BY 1, 2) r
        WHERE t.user_id = r.user_id AND t.quarter = r.quarter;
        DELETE FROM token_usage_quarters AS t
        USING (SELECT DISTINCT user_id, ${QUARTER('s')} AS quarter FROM removed s WHERE kind = 'settle') r
        WHERE t.user_id = r.user_id AND t.quarter = r.quarter AND t.settlements = 0;
        UPDATE token_usage_totals AS t SET settlements = t.settlements - r.settlements
        FROM (SELECT user_id, count(*) AS settlements FROM removed WHERE kind = 'settle' GROUP BY 1) r
        WHERE t.user_id = r.user_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO token_usage_quarters AS t (user_id, quarter, tokens, settlements)
        SELECT user_id, ${QUARTER('s')}, sum(tokens), count(*) FROM added s WHERE kind = 'settle' GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (user_id, quarter) DO UPDATE SET tokens = t.tokens + excluded.tokens, settlements = t.settlements + excluded.settlements;
        INSERT INTO token_usage_totals AS t (user_id, settlements)
        SELECT user_id, count(*) FROM added WHERE kind = 'settle' GROUP BY 1 ORDER BY 1
        ON CONFLICT (user_id) DO UPDATE SET settlements = t.settlements + excluded.settlements;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM token_usage_recount(user_id, min(${QUARTER('s')})) FROM removed s WHERE kind = 'settle' GROUP BY user_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM token_usage_recount(user_id, min(${QUARTER('s')})) FROM added s WHERE kind = 'settle' GROUP BY user_id;
      END IF;
      RETURN NULL;
    END
    $$`);
  await knex.raw('DROP INDEX token_ledger_one_outcome');
}
