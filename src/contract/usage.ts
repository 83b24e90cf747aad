// The token calls: balance, chart and the two tables (docs/api.md § Tokens).
import { z } from 'zod/mini';
import { IsoDateTime, PagedList, pageQueryFields, type PageQuery } from './common.js';
import { routeTable } from './route.js';

/** The share of the period's allowance at or below which the balance is low: the app warns, and a notification mails once. */
export const LOW_BALANCE_SHARE = 0.1;

/** The balance, as GET /api/tokens/state shows it. */
export const TokenState = z.strictObject({
  subscriptionTokens: z.int(),
  maxSubscriptionTokens: z.int(),
  additionalTokens: z.int(),
  /** Billing is switched off by the operator: no limits, no numbers to show. */
  unlimited: z.boolean(),
  /** The user's mails held for want of tokens (or a plan): they resume by themselves once tokens are added. */
  heldMails: z.int().check(z.minimum(0)),
});
export type TokenState = z.infer<typeof TokenState>;

/** GET /api/tokens/state. */
export const TokenStateResponse = z.strictObject({ tokenState: TokenState });
export type TokenStateResponse = z.infer<typeof TokenStateResponse>;

/** One day of the chart, in the requested time zone (`YYYY-MM-DD`): tokens used and mails processed (settled) that day. */
export const UsageDay = z.strictObject({ date: z.iso.date(), usedTokens: z.int(), processedMails: z.int().check(z.minimum(0)) });
export type UsageDay = z.infer<typeof UsageDay>;

/**
 * Zones found valid before: building a formatter to check one costs ~0.15 ms, on every chart request.
 * Only valid names are kept, so made-up ones cannot grow it; there are a few hundred zones in all.
 */
const knownZones = new Set<string>();
const isTimeZone = (zone: string) => {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 2_000) knownZones.add(zone);
  return true;
};

/**
 * GET /api/tokens/usage/chart: `from` and `to` are ISO date-times with an offset, `tz` an IANA time zone
 * (default UTC). Only days with usage are listed.
 */
export const UsageChartQuery = z.strictObject({
    from: z.iso.datetime({ offset: true }),
    to: z.optional(z.iso.datetime({ offset: true })),
    tz: z._default(z.string().check(z.maxLength(64), z.refine(isTimeZone, 'must be an IANA time zone such as Europe/Warsaw')), 'UTC'),
  });
export type UsageChartQuery = z.input<typeof UsageChartQuery>;
export const UsageChartResponse = z.strictObject({ usage: z.array(UsageDay) });
export type UsageChartResponse = z.infer<typeof UsageChartResponse>;

/** A row of GET /api/tokens/usage/table: one processed mail. */
export const TokenUsageRecord = z.strictObject({ operation: z.string(), usedTokens: z.int(), date: IsoDateTime, payedUsd: z.number() });
export type TokenUsageRecord = z.infer<typeof TokenUsageRecord>;
export const TOKEN_USAGE_SORT_KEYS = ['operation', 'usedTokens', 'date'] as const;
export type TokenUsageSortKey = (typeof TOKEN_USAGE_SORT_KEYS)[number];
export const TokenUsageQuery = z.strictObject(pageQueryFields(TOKEN_USAGE_SORT_KEYS, 'date'));
export type TokenUsageQuery = PageQuery<TokenUsageSortKey>;
export const TokenUsageResponse = PagedList(TokenUsageRecord);
export type TokenUsageResponse = PagedList<TokenUsageRecord>;

/** A row of GET /api/tokens/added/table: a plan period, a purchase or an operator grant. */
export const AddedTokensRecord = z.strictObject({ source: z.string(), tokens: z.int(), payedUsd: z.number(), date: IsoDateTime });
export type AddedTokensRecord = z.infer<typeof AddedTokensRecord>;
export const ADDED_TOKENS_SORT_KEYS = ['source', 'tokens', 'payedUsd', 'date'] as const;
export type AddedTokensSortKey = (typeof ADDED_TOKENS_SORT_KEYS)[number];
export const AddedTokensQuery = z.strictObject(pageQueryFields(ADDED_TOKENS_SORT_KEYS, 'date'));
export type AddedTokensQuery = PageQuery<AddedTokensSortKey>;
export const AddedTokensResponse = PagedList(AddedTokensRecord);
export type AddedTokensResponse = PagedList<AddedTokensRecord>;

export const tokenRoutes = routeTable({
  tokenState: { method: 'GET', path: '/api/tokens/state', auth: 'bearer', summary: 'The token balance.', status: 200, answer: TokenStateResponse },
  usageChart: { method: 'GET', path: '/api/tokens/usage/chart', auth: 'bearer', summary: 'Tokens used and mails processed per day.', query: UsageChartQuery, status: 200, answer: UsageChartResponse },
  usageTable: { method: 'GET', path: '/api/tokens/usage/table', auth: 'bearer', summary: 'One page of processed mails and their tokens.', query: TokenUsageQuery, status: 200, answer: TokenUsageResponse },
  addedTable: { method: 'GET', path: '/api/tokens/added/table', auth: 'bearer', summary: 'One page of plan periods, purchases and grants.', query: AddedTokensQuery, status: 200, answer: AddedTokensResponse },
});
