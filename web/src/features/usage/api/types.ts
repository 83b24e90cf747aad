// Shapes of the token-usage calls: the HTTP contract's own types (src/contract, docs/api.md).
export type { PagedList } from '@contract/common';
export type { AddedTokensRecord, AddedTokensSortKey, TokenUsageRecord, TokenUsageSortKey, UsageDay } from '@contract/usage';
