// Display formatting shared by features.

/** docs/product.md § Settings: subscription dates as long-form US dates, or "-" when missing. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

// Every dollar amount goes through Intl.NumberFormat: grouping ("$20,000,000.00"), the sign and the
// symbol come out right, where `$${n.toFixed(2)}` writes "$20000000.00" and "$-5.00".
const usdFormats = new Map<string, Intl.NumberFormat>();

function usdFormat(minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const key = `${minDecimals}-${maxDecimals}`;
  let format = usdFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    usdFormats.set(key, format);
  }
  return format;
}

/** Dollars with a fixed number of decimals (4 for per-token prices, 2 for totals): "$1,234.50". */
export function formatUsd(amount: number, decimals = 2): string {
  return usdFormat(decimals, decimals).format(amount);
}

/** Dollars with as few decimals as the amount needs within [min, max]: (0.0125, 2, 4) → "$0.0125", (9, 0, 2) → "$9". */
export function formatUsdBetween(amount: number, minDecimals: number, maxDecimals: number): string {
  return usdFormat(minDecimals, maxDecimals).format(amount);
}
