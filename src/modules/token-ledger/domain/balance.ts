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

export interface BucketSplit {
  fromSubscription: number;
  fromAdditional: number;
}

/** Subscription tokens are spent first (they expire at the period's end), then the bought ones. */
export function splitConsumption(balance: Balance, tokens: number): BucketSplit | null {
  if (!Number.isInteger(tokens) || tokens <= 0) throw new RangeError(`tokens must be a positive integer, got ${tokens}`);
  const fromSubscription = Math.min(balance.subscriptionTokens, tokens);
  const fromAdditional = tokens - fromSubscription;
  if (fromAdditional > balance.additionalTokens) return null;
  return { fromSubscription, fromAdditional };
}

/**
 * Giving a reservation back: each bucket gets what it gave, but the subscription bucket never rises
 * above the plan's tokens (tokens from an earlier period would have expired anyway).
 */
export function splitRefund(balance: Balance, reserved: BucketSplit): BucketSplit {
  const room = Math.max(0, balance.maxSubscriptionTokens - balance.subscriptionTokens);
  return { fromSubscription: Math.min(reserved.fromSubscription, room), fromAdditional: reserved.fromAdditional };
}
