import type { MailStatus } from '../../domain/inbound-message.js';
import type { StatusEntry } from '../../domain/status-history.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import type { ReceivedMailRow, ReceivedMailSortKey } from './inbound-message.repository.port.js';

/** Which mails a page shows (docs/api.md § Received mail): every condition given must hold. */
export interface ReceivedMailFilter {
  /** A case-insensitive substring of the subject or the sender. */
  text?: string;
  statuses?: MailStatus[];
  /** Arrived at or after this instant. */
  from?: Date;
  /** Arrived before this instant. */
  before?: Date;
}

export interface ReceivedMailPageQuery {
  page: number;
  pageSize: number;
  sortBy: ReceivedMailSortKey;
  sortOrder: 'asc' | 'desc';
  /** Absent or empty: every mail. */
  filter?: ReceivedMailFilter;
}

/** One mail with what its panel shows. */
export interface ReceivedMailDetailRow extends ReceivedMailRow {
  documentId: string;
  /** The block as written; null when none was written (or before blocks were kept). */
  block: WrittenBlock | null;
  /** Oldest first. */
  history: StatusEntry[];
  writtenAt: Date | null;
}

/** A mail found by the search across an owner's documents. */
export interface FoundMailRow extends ReceivedMailRow {
  documentId: string;
  documentName: string;
}

/** The document page's Processed Emails table, read as one page at a time, a mail's panel and the search. */
export interface ReceivedMailPages {
  /**
   * One page in the table's order (the sort column, then the id) and the exact total, also past the last
   * page; null when the document is not the owner's live document (missing, deleted, another user's).
   */
  pageOf(ownerId: string, documentId: string, query: ReceivedMailPageQuery): Promise<{ rows: ReceivedMailRow[]; total: number } | null>;
  /** One mail of a document, with its block and history; null when the document has no such mail. */
  mailOf(documentId: string, mailId: string): Promise<ReceivedMailDetailRow | null>;
  /** One page of the owner's mail across their live documents, in the table's order, and the total. */
  search(ownerId: string, query: ReceivedMailPageQuery): Promise<{ rows: FoundMailRow[]; total: number }>;
}

export const RECEIVED_MAIL_PAGES = Symbol('ReceivedMailPages');
