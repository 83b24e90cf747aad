import type { DocumentCard as DocumentCardResponse, DocumentDetails, DocumentListItem } from '../../../contract/documents.js';
import type { Document } from '../domain/document.js';
import type { DocumentCard } from '../domain/document-list.js';
import type { DocumentPart } from '../domain/document-part.js';

/** Whitelists what leaves the API; the shapes are the contract's (src/contract). */
export function presentListItem(document: Document, documentUrl: string): DocumentListItem {
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

/** An item of the paged list: only what a card shows. */
export function presentCard(card: DocumentCard, documentUrl: string): DocumentCardResponse {
  return {
    documentId: card.id,
    documentName: card.name,
    allowedEmailsCount: card.allowedEmailsCount,
    forwardEmail: card.forwardEmail,
    documentUrl,
    createdAt: card.createdAt.toISOString(),
  };
}

/** `parts`: the document's parts with their links, empty when it never continued. */
export function presentDetails(document: Document, documentUrl: string, parts: readonly (DocumentPart & { url: string })[] = []): DocumentDetails {
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
    parts: parts.map((part) => ({ number: part.number, documentUrl: part.url, startedAt: part.startedAt.toISOString() })),
  };
}
