import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanType } from '@/lib/subscription-status';
import { serverMessageOf } from '@/lib/server-message';
import { getPrices, isPlanType, PLAN_TYPES, type Price } from '@/lib/prices';
import { billingPriceKeys } from './query-keys';

export type PlanPrice = Price & { priceType: PlanType };

export const PLAN_NOT_AVAILABLE = 'Plan not available';

/** A failed plan load, with the text plan selection shows (the server's message, or "Plan not available": docs/product.md § Plans, prices and tokens). */
export class PlansUnavailableError extends Error {
  override name = 'PlansUnavailableError';
}

/** The monthly plans from GET /api/stripe/prices, Basic first. No plan at all counts as an error (docs/product.md § Plans, prices and tokens). */
export async function getPlans(signal?: AbortSignal): Promise<PlanPrice[]> {
  let prices: Price[];
  try {
    prices = await getPrices(signal);
  } catch (error) {
    // Read here: the server's message is in the answer's body, which only an async read reaches.
    throw new PlansUnavailableError((await serverMessageOf(error)) ?? PLAN_NOT_AVAILABLE, { cause: error });
  }
  const plans = prices
    .filter((price): price is PlanPrice => isPlanType(price.priceType))
    .sort((a, b) => PLAN_TYPES.indexOf(a.priceType) - PLAN_TYPES.indexOf(b.priceType));
  if (plans.length === 0) throw new PlansUnavailableError(PLAN_NOT_AVAILABLE);
  return plans;
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: billingPriceKeys.plans(),
    queryFn: ({ signal }) => getPlans(signal),
    meta: { errorMessage: 'Could not load the plans.' },
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}

/** The text to show for a failed plan load. */
export function plansErrorMessage(error: Error): string {
  return error instanceof PlansUnavailableError ? error.message : PLAN_NOT_AVAILABLE;
}
