import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';

/** POST /api/document/{id}/received-mails/{mailId}/retry: 202 for a failed mail, 409 MAIL.NOT_RETRYABLE otherwise. */
export async function retryReceivedMail(documentId: string, mailId: string): Promise<void> {
  await callRoute(receivedMailRoutes.retryMail, { params: { id: documentId, mailId } });
}

const retryKey = (documentId: string) => [...documentKeys.receivedMails(documentId), 'retry'] as const;

export function useRetryReceivedMail(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: retryKey(documentId),
    mutationFn: (mailId: string) => retryReceivedMail(documentId, mailId),
    // After a refusal too: the mail's state has changed since the page was shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.receivedMails(documentId) }),
  });
}

/** The ids of this document's mails whose retry is still running (the same array while they do not change). */
export function useRetryingMailIds(documentId: string): readonly string[] {
  return useMutationState({
    filters: { mutationKey: retryKey(documentId), status: 'pending' },
    select: (mutation) => String(mutation.state.variables),
  });
}
