// Dollar amounts on the billing screens.

/** A price that may have more than 2 decimals (a per-token price): 2 to 4 decimals, e.g. "$0.01", "$0.0125". */
export function formatUnitPrice(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false })}`;
}

/** Large counts with US grouping: 10000 → "10,000". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
