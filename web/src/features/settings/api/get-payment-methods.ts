import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentMethodKeys } from './query-keys';
import { toPaymentMethod, type PaymentMethod } from './types';

/** GET /api/subscription/payment-methods: the saved cards, default first. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const body = await api.get('subscription/payment-methods', signal ? { signal } : {}).json<unknown>();
  if (!Array.isArray(body)) throw new Error('GET /api/subscription/payment-methods answered without a list.');
  return body.map(toPaymentMethod).filter((method): method is PaymentMethod => method !== null);
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
