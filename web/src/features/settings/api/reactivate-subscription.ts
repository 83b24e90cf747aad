import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes } from '@contract/subscription';
import { callRoute } from '@/lib/api-route';
import { invalidateBilling } from '@/lib/query-keys';

/** POST /api/subscription/reactivate: undoes a pending cancellation (409 when it does not apply). */
export async function reactivateSubscription(): Promise<void> {
  await callRoute(subscriptionRoutes.reactivateSubscription);
}

/** Reactivates, then reloads the subscription in the background (the last answer stays meanwhile). */
export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => invalidateBilling(queryClient),
  });
}
