// Shapes of the token-usage calls (docs/api.md, spec §3).

/** One day of the chart call: tokens used that day in the requested time zone. */
export type UsageDay = { date: string; usedTokens: number };

export type TokenUsageRecord = { operation: string; usedTokens: number; date: string; payedUsd: number };
export type TokenUsageSortKey = 'operation' | 'usedTokens' | 'date';

export type AddedTokensRecord = { source: string; tokens: number; payedUsd: number; date: string };
export type AddedTokensSortKey = 'source' | 'tokens' | 'payedUsd' | 'date';

/** Spec §3 paged list response. */
export type PagedList<Row> = { data: Row[]; total: number };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Checks the envelope of a paged answer; the rows are trusted to have the documented shape. */
export function toPagedList<Row>(body: unknown, call: string): PagedList<Row> {
  if (!isRecord(body) || !Array.isArray(body['data']) || typeof body['total'] !== 'number') {
    throw new Error(`${call} answered without data and total.`);
  }
  return { data: body['data'] as Row[], total: body['total'] };
}
