import { queryOptions, useQuery } from '@tanstack/react-query';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { documentKeys } from './query-keys';
import type { ForwardingConfirmation } from './types';

/** GET /api/document/{id}/forwarding-confirmation: Gmail's latest confirmation request for the forward address, or null. */
export async function getForwardingConfirmation(documentId: string, signal?: AbortSignal): Promise<ForwardingConfirmation | null> {
  return (await callRoute(receivedMailRoutes.forwardingConfirmation, { params: { id: documentId }, signal })).forwardingConfirmation;
}

export const forwardingConfirmationQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: documentKeys.forwardingConfirmation(documentId),
    queryFn: ({ signal }) => getForwardingConfirmation(documentId, signal),
    // Gmail sends it while the user is in Gmail's settings: every return to the page asks again.
    staleTime: 0,
    meta: { errorMessage: 'Could not load the forwarding confirmation.' },
  });

/** Loaded with the page and again when the user comes back to it; a load failure is logged only. */
export function useForwardingConfirmation(documentId: string) {
  return useQuery(forwardingConfirmationQueryOptions(documentId));
}
