// The document shapes the server answers: the HTTP contract's own types (src/contract, docs/api.md).
export type { DocumentCard, DocumentDetails, DocumentListItem, DocumentSortBy, DocumentsPage, DocumentsPageQuery } from '@contract/documents';
export type {
  ForwardingConfirmation,
  FoundMail as ReceivedMailAcrossDocuments,
  ReceivedMail,
  ReceivedMailBlock,
  ReceivedMailDetail,
  ReceivedMailSortKey,
  ReceivedMailStatus,
  ReceivedMailStatusChange,
} from '@contract/received-mails';
export type { PagedList } from '@contract/common';

