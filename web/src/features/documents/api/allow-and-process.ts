import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { serverMessageOf } from '@/lib/server-message';
import { writeDocumentChange } from './document-cache';
import { documentKeys } from './query-keys';

const ALLOW_FAILED = 'Could not allow the sender. Try again.';

/**
 * POST /api/document/{id}/received-mails/{mailId}/allow-and-process: 202 with the allow-list as it now
 * is; 409 MAIL.NOT_ALLOWABLE when the mail can no longer be let in.
 */
export async function allowAndProcess(documentId: string, mailId: string): Promise<string[]> {
  return (await callRoute(receivedMailRoutes.allowAndProcess, { params: { id: documentId, mailId } })).emails;
}

const allowKey = (documentId: string) => [...documentKeys.receivedMails(documentId), 'allow'] as const;

/** Not the document-change key: the row shows its own progress, so the page is not blocked. */
export function useAllowAndProcess(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: allowKey(documentId),
    mutationFn: async (mailId: string) => {
      try {
        return await allowAndProcess(documentId, mailId);
      } catch (error) {
        console.warn('Could not allow the sender.', error);
        // The message is read here, so the row can show it without reading the response again.
        throw new Error((await serverMessageOf(error)) ?? ALLOW_FAILED, { cause: error });
      }
    },
    onSuccess: (emails) => writeDocumentChange(queryClient, documentId, { emails }),
    // After a refusal too: the mail's state has changed since the page was shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.receivedMails(documentId) }),
  });
}

export type AllowOutcome = { status: 'pending' | 'success' | 'error'; message: string | null };

/** Each mail's latest "allow and process" outcome (the newest call of a mail wins). */
export function useAllowOutcomes(documentId: string): ReadonlyMap<string, AllowOutcome> {
  const states = useMutationState({
    filters: { mutationKey: allowKey(documentId) },
    select: (mutation) => ({
      mailId: String(mutation.state.variables),
      status: mutation.state.status,
      message: mutation.state.error instanceof Error ? mutation.state.error.message : null,
    }),
  });
  // The same map while the states do not change (useMutationState keeps equal results identical).
  return useMemo(() => {
    const outcomes = new Map<string, AllowOutcome>();
    for (const state of states) {
      if (state.status !== 'idle') outcomes.set(state.mailId, { status: state.status, message: state.message });
    }
    return outcomes;
  }, [states]);
}
