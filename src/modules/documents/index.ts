export { documentsModule, withCachedDocumentReads } from './documents.module.js';
export type { Document } from './domain/document.js';
export type { DocumentPart } from './domain/document-part.js';
export {
  DOC_STORE,
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreUnavailableError,
  DocStoreBusyError,
  type DocStore,
  type DocBlock,
  type DocPosition,
} from './application/ports/doc-store.port.js';
// processedCount is kept by this module's own trigger on mail's table (migration 20261205100000_documents_processed_count):
// the mail module writes only its mail's status, and the count rises in that statement.
export { DOCUMENT_REPOSITORY, type DocumentRepository } from './application/ports/document.repository.port.js';
// Mail answers this port: a deleted document's mail goes in the transaction that deletes the document.
export { DOCUMENT_DATA_ERASER, type DocumentDataEraser, type DeletedDocument } from './application/ports/document-data-eraser.port.js';
// The retention job erases documents an earlier version only hid.
export { EraseHiddenDocuments } from './application/erase-hidden-documents.use-case.js';
export { KnexOwnedDocumentScope } from './infra/knex.owned-document.scope.js';
export { forwardTokenOf } from './domain/forward-address.js';
export { isOnList } from './domain/allowed-emails.js';
// Mail's "allow and process" adds a sender with the same rules and limits as the allow-list editor.
export { AddAllowedEmail } from './application/add-allowed-email.use-case.js';
export { DocumentErrors, type DocumentErrorCode } from './documents.errors.js';
export { documentNotFound } from './application/find-owned-document.js';
// Account export and deletion: every document of the owner, erased as one document is.
export { OwnerDocuments } from './application/owner-documents.use-case.js';
// The mail pipeline's write: a document that would fill up continues in its next part first.
export { ContinueDocument, type ContinuationTarget } from './application/continue-document.use-case.js';
// The mail pipeline's write-once check also reads the part a document continued from (write.step.ts).
export { ListDocumentParts } from './application/list-document-parts.use-case.js';
// Notifications mail the owner when a document continues in a new part.
export { RecentContinuations } from './application/recent-continuations.use-case.js';
export type { ContinuedDocument } from './application/ports/document-part.repository.port.js';
// The one block model both document stores render; the mail panel reads a kept block with it.
export { blockLayout, type DocBlockLayout, type BlockSection, type MetaLine } from './domain/doc-block-layout.js';
