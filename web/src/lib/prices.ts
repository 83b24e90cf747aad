// The price list (GET /api/stripe/prices, public): the landing page's pricing section and the billing
// screens both show it, so it lives here rather than in either feature.
import { billingRoutes, type PlanType, type Price, type PriceType } from '@contract/billing';
import { callRoute } from './api-route';

/** A price (GET /api/stripe/price/{type}, /api/stripe/prices) and its types: the HTTP contract's own. */
export type { Price, PriceType };

export const PLAN_TYPES: readonly PlanType[] = ['monthlyBasic', 'monthlyPro'];

/** The plans' display names (docs/product.md § Plans, prices and tokens). */
export const PLAN_NAMES: Record<PlanType, string> = { monthlyBasic: 'Basic', monthlyPro: 'Professional' };

export function isPlanType(value: PriceType): value is PlanType {
  return (PLAN_TYPES as readonly string[]).includes(value);
}

/** GET /api/stripe/prices (public): every price. */
export async function getPrices(signal?: AbortSignal): Promise<Price[]> {
  return callRoute(billingRoutes.prices, { signal });
}
