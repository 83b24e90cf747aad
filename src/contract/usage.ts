// The token calls: balance, chart and the two tables (docs/api.md § Tokens).
import type { PagedList, PageQuery } from './common.js';

/** The balance, as GET /api/tokens/state shows it. */
export type TokenState = {
  subscriptionTokens: number;
  maxSubscriptionTokens: number;
  additionalTokens: number;
  /** Billing is switched off by the operator: no limits, no numbers to show. */
  unlimited: boolean;
  /** The user's mails held for want of tokens (or a plan): they resume by themselves once tokens are added. */
  heldMails: number;
};

/** GET /api/tokens/state. */
export type TokenStateResponse = { tokenState: TokenState };

/** One day of the chart, in the requested time zone: tokens used and mails processed (settled) that day. */
export type UsageDay = { date: string; usedTokens: number; processedMails: number };

/**
 * GET /api/tokens/usage/chart: `from` and `to` are ISO date-times with an offset, `tz` an IANA time zone
 * (default UTC). Only days with usage are listed.
 */
export type UsageChartQuery = { from: string; to?: string; tz?: string };
export type UsageChartResponse = { usage: UsageDay[] };

/** A row of GET /api/tokens/usage/table: one processed mail. */
export type TokenUsageRecord = { operation: string; usedTokens: number; date: string; payedUsd: number };
export type TokenUsageSortKey = 'operation' | 'usedTokens' | 'date';
export type TokenUsageQuery = PageQuery<TokenUsageSortKey>;
export type TokenUsageResponse = PagedList<TokenUsageRecord>;

/** A row of GET /api/tokens/added/table: a plan period, a purchase or an operator grant. */
export type AddedTokensRecord = { source: string; tokens: number; payedUsd: number; date: string };
export type AddedTokensSortKey = 'source' | 'tokens' | 'payedUsd' | 'date';
export type AddedTokensQuery = PageQuery<AddedTokensSortKey>;
export type AddedTokensResponse = PagedList<AddedTokensRecord>;
