import { useEffect, useState } from 'react';
import { httpStatusOf } from '@/lib/api-error';
import { getPrice } from '../api/get-price';

export type TokenPriceState =
  | { status: 'loading' }
  | { status: 'ready'; price: number }
  /** The server has no single-token price. */
  | { status: 'unavailable' }
  /** The price could not be loaded. */
  | { status: 'failed' };

/** The price of one extra token (GET /api/stripe/price/singleToken). Not loaded while `enabled` is false. */
export function useTokenPrice(enabled: boolean): TokenPriceState {
  const [state, setState] = useState<TokenPriceState>({ status: 'loading' });

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    getPrice('singleToken').then(
      (price) => {
        if (!active) return;
        setState(price !== null && price.price > 0 ? { status: 'ready', price: price.price / price.tokens } : { status: 'unavailable' });
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('Could not load the token price.', error);
        setState({ status: httpStatusOf(error) === 404 ? 'unavailable' : 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [enabled]);

  return state;
}
