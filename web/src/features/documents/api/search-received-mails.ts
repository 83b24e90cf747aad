import { queryOptions } from '@tanstack/react-query';
import { useTableRows } from '@/components/ui/data-table/table-rows';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { receivedMailRoutes } from '@contract/received-mails';
import { callRoute } from '@/lib/api-route';
import { mailFilterParams, type MailFilters } from '../utils/mail-filters';
import { isPendingMail, RECEIVED_MAILS_POLL_MS } from './get-received-mails';
import { documentKeys } from './query-keys';
import type { PagedList, ReceivedMailAcrossDocuments, ReceivedMailSortKey } from './types';

/** GET /api/received-mails?page&pageSize&sortBy&sortOrder&q&status&from&to: the mail of all the user's documents. */
export async function searchReceivedMails(
  query: TableQuery<ReceivedMailSortKey>,
  filters: MailFilters,
  signal?: AbortSignal,
): Promise<PagedList<ReceivedMailAcrossDocuments>> {
  const { page, pageSize, sortBy, sortOrder } = query;
  return callRoute(receivedMailRoutes.searchMails, { query: { page, pageSize, sortBy, sortOrder, ...mailFilterParams(filters) }, signal });
}

export const searchReceivedMailsQueryOptions = (query: TableQuery<ReceivedMailSortKey>, filters: MailFilters) => {
  const { page, pageSize, sortBy, sortOrder } = query;
  const request = { page, pageSize, sortBy, sortOrder };
  return queryOptions({
    queryKey: documentKeys.allReceivedMailsPage({ ...request, ...mailFilterParams(filters) }),
    queryFn: ({ signal }) => searchReceivedMails(request, filters, signal),
    staleTime: 0,
    refetchInterval: (cached) => (cached.state.data?.data.some(isPendingMail) ? RECEIVED_MAILS_POLL_MS : false),
    meta: { errorMessage: 'Could not search the mail.' },
  });
};

/** The page of mail across documents that `query` and `filters` describe; the previous page stays shown while the next loads. */
export function useSearchReceivedMails(query: TableQuery<ReceivedMailSortKey>, filters: MailFilters) {
  return useTableRows(searchReceivedMailsQueryOptions(query, filters));
}
