import { useQuery } from '@tanstack/react-query';
import { tokenRoutes } from '@contract/usage';
import { callRoute } from '@/lib/api-route';
import { browserTimeZone, buildDailySeries, chartRangeStart, type ChartPoint, type ChartRange } from '../utils/usage-chart';
import { usageKeys } from './query-keys';
import type { UsageDay } from './types';

type UsageChartQuery = {
  /** The first instant of the range (local midnight of its first day). */
  from: Date;
  /** The IANA time zone the server groups days in. */
  tz: string;
};

/** GET /api/tokens/usage/chart?from&tz: mails processed and tokens used per day; days without usage are absent. */
export async function getUsageChart({ from, tz }: UsageChartQuery, signal?: AbortSignal): Promise<UsageDay[]> {
  return (await callRoute(tokenRoutes.usageChart, { query: { from: from.toISOString(), tz }, signal })).usage;
}

/** Every day of the last `range` days, oldest first, with its mails and tokens (0 for the days the server left out). */
async function getUsageSeries(range: ChartRange, signal: AbortSignal): Promise<ChartPoint[]> {
  const now = new Date();
  const usage = await getUsageChart({ from: chartRangeStart(range, now), tz: browserTimeZone() }, signal);
  return buildDailySeries(usage, range, now);
}

/** The series of `range`, loaded again when it changes. A failure is logged and returned as `result` (LoadFailed). */
export function useUsageSeries(range: ChartRange) {
  const result = useQuery({
    queryKey: usageKeys.chart(range),
    queryFn: ({ signal }) => getUsageSeries(range, signal),
    meta: { errorMessage: 'Could not load the usage chart.' },
  });
  return { points: result.data ?? [], loading: result.isPending, result };
}
