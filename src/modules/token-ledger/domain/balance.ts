/** A user's tokens: the plan's monthly bucket and the bought ones, which never expire. */
export interface Balance {
  subscriptionTokens: number;
  additionalTokens: number;
  /** The plan's tokens per period (what the subscription bucket is reset to). */
  maxSubscriptionTokens: number;
  /** Start of the period the subscription bucket belongs to; older period grants change nothing. */
  periodStart: Date | null;
}

export const EMPTY_BALANCE: Balance = { subscriptionTokens: 0, additionalTokens: 0, maxSubscriptionTokens: 0, periodStart: null };

/**
 * How many tokens a ledger entry moves in each bucket. Which bucket a reservation takes from is not
 * decided here: the reservation's statement is the rule (infra/knex.reserve-once.ts), as it must see the
 * balance under its lock.
 */
export interface BucketSplit {
  fromSubscription: number;
  fromAdditional: number;
}

/**
 * Giving a reservation back: each bucket gets what it gave, but the subscription bucket never rises
 * above the plan's tokens (tokens from an earlier period would have expired anyway).
 */
export function splitRefund(balance: Balance, reserved: BucketSplit): BucketSplit {
  const room = Math.max(0, balance.maxSubscriptionTokens - balance.subscriptionTokens);
  return { fromSubscription: Math.min(reserved.fromSubscription, room), fromAdditional: reserved.fromAdditional };
}
