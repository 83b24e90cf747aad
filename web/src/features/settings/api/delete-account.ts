import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@contract/account';
import { callRoute } from '@/lib/api-route';

/**
 * POST /api/account/delete { email }: deletes the signed-in account (204). 400 when the email is not the
 * account's; 502/503 when the payment provider could not cancel the subscription (nothing is deleted).
 */
export async function deleteAccount(email: string): Promise<void> {
  await callRoute(accountRoutes.deleteAccount, { body: { email } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
