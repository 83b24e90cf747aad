import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DeleteAccountRequest } from '@contract/account';

/**
 * POST /api/account/delete { email }: deletes the signed-in account (204). 400 when the email is not the
 * account's; 502/503 when the payment provider could not cancel the subscription (nothing is deleted).
 */
export async function deleteAccount(email: string): Promise<void> {
  const body: DeleteAccountRequest = { email };
  await api.post('account/delete', { json: body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
