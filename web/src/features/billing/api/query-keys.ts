// Query keys of billing's own price reads (GET /api/stripe/prices as plans, /api/stripe/price/{type}).
// They sit under the shared prices root (lib/query-keys), so invalidating priceKeys.all reaches them too.
import type { PriceType } from '@/lib/prices';
import { priceKeys } from '@/lib/query-keys';

export const billingPriceKeys = {
  /** The monthly plans, as plan selection offers them (its own error text, see get-plans). */
  plans: () => [...priceKeys.all, 'plans'] as const,
  one: (type: PriceType) => [...priceKeys.all, 'one', type] as const,
};
