// docs/product.md § Plans, prices and tokens: the token amount of a custom purchase.
import { formatUsd } from '@/lib/format';

export const DEFAULT_TOKEN_AMOUNT = 1000;
export const QUICK_SELECT_AMOUNTS = [100, 150, 300, 500, 1000] as const;
/** Tokens are bought in whole multiples of this. */
export const TOKEN_UNIT = 1;
/** The amount input's step. */
export const TOKEN_AMOUNT_STEP = 100;

/** The amount typed into the input: invalid input counts as 0, negatives are clamped to 0. */
export function parseTokenAmount(text: string): number {
  if (text.trim() === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, value);
}

/** The amount actually bought: rounded up to a whole multiple of the token unit. */
export function roundUpToUnit(amount: number, unit: number = TOKEN_UNIT): number {
  if (amount <= 0) return 0;
  return Math.ceil(amount / unit) * unit;
}

/** The rounded-up quantity times the token price, in dollars with 2 decimals (e.g. "$10.50", "$20,000,000.00"). */
export function formatTotal(quantity: number, tokenPrice: number): string {
  return formatUsd(quantity * tokenPrice, 2);
}
