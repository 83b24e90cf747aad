import type { Knex } from 'knex';
import { CORRECTIONS, FOLLOW_LEDGER, QUARTER } from './20261128120000_mail_flow_statements.js';

/**
 * The usage totals' trigger (migrations 20261125120000 and 20261128120000) took time that grew with the square of
 * the quarter-hours one statement adds settlements to. A settlement of now adds to one quarter-hour and was never
 * slow, but a bulk load was: 40,000 settlements over 180 days (17,281 quarter-hours) took 44 s on Postgres, and the
 * same load in two interleaved halves 27 s. Two of the trigger's statements caused it, and now each reads a row
 * about once (the same loads: 2.3 s and 2.5 s):
 *
 * - A new quarter-hour looks up the running totals of the one before it in the index. Written in ascending order,
 *   every lookup stepped back over all the entries this statement had already written, which it cannot see. They are
 *   now written latest first, so a lookup never passes one. Every statement writes them in that one order, after
 *   locking its users' totals rows, so two statements still take shared rows' locks in the same order.
 * - The running totals grow by what was added before each quarter-hour. That was a join on ranges, from one added
 *   quarter-hour to the next, which the planner ran as a scan of the user's quarter-hours per range. It is now a
 *   running sum over the user's quarter-hours from the first one added, joined to the added ones on their key.
 *
 * Updates and deletes (corrections by hand) are handled as before.
 */
const FOLLOW_LEDGER_LINEAR = `
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
        -- A new quarter-hour starts from the running totals of the one before it (latest first: see above).
        INSERT INTO token_usage_quarters AS t (user_id, quarter, tokens, settlements, cum_tokens, cum_settlements)
        SELECT a.user_id, a.quarter, a.tokens, a.settlements, coalesce(p.cum_tokens, 0), coalesce(p.cum_settlements, 0)
        FROM (SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM added s WHERE kind = 'settle' GROUP BY 1, 2) a
        LEFT JOIN LATERAL (
          SELECT cum_tokens, cum_settlements FROM token_usage_quarters p
          WHERE p.user_id = a.user_id AND p.quarter < a.quarter ORDER BY p.quarter DESC LIMIT 1
        ) p ON true
        ORDER BY 1, 2 DESC
        ON CONFLICT (user_id, quarter) DO UPDATE SET tokens = t.tokens + excluded.tokens, settlements = t.settlements + excluded.settlements;
        -- Then every running total from the first quarter-hour added on grows by what was added up to it
        -- (one row for a settlement of now).
        WITH a AS (
          SELECT user_id, ${QUARTER('s')} AS quarter, sum(tokens) AS tokens, count(*) AS settlements FROM added s WHERE kind = 'settle' GROUP BY 1, 2
        )
        UPDATE token_usage_quarters AS t
        SET cum_tokens = t.cum_tokens + r.run_tokens, cum_settlements = t.cum_settlements + r.run_settlements
        FROM (
          SELECT q.user_id, q.quarter,
                 sum(coalesce(a.tokens, 0)) OVER w AS run_tokens, sum(coalesce(a.settlements, 0)) OVER w AS run_settlements
          FROM (SELECT user_id, min(quarter) AS since FROM a GROUP BY 1) f
          JOIN token_usage_quarters q ON q.user_id = f.user_id AND q.quarter >= f.since
          LEFT JOIN a ON a.user_id = q.user_id AND a.quarter = q.quarter
          WINDOW w AS (PARTITION BY q.user_id ORDER BY q.quarter)
        ) r
        WHERE t.user_id = r.user_id AND t.quarter = r.quarter;
        RETURN NULL;
      END IF;
${CORRECTIONS}    END
    $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FOLLOW_LEDGER_LINEAR);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(FOLLOW_LEDGER);
}
