import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes } from '@contract/subscription';
import { callRoute } from '@/lib/api-route';
import { invalidateBilling } from '@/lib/query-keys';

/** POST /api/subscription/cancel: cancels at the end of the current period (409 when it does not apply). */
export async function cancelSubscription(): Promise<void> {
  await callRoute(subscriptionRoutes.cancelSubscription);
}

/** Cancels, then reloads the subscription in the background (the last answer stays meanwhile). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => invalidateBilling(queryClient),
  });
}
