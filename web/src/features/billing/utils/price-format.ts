// Dollar amounts on the billing screens.
import { formatUsdBetween } from '@/lib/format';

/** A price that may have more than 2 decimals (a per-token price): 2 to 4 decimals, e.g. "$0.01", "$0.0125". */
export function formatUnitPrice(amount: number): string {
  return formatUsdBetween(amount, 2, 4);
}

/** Large counts with US grouping: 10000 → "10,000". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
