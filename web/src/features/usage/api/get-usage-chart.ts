import { api } from '@/lib/api-client';
import { isRecord, type UsageDay } from './types';

type UsageChartQuery = {
  /** The first instant of the range (local midnight of its first day). */
  from: Date;
  /** The IANA time zone the server groups days in. */
  tz: string;
};

/** GET /api/tokens/usage/chart?from&tz: tokens used per day; days without usage are absent. */
export async function getUsageChart({ from, tz }: UsageChartQuery, signal?: AbortSignal): Promise<UsageDay[]> {
  const body = await api
    .get('tokens/usage/chart', { searchParams: { from: from.toISOString(), tz }, ...(signal ? { signal } : {}) })
    .json<unknown>();
  const usage = isRecord(body) ? body['usage'] : undefined;
  if (!Array.isArray(usage)) throw new Error('GET /api/tokens/usage/chart answered without usage.');
  return usage.filter(
    (day): day is UsageDay => isRecord(day) && typeof day['date'] === 'string' && typeof day['usedTokens'] === 'number',
  );
}
