import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isPendingMail, RECEIVED_MAILS_POLL_MS, receivedMailOf } from './get-received-mails';
import { documentKeys } from './query-keys';
import type { ReceivedMailBlock, ReceivedMailDetail, ReceivedMailStatusChange } from './types';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The block as the panel shows it: a missing list is an empty one; no heading, no block. */
function blockOf(value: unknown): ReceivedMailBlock | null {
  if (typeof value !== 'object' || value === null) return null;
  const block = value as Record<string, unknown>;
  if (typeof block['heading'] !== 'string') return null;
  return {
    heading: block['heading'],
    meta: strings(block['meta']),
    summary: strings(block['summary']),
    keyPoints: strings(block['keyPoints']),
    actionItems: strings(block['actionItems']),
  };
}

/** GET /api/document/{id}/received-mails/{mailId}: one mail, the block it became and its status history. */
export async function getReceivedMail(documentId: string, mailId: string, signal?: AbortSignal): Promise<ReceivedMailDetail> {
  const body = await api
    .get(`document/${encodeURIComponent(documentId)}/received-mails/${encodeURIComponent(mailId)}`, signal ? { signal } : {})
    .json<unknown>();
  const call = 'GET /api/document/{id}/received-mails/{mailId}';
  if (typeof body !== 'object' || body === null || typeof (body as { id?: unknown }).id !== 'string') {
    throw new Error(`${call} answered without a mail.`);
  }
  const detail = receivedMailOf<ReceivedMailDetail>(body, call);
  const history = Array.isArray(detail.history) ? detail.history.filter((step): step is ReceivedMailStatusChange => typeof step?.at === 'string') : [];
  return { ...detail, block: blockOf(detail.block), history, documentUrl: typeof detail.documentUrl === 'string' ? detail.documentUrl : null };
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
