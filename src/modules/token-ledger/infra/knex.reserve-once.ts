import type { Database } from '../../../platform/db/database.js';
import { EMPTY_BALANCE } from '../domain/balance.js';
import { SourceKeyTakenError } from '../domain/ledger-entry.js';
import type { ReservationEntry, ReserveOutcome } from '../application/ports/ledger.repository.port.js';
import { toBalance, type BalanceRow } from './knex.balance-row.js';

/**
 * THE CONSUMPTION RULE: this statement is its one home (docs/architecture.md, "How a mail travels", step
 * Reserve). A reservation of N tokens takes them from the plan's bucket first, as many as it holds (those
 * tokens end with the period: the next period resets the bucket to the plan's tokens), and the rest from
 * the extra tokens (bought or granted, never expiring). All or nothing: when the two buckets together
 * hold fewer than N, nothing is taken or appended, so no bucket goes below zero. With billing off
 * (`unlimited`) nothing is taken, but the entry is appended all the same (usage is still recorded). A key
 * that exists changes nothing.
 *
 * Why SQL and not a domain function: the rule must see the balance under the row lock, and one statement
 * does the lock, the split, the entry and the balance move with no transaction around it (a mail's
 * statements are counted: test/integration/mail/pipeline/statements-per-mail.test.ts). A repeat that
 * committed while this waited for the lock makes the insert conflict, and then nothing moves. Its tests:
 * test/support/token-ledger/consumption-contract.ts, run on both databases and on the in-memory fake.
 */
const RESERVE_SQL = `
  WITH balance AS (
    SELECT subscription_tokens, additional_tokens, max_subscription_tokens, period_start
    FROM token_balances WHERE user_id = :userId FOR UPDATE
  ),
  existing AS (SELECT user_id FROM token_ledger WHERE source_key = :sourceKey),
  split AS (
    SELECT CASE WHEN :unlimited::boolean THEN 0 ELSE least(b.subscription_tokens, :tokens::int) END AS from_subscription,
           CASE WHEN :unlimited::boolean THEN 0 ELSE :tokens::int - least(b.subscription_tokens, :tokens::int) END AS from_additional
    FROM (SELECT 1) AS one LEFT JOIN balance b ON true
    WHERE NOT EXISTS (SELECT 1 FROM existing)
      AND (:unlimited::boolean OR :tokens::int - least(b.subscription_tokens, :tokens::int) <= b.additional_tokens)
  ),
  added AS (
    INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, payed_usd_cents, related_key)
    SELECT :userId, :sourceKey, 'reserve', -from_subscription, -from_additional, :tokens::int, :description, 0, NULL FROM split
    ON CONFLICT DO NOTHING
    RETURNING subscription_delta, additional_delta
  ),
  moved AS (
    UPDATE token_balances AS t
    SET subscription_tokens = t.subscription_tokens + a.subscription_delta, additional_tokens = t.additional_tokens + a.additional_delta, updated_at = CURRENT_TIMESTAMP
    FROM added a
    WHERE t.user_id = :userId AND (a.subscription_delta <> 0 OR a.additional_delta <> 0)
    RETURNING t.subscription_tokens, t.additional_tokens
  )
  SELECT (SELECT count(*) FROM added)::int AS appended, (SELECT user_id FROM existing) AS owner,
         coalesce(m.subscription_tokens, b.subscription_tokens) AS subscription_tokens,
         coalesce(m.additional_tokens, b.additional_tokens) AS additional_tokens,
         b.max_subscription_tokens, b.period_start
  FROM (SELECT 1) AS one LEFT JOIN balance b ON true LEFT JOIN moved m ON true`;

type ReserveRow = Partial<BalanceRow> & { appended: number; owner: string | null };

export async function reserveOnce(db: Database, userId: string, entry: ReservationEntry, options: { unlimited: boolean }): Promise<ReserveOutcome> {
  const result = (await db.raw(RESERVE_SQL, {
    userId,
    sourceKey: entry.sourceKey,
    tokens: entry.tokens,
    description: entry.description.slice(0, 500),
    unlimited: options.unlimited,
  })) as { rows: ReserveRow[] };
  const row = result.rows[0];
  if (!row) throw new Error(`no answer to the reservation ${entry.sourceKey}`);
  const balance = row.subscription_tokens === null || row.subscription_tokens === undefined ? EMPTY_BALANCE : toBalance(row as BalanceRow);
  if (row.appended > 0) return { outcome: 'reserved', balance };
  if (row.owner !== null) return repeatOf(userId, entry.sourceKey, row.owner, balance);
  // Nothing appended and no key seen: the balance fell short, or a repeat committed while this waited.
  const repeat = (await db('token_ledger').where({ source_key: entry.sourceKey }).first('user_id')) as { user_id: string } | undefined;
  return repeat ? repeatOf(userId, entry.sourceKey, repeat.user_id, balance) : { outcome: 'insufficient', balance };
}

/** Source keys are global: another user's key is a bug, never a skip. */
function repeatOf(userId: string, sourceKey: string, owner: string, balance: ReserveOutcome['balance']): ReserveOutcome {
  if (owner !== userId) throw new SourceKeyTakenError(sourceKey);
  return { outcome: 'repeated', balance };
}
