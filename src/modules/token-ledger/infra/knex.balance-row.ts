import type { Balance } from '../domain/balance.js';

/** A token_balances row as the adapters read it. */
export interface BalanceRow {
  subscription_tokens: number;
  additional_tokens: number;
  max_subscription_tokens: number;
  period_start: Date | null;
}

export function toBalance(row: BalanceRow): Balance {
  return {
    subscriptionTokens: row.subscription_tokens,
    additionalTokens: row.additional_tokens,
    maxSubscriptionTokens: row.max_subscription_tokens,
    periodStart: row.period_start,
  };
}
