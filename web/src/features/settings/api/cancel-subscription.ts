import { api } from '@/lib/api-client';

/** POST /api/subscription/cancel: cancels at the end of the current period (409 when it does not apply). */
export async function cancelSubscription(): Promise<void> {
  await api.post('subscription/cancel');
}
