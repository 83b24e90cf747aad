import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { subscriptionKeys, tokenStateKeys } from '@/lib/query-keys';

/** POST /api/subscription/reactivate: undoes a pending cancellation (409 when it does not apply). */
export async function reactivateSubscription(): Promise<void> {
  await api.post('subscription/reactivate');
}

/** Reactivates, then reloads the subscription in the background (the last answer stays meanwhile). */
export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: tokenStateKeys.all });
    },
  });
}
