// Display formatting shared by features.

/** Spec §5: subscription dates as long-form US dates, or "-" when missing. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Dollars with a fixed number of decimals (4 for per-token prices, 2 for totals). */
export function formatUsd(amount: number, decimals = 2): string {
  return `$${amount.toFixed(decimals)}`;
}
