import type { ReceivedMailRow, ReceivedMailSortKey } from './inbound-message.repository.port.js';

export interface ReceivedMailPageQuery {
  page: number;
  pageSize: number;
  sortBy: ReceivedMailSortKey;
  sortOrder: 'asc' | 'desc';
}

/** The document page's Processed Emails table, read as one page at a time. */
export interface ReceivedMailPages {
  /**
   * One page in the table's order (the sort column, then the id) and the exact total, also past the last
   * page; null when the document is not the owner's live document (missing, deleted, another user's).
   */
  pageOf(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailRow[]; total: number } | null>;
}

export const RECEIVED_MAIL_PAGES = Symbol('ReceivedMailPages');
