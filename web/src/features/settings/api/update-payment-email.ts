import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingRoutes } from '@contract/billing';
import { callRoute } from '@/lib/api-route';
import { subscriptionKeys } from '@/lib/query-keys';

/** PUT /api/stripe/email { email }: the billing email of the payment provider's customer. */
export async function updatePaymentEmail(email: string): Promise<void> {
  await callRoute(billingRoutes.billingEmail, { body: { email } });
}

/** Updates the payment email; the subscription status (which carries it) is reloaded. */
export function useUpdatePaymentEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
