import { useEffect, useState } from 'react';
import type { PlanType } from '@/lib/subscription-status';
import { serverMessageOf } from '@/lib/server-message';
import { getPrices } from '../api/get-prices';
import { isPlanType, PLAN_TYPES, type Price } from '../api/types';

export type PlanPrice = Price & { priceType: PlanType };

type PlansState = { status: 'loading' } | { status: 'ready'; plans: PlanPrice[] } | { status: 'error'; message: string };

export const PLAN_NOT_AVAILABLE = 'Plan not available';

/** The monthly plans from GET /api/stripe/prices, Basic first. No plan at all counts as an error (§8). */
export function usePlans(): PlansState {
  const [state, setState] = useState<PlansState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    getPrices().then(
      (prices) => {
        if (!active) return;
        const plans = prices
          .filter((price): price is PlanPrice => isPlanType(price.priceType))
          .sort((a, b) => PLAN_TYPES.indexOf(a.priceType) - PLAN_TYPES.indexOf(b.priceType));
        setState(plans.length > 0 ? { status: 'ready', plans } : { status: 'error', message: PLAN_NOT_AVAILABLE });
      },
      async (error: unknown) => {
        console.warn('Could not load the plans.', error);
        // Spec §8: the error text (the server's message), or "Plan not available".
        const message = (await serverMessageOf(error)) ?? PLAN_NOT_AVAILABLE;
        if (active) setState({ status: 'error', message });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return state;
}
