import { z } from 'zod';
import type { AddedTokensQuery, TokenUsageQuery, UsageChartQuery } from '../../../contract/usage.js';

const pageSize = z.coerce
  .number()
  .int()
  .refine((size) => size === 5 || size === 10 || size === 25, 'must be 5, 10 or 25');

const pageQuery = <K extends readonly [string, ...string[]]>(sortKeys: K) =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: pageSize.default(5),
      sortBy: z.enum(sortKeys).default('date' as K[number]),
      sortOrder: z.enum(['asc', 'desc']).default('desc'),
    })
    .strict();

export const usageTableQuery = pageQuery(['operation', 'usedTokens', 'date'] as const) satisfies z.ZodType<TokenUsageQuery>;
export const addedTableQuery = pageQuery(['source', 'tokens', 'payedUsd', 'date'] as const) satisfies z.ZodType<AddedTokensQuery>;

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

export const chartQuery = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }).optional(),
    tz: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Warsaw').default('UTC'),
  })
  .strict() satisfies z.ZodType<UsageChartQuery>;
