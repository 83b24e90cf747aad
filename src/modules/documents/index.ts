export { documentsModule, type DocumentsOverrides } from './documents.module.js';
export type { Document } from './domain/document.js';
export {
  DOC_STORE,
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreUnavailableError,
  type DocStore,
  type DocBlock,
  type DocPosition,
} from './application/ports/doc-store.port.js';
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
