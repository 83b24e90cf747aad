import { isRecord } from '@/lib/answer-checks';
import type { PaymentMethod } from '@contract/subscription';

/** Spec §3 payment method: the card's brand, last 4 digits and expiry (the HTTP contract's type). */
export type { PaymentMethod };

/** A payment method from the server, or null when the entry is not one. */
export function toPaymentMethod(value: unknown): PaymentMethod | null {
  if (!isRecord(value)) return null;
  const { brand, last4, expiryMonth, expiryYear } = value;
  if (typeof brand !== 'string' || typeof last4 !== 'string') return null;
  if (typeof expiryMonth !== 'number' || typeof expiryYear !== 'number') return null;
  return { brand, last4, expiryMonth, expiryYear };
}

export function toUrl(body: unknown, call: string): string {
  const url = isRecord(body) ? body['url'] : undefined;
  if (typeof url !== 'string' || url === '') throw new Error(`${call} answered without a url.`);
  return url;
}
