import { useEffect, useState } from 'react';
import { getPrices } from '@/features/billing/api/get-prices';
import type { Price } from '@/features/billing/api/types';

export type LandingPrices = { status: 'loading' } | { status: 'ready'; prices: Price[] } | { status: 'error' };

/** GET /api/stripe/prices (public) for the pricing section; a failure is logged, the section says so. */
export function useLandingPrices(): LandingPrices {
  const [state, setState] = useState<LandingPrices>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    getPrices().then(
      (prices) => {
        if (active) setState({ status: 'ready', prices });
      },
      (error: unknown) => {
        console.warn('Could not load the prices.', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  return state;
}
