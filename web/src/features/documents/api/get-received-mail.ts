import { queryOptions, useQuery } from '@tanstack/react-query';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { isPendingMail, RECEIVED_MAILS_POLL_MS } from './get-received-mails';
import { documentKeys } from './query-keys';
import type { ReceivedMailDetail } from './types';

/** GET /api/document/{id}/received-mails/{mailId}: one mail, the block it became and its status history. */
export async function getReceivedMail(documentId: string, mailId: string, signal?: AbortSignal): Promise<ReceivedMailDetail> {
  return callRoute(receivedMailRoutes.receivedMail, { params: { id: documentId, mailId }, signal });
}

export const receivedMailQueryOptions = (documentId: string, mailId: string) =>
  queryOptions({
    queryKey: documentKeys.receivedMail(documentId, mailId),
    queryFn: ({ signal }) => getReceivedMail(documentId, mailId, signal),
    // While the mail is still on its way the panel follows it, as the table does (live updates refresh it too).
    refetchInterval: (cached) => (cached.state.data && isPendingMail(cached.state.data) ? RECEIVED_MAILS_POLL_MS : false),
    // A missing mail stays missing: no retries before saying so.
    retry: false,
    meta: { errorMessage: 'Could not load the mail.' },
  });

/** One mail of the document, for the mail panel; `mailId` null loads nothing. */
export function useReceivedMail(documentId: string, mailId: string | null) {
  return useQuery({ ...receivedMailQueryOptions(documentId, mailId ?? ''), enabled: mailId !== null });
}
