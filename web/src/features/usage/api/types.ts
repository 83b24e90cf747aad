// Shapes of the token-usage calls: the HTTP contract's own types (src/contract, docs/api.md).
import type { PagedList } from '@contract/common';
import { isRecord } from '@/lib/answer-checks';

export type { PagedList };
export type { AddedTokensRecord, AddedTokensSortKey, TokenUsageRecord, TokenUsageSortKey, UsageDay } from '@contract/usage';

/** Checks the envelope of a paged answer; the rows are trusted to have the documented shape. */
export function toPagedList<Row>(body: unknown, call: string): PagedList<Row> {
  if (!isRecord(body) || !Array.isArray(body['data']) || typeof body['total'] !== 'number') {
    throw new Error(`${call} answered without data and total.`);
  }
  return { data: body['data'] as Row[], total: body['total'] };
}
