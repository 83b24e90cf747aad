import type { Document } from '../domain/document.js';

/** Whitelists what leaves the API; field names are the spec's. */
export function presentListItem(document: Document, documentUrl: string) {
  return {
    documentId: document.id,
    documentName: document.name,
    templateName: '',
    emails: document.emails,
    forwardEmail: document.forwardEmail,
    googleDocumentId: document.externalId,
    documentUrl,
    createdAt: document.createdAt.toISOString(),
  };
}

export function presentDetails(document: Document, documentUrl: string) {
  return {
    documentId: document.id,
    documentName: document.name,
    description: document.description,
    emails: document.emails,
    forwardEmail: document.forwardEmail,
    googleDocumentId: document.externalId,
    documentUrl,
    overwriteAtBeginning: document.overwriteAtBeginning,
    processedEmailsCount: document.processedEmailsCount,
    createdAt: document.createdAt.toISOString(),
  };
}
