// Query keys of the documents feature. Exported, so server events (a processed mail, a document changed
// elsewhere) can update or invalidate exactly what they touch.
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import type { MailFilters } from '../utils/mail-filters';
import type { DocumentsPageQuery, ReceivedMailSortKey } from './types';

export const documentKeys = {
  all: ['documents'] as const,
  /** GET /api/google-docs (the whole list). Its pages are below it, so invalidating it reloads them too. */
  list: () => [...documentKeys.all, 'list'] as const,
  /** Every page of GET /api/google-docs?q&sortBy&page&pageSize. */
  pages: () => [...documentKeys.list(), 'page'] as const,
  page: (query: DocumentsPageQuery) => [...documentKeys.pages(), query] as const,
  /** GET /api/getDocumentDetails/{id}. */
  details: (documentId: string) => [...documentKeys.all, 'details', documentId] as const,
  /** Every page of one document's received mail. */
  receivedMails: (documentId: string) => [...documentKeys.all, 'received-mails', documentId] as const,
  receivedMailsPage: (documentId: string, query: TableQuery<ReceivedMailSortKey> & Partial<MailFilters>) =>
    [...documentKeys.receivedMails(documentId), query] as const,
  /** GET /api/document/{id}/received-mails/{mailId}: under the document's mail, so a mail event refreshes an open panel. */
  receivedMail: (documentId: string, mailId: string) => [...documentKeys.receivedMails(documentId), 'mail', mailId] as const,
  /** Every page of GET /api/received-mails (the search across documents). */
  allReceivedMails: () => [...documentKeys.all, 'all-received-mails'] as const,
  allReceivedMailsPage: (query: TableQuery<ReceivedMailSortKey> & Partial<MailFilters>) => [...documentKeys.allReceivedMails(), query] as const,
  forwardingConfirmation: (documentId: string) => [...documentKeys.all, 'forwarding-confirmation', documentId] as const,
};

/** Mutation key of every change to one document (the details page blocks behind an overlay while any runs). */
export const documentChangeKey = (documentId: string) => [...documentKeys.details(documentId), 'change'] as const;
