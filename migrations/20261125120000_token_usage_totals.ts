import type { Knex } from 'knex';

/**
 * Usage totals kept per user, so the Usage page reads a bounded number of rows instead of every
 * settlement: per quarter-hour the tokens settled and the settlements (one per processed mail) with
 * their running totals, and per user the running count of settlements (the usage table's total).
 *
 * Statement triggers on the ledger keep them: every write of settlements, whoever makes it (the ledger
 * repository, the operator's SQL, a bulk load), changes the totals inside the same statement, so they
 * commit or roll back with the settlements and can never count one twice or miss one. The ledger is
 * append-only, so that is an insert; an update or delete (a correction by hand, a test moving an entry
 * in time) is followed too, and a user's deletion cascades to both.
 *
 * Quarter-hours, as the chart already summed them: every UTC offset in use since 1980 is a whole number
 * of quarter-hours, so a quarter-hour lies within one local day in any time zone.
 */
const QUARTER = "date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00')";
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE token_usage_quarters (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      quarter timestamptz NOT NULL,
      tokens bigint NOT NULL,
      settlements bigint NOT NULL,
      -- Running totals of the user's quarter-hours up to and including this one: the usage of any span
      -- is the difference of two of them, so a day costs two index probes, not one row per quarter-hour.
      cum_tokens bigint NOT NULL DEFAULT 0,
      cum_settlements bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, quarter)
    )`);
  await knex.raw(`
    CREATE TABLE token_usage_totals (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      settlements bigint NOT NULL
    )`);
  // The running totals of one user's quarter-hours from `since` on, from the last one before it.
  await knex.raw(`
    CREATE FUNCTION token_usage_recount(target uuid, since timestamptz) RETURNS void LANGUAGE sql AS $$
      WITH fresh AS (
        SELECT t.quarter,
               coalesce(b.cum_tokens, 0) + sum(t.tokens) OVER w AS cum_tokens,
               coalesce(b.cum_settlements, 0) + sum(t.settlements) OVER w AS cum_settlements
        FROM token_usage_quarters t
        LEFT JOIN LATERAL (
          SELECT cum_tokens, cum_settlements FROM token_usage_quarters p
          WHERE p.user_id = target AND p.quarter < since ORDER BY p.quarter DESC LIMIT 1
        ) b ON true
        WHERE t.user_id = target AND t.quarter >= since
        WINDOW w AS (ORDER BY t.quarter)
      )
      UPDATE token_usage_quarters AS t SET cum_tokens = f.cum_tokens, cum_settlements = f.cum_settlements
      FROM fresh f
      WHERE t.user_id = target AND t.quarter = f.quarter AND (t.cum_tokens, t.cum_settlements) IS DISTINCT FROM (f.cum_tokens, f.cum_settlements)
    $$`);
  // One function for the three triggers below: what a statement removed is taken off, what it added is
  // added (an update is both). Sorted by key, so two statements adding to the same rows lock them in the
  // same order. A quarter-hour left with no settlement is deleted: the chart shows no day for it.
  await knex.raw(`
    CREATE FUNCTION token_usage_follow_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE token_usage_quarters AS t SET tokens = t.tokens - r.tokens, settlements = t.settlements - r.settlements
        FROM (SELECT user_id, ${QUARTER} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM removed WHERE kind = 'settle' GROUP BY 1, 2) r
        WHERE t.user_id = r.user_id AND t.quarter = r.quarter;
        DELETE FROM token_usage_quarters AS t
        USING (SELECT DISTINCT user_id, ${QUARTER} AS quarter FROM removed WHERE kind = 'settle') r
        WHERE t.user_id = r.user_id AND t.quarter = r.quarter AND t.settlements = 0;
        UPDATE token_usage_totals AS t SET settlements = t.settlements - r.settlements
        FROM (SELECT user_id, count(*) AS settlements FROM removed WHERE kind = 'settle' GROUP BY 1) r
        WHERE t.user_id = r.user_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO token_usage_quarters AS t (user_id, quarter, tokens, settlements)
        SELECT user_id, ${QUARTER}, sum(tokens), count(*) FROM added WHERE kind = 'settle' GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (user_id, quarter) DO UPDATE SET tokens = t.tokens + excluded.tokens, settlements = t.settlements + excluded.settlements;
        INSERT INTO token_usage_totals AS t (user_id, settlements)
        SELECT user_id, count(*) FROM added WHERE kind = 'settle' GROUP BY 1 ORDER BY 1
        ON CONFLICT (user_id) DO UPDATE SET settlements = t.settlements + excluded.settlements;
      END IF;
      -- The running totals from the earliest quarter-hour changed on: a settlement of now changes one row.
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM token_usage_recount(user_id, min(${QUARTER})) FROM removed WHERE kind = 'settle' GROUP BY user_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM token_usage_recount(user_id, min(${QUARTER})) FROM added WHERE kind = 'settle' GROUP BY user_id;
      END IF;
      RETURN NULL;
    END
    $$`);
  // No settlement may be written between the backfill and the trigger: inserts wait for this migration.
  await knex.raw('LOCK TABLE token_ledger IN SHARE ROW EXCLUSIVE MODE');
  await knex.raw(`
    INSERT INTO token_usage_quarters (user_id, quarter, tokens, settlements, cum_tokens, cum_settlements)
    SELECT user_id, quarter, tokens, settlements,
           sum(tokens) OVER (PARTITION BY user_id ORDER BY quarter), sum(settlements) OVER (PARTITION BY user_id ORDER BY quarter)
    FROM (SELECT user_id, ${QUARTER} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM token_ledger WHERE kind = 'settle' GROUP BY 1, 2) q`);
  await knex.raw(`
    INSERT INTO token_usage_totals (user_id, settlements)
    SELECT user_id, count(*) FROM token_ledger WHERE kind = 'settle' GROUP BY 1`);
  // A transition table needs one trigger per event.
  await knex.raw(`CREATE TRIGGER token_ledger_usage_inserted AFTER INSERT ON token_ledger
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION token_usage_follow_ledger()`);
  await knex.raw(`CREATE TRIGGER token_ledger_usage_updated AFTER UPDATE ON token_ledger
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION token_usage_follow_ledger()`);
  await knex.raw(`CREATE TRIGGER token_ledger_usage_deleted AFTER DELETE ON token_ledger
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION token_usage_follow_ledger()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const event of ['inserted', 'updated', 'deleted']) await knex.raw(`DROP TRIGGER token_ledger_usage_${event} ON token_ledger`);
  await knex.raw('DROP FUNCTION token_usage_follow_ledger()');
  await knex.raw('DROP FUNCTION token_usage_recount(uuid, timestamptz)');
  await knex.raw('DROP TABLE token_usage_totals');
  await knex.raw('DROP TABLE token_usage_quarters');
}
