import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { api } from '@/lib/api-client';
import type { PagedList, ReceivedMail, ReceivedMailSortKey } from './types';

/** GET /api/document/{id}/received-mails?page&pageSize&sortBy&sortOrder: one page of the mail sent to the document. */
export async function getReceivedMails(
  documentId: string,
  query: TableQuery<ReceivedMailSortKey>,
  signal?: AbortSignal,
): Promise<PagedList<ReceivedMail>> {
  const { page, pageSize, sortBy, sortOrder } = query;
  const body = await api
    .get(`document/${encodeURIComponent(documentId)}/received-mails`, {
      searchParams: { page, pageSize, sortBy, sortOrder },
      ...(signal ? { signal } : {}),
    })
    .json<unknown>();
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { data?: unknown }).data) || typeof (body as { total?: unknown }).total !== 'number') {
    throw new Error('GET /api/document/{id}/received-mails answered without data and total.');
  }
  return body as PagedList<ReceivedMail>;
}
