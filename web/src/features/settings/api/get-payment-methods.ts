import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionRoutes } from '@contract/subscription';
import { callRoute } from '@/lib/api-route';
import { paymentMethodKeys } from './query-keys';
import type { PaymentMethod } from './types';

/** GET /api/subscription/payment-methods: the saved cards, default first. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return callRoute(subscriptionRoutes.paymentMethods, { signal });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    meta: { errorMessage: 'Could not load the payment methods.' },
  });

/** The saved cards; a failure is logged and shown as such. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
