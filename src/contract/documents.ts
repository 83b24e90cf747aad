// The document calls (docs/api.md § Documents).
import type { PagedList } from './common.js';

/** An item of GET /api/google-docs and the answer of POST /api/createGoogleDoc. */
export type DocumentListItem = {
  documentId: string;
  documentName: string;
  templateName: string;
  /** The allowed source emails. */
  emails: string[];
  forwardEmail: string;
  googleDocumentId: string;
  /** The link to open the linked document; the browser never builds it. */
  documentUrl: string;
  /** ISO date-time. */
  createdAt: string;
};

/** The orders of the documents list (spec §"Documents list"); names compare the Polish way. */
export type DocumentSortBy = 'nameAsc' | 'nameDesc' | 'dateAsc' | 'dateDesc';

/** GET /api/google-docs?q&sortBy&page&pageSize: any of them asks for one page of cards instead of the whole list. */
export type DocumentsPageQuery = {
  /** A case-insensitive part of the name; empty or absent matches every document. */
  q?: string;
  /** Default nameAsc. */
  sortBy?: DocumentSortBy;
  /** From 1; default 1. */
  page?: number;
  /** 1 to 100; default 24. */
  pageSize?: number;
};

/** A document as its card shows it: the allow-list's size, not the list. */
export type DocumentCard = {
  documentId: string;
  documentName: string;
  allowedEmailsCount: number;
  forwardEmail: string;
  documentUrl: string;
  /** ISO date-time. */
  createdAt: string;
};

/** The paged answer of GET /api/google-docs: `total` counts the matching documents on all pages. */
export type DocumentsPage = PagedList<DocumentCard> & { page: number; pageSize: number };

/** One linked document of a document that continued past the size limit (docs/api.md § Documents). */
export type DocumentPart = {
  /** From 1: the document it was created with. */
  number: number;
  documentUrl: string;
  /** ISO date-time: when summaries started going to this part. */
  startedAt: string;
};

/** GET /api/getDocumentDetails/{id}. */
export type DocumentDetails = {
  documentId: string;
  documentName: string;
  description: string;
  emails: string[];
  forwardEmail: string;
  googleDocumentId: string;
  documentUrl: string;
  /** true: new summaries go to the beginning of the document; false: to the end. */
  overwriteAtBeginning: boolean;
  processedEmailsCount: number;
  /** ISO date-time. */
  createdAt: string;
  /** Its linked documents in order when it continued (the last is `documentUrl`'s); empty when it never did. */
  parts: DocumentPart[];
};

/** POST /api/createGoogleDoc. */
export type CreateDocumentRequest = {
  /** A new UUID made by the client: repeating the call with it creates nothing more. */
  documentId: string;
  docName: string;
  description?: string;
  allowedEmails: string[];
};

/** POST /api/addAllowedEmail/{id}/emails and DELETE /api/deleteAllowedEmail/{id}/emails. */
export type AllowedEmailRequest = { email: string };

/** The whole allow-list after an email was added or removed. */
export type AllowedEmailsResponse = { emails: string[] };

/** PUT /api/documents/{id}/updateDescription. */
export type DescriptionRequest = { description: string };

/** PUT /api/document/{id}/overwrite-at-beginning. */
export type PlacementRequest = { overwriteAtBeginning: boolean };

/** A tab of the linked document. */
export type DocumentTab = { id: string; title: string };

/** GET /api/document/{id}/tabs. */
export type DocumentTabsResponse = {
  /** In the order the Docs editor lists them; a local document has one. */
  tabs: DocumentTab[];
  /** The tab blocks go to: the chosen one, or the first when none was chosen or the chosen one is gone. */
  tabId: string | null;
  /** A tab was chosen and the linked document no longer has it: blocks go to the first tab. */
  chosenTabMissing: boolean;
};

/** PUT /api/document/{id}/tab. */
export type TabRequest = { tabId: string };

/** PUT /api/document/{id}/title. */
export type TitleRequest = { title: string };
