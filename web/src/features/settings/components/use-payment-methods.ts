import { useEffect, useState } from 'react';
import { getPaymentMethods } from '../api/get-payment-methods';
import type { PaymentMethod } from '../api/types';

type PaymentMethodsState = { status: 'loading' } | { status: 'ready'; methods: PaymentMethod[] } | { status: 'error' };

/** The saved cards (GET /api/subscription/payment-methods); a failure is logged and shown as such. */
export function usePaymentMethods(): PaymentMethodsState {
  const [state, setState] = useState<PaymentMethodsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getPaymentMethods(controller.signal).then(
      (methods) => {
        if (!controller.signal.aborted) setState({ status: 'ready', methods });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the payment methods.', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
