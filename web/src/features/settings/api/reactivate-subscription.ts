import { api } from '@/lib/api-client';

/** POST /api/subscription/reactivate: undoes a pending cancellation (409 when it does not apply). */
export async function reactivateSubscription(): Promise<void> {
  await api.post('subscription/reactivate');
}
