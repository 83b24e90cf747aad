import { queryOptions } from '@tanstack/react-query';
import { useTableRows } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { mailFilterParams, NO_MAIL_FILTERS, type MailFilters } from '../utils/mail-filters';
import { documentKeys } from './query-keys';
import type { PagedList, ReceivedMail, ReceivedMailSortKey, ReceivedMailStatus } from './types';

/**
 * GET /api/document/{id}/received-mails?page&pageSize&sortBy&sortOrder&q&status&from&to: one page of the
 * mail sent to the document, filtered by the filters that are set.
 */
export async function getReceivedMails(
  documentId: string,
  query: TableQuery<ReceivedMailSortKey>,
  signal?: AbortSignal,
  filters: MailFilters = NO_MAIL_FILTERS,
): Promise<PagedList<ReceivedMail>> {
  const { page, pageSize, sortBy, sortOrder } = query;
  return callRoute(receivedMailRoutes.receivedMails, {
    params: { id: documentId },
    query: { page, pageSize, sortBy, sortOrder, ...mailFilterParams(filters) },
    signal,
  });
}

/** How often the table asks again while a mail on the shown page is still on its way. */
export const RECEIVED_MAILS_POLL_MS = 5000;

/** Statuses that still change without the user doing anything. */
const PENDING: ReadonlySet<ReceivedMailStatus> = new Set(['received', 'processing', 'held']);

export const isPendingMail = (mail: Pick<ReceivedMail, 'status'>) => PENDING.has(mail.status);

export const receivedMailsQueryOptions = (documentId: string, query: TableQuery<ReceivedMailSortKey>, filters: MailFilters = NO_MAIL_FILTERS) => {
  // Only what the server is asked for belongs in the key.
  const { page, pageSize, sortBy, sortOrder } = query;
  const request = { page, pageSize, sortBy, sortOrder };
  return queryOptions({
    queryKey: documentKeys.receivedMailsPage(documentId, { ...request, ...mailFilterParams(filters) }),
    queryFn: ({ signal }) => getReceivedMails(documentId, request, signal, filters),
    // Coming back from the mail client (where the mail was forwarded) shows what arrived meanwhile.
    staleTime: 0,
    // While a shown mail is received, processing or held, ask again 5 s after each answer.
    refetchInterval: (cached) => (cached.state.data?.data.some(isPendingMail) ? RECEIVED_MAILS_POLL_MS : false),
    refetchIntervalInBackground: true,
    // A failure is logged only (docs/product.md § Messages and failures) and ends the loading state.
    meta: { errorMessage: 'Could not load the processed emails.' },
  });
};

/**
 * The page of received mail `query` describes, loaded again whenever it changes, when the user comes
 * back to the page, and every 5 s while a shown mail is still on its way. The previous page stays
 * shown (as loading) until the new one arrives.
 */
export function useReceivedMails(documentId: string, query: TableQuery<ReceivedMailSortKey>, filters: MailFilters = NO_MAIL_FILTERS) {
  return useTableRows(receivedMailsQueryOptions(documentId, query, filters));
}
