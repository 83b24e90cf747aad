// The document calls (docs/api.md § Documents).
import { z } from 'zod/mini';
import { IsoDateTime, MAX_SEARCH_LENGTH, OkResponse, PagedList } from './common.js';
import { routeTable } from './route.js';

// Request limits are generous transport limits; the domain applies the exact rules and messages
// (document-input-rules.ts). Unknown body fields are dropped (docs/api.md § Conventions).
const text = (max: number) => z.string().check(z.maxLength(max));

/** The `:id` of every document call: a UUID (anything else answers 404 DOCUMENT.NOT_FOUND). */
export const DocumentIdParams = z.object({ id: z.uuid() });
export type DocumentIdParams = z.infer<typeof DocumentIdParams>;

/** An item of GET /api/google-docs and the answer of POST /api/createGoogleDoc. */
export const DocumentListItem = z.strictObject({
  documentId: z.string(),
  documentName: z.string(),
  templateName: z.string(),
  /** The allowed source emails. */
  emails: z.array(z.string()),
  forwardEmail: z.string(),
  googleDocumentId: z.string(),
  /** The link to open the linked document; the browser never builds it. */
  documentUrl: z.string(),
  createdAt: IsoDateTime,
});
export type DocumentListItem = z.infer<typeof DocumentListItem>;

/** The orders of the documents list; names compare the Polish way. */
export const DOCUMENT_SORTS = ['nameAsc', 'nameDesc', 'dateAsc', 'dateDesc'] as const;
export const DocumentSortBy = z.enum(DOCUMENT_SORTS);
export type DocumentSortBy = z.infer<typeof DocumentSortBy>;

/** The parameters that ask GET /api/google-docs for one page instead of the whole list. */
export const DOCUMENTS_PAGE_PARAMS = ['q', 'sortBy', 'page', 'pageSize'] as const;
export const DEFAULT_DOCUMENTS_PAGE_SIZE = 24;
export const MAX_DOCUMENTS_PAGE_SIZE = 100;

/** GET /api/google-docs?q&sortBy&page&pageSize: any of them asks for one page of cards instead of the whole list. */
export const DocumentsPageQuery = z.strictObject({
    // Longer than any name (70): such a search matches nothing, and says so, rather than failing.
    q: z._default(z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH)), ''),
    sortBy: z._default(DocumentSortBy, 'nameAsc'),
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_DOCUMENTS_PAGE_SIZE)), DEFAULT_DOCUMENTS_PAGE_SIZE),
  });
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

/**
 * The query of GET /api/google-docs: without any of DOCUMENTS_PAGE_PARAMS the whole list (other
 * parameters ignored), parsed to null; with one, a DocumentsPageQuery (strict, with its defaults).
 */
export const DocumentsListQuery = z
  .pipe(
    z.looseObject({}),
    z.transform((query, context) => {
      if (!DOCUMENTS_PAGE_PARAMS.some((name) => name in query)) return null;
      const parsed = DocumentsPageQuery.safeParse(query);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: query });
      return z.NEVER;
    }),
  )
  .register(z.globalRegistry, { description: 'None of q, sortBy, page, pageSize: the whole list. Any of them: one page (q ≤ 200 characters, sortBy nameAsc|nameDesc|dateAsc|dateDesc, page ≥ 1, pageSize 1–100, default 24); other parameters are then refused.' });

/** A document as its card shows it: the allow-list's size, not the list. */
export const DocumentCard = z.strictObject({
  documentId: z.string(),
  documentName: z.string(),
  allowedEmailsCount: z.int().check(z.minimum(0)),
  forwardEmail: z.string(),
  documentUrl: z.string(),
  createdAt: IsoDateTime,
});
export type DocumentCard = z.infer<typeof DocumentCard>;

/** The paged answer of GET /api/google-docs: `total` counts the matching documents on all pages. */
export const DocumentsPage = z.extend(PagedList(DocumentCard), { page: z.int(), pageSize: z.int() });
export type DocumentsPage = PagedList<DocumentCard> & { page: number; pageSize: number };

/** GET /api/google-docs: the whole list, or one page of cards when the query asks for one. */
export const DocumentsListResponse = z.union([z.array(DocumentListItem), DocumentsPage]);
export type DocumentsListResponse = z.infer<typeof DocumentsListResponse>;

/** One linked document of a document that continued past the size limit (docs/api.md § Documents). */
export const DocumentPart = z.strictObject({
  /** From 1: the document it was created with. */
  number: z.int().check(z.minimum(1)),
  documentUrl: z.string(),
  /** When summaries started going to this part. */
  startedAt: IsoDateTime,
});
export type DocumentPart = z.infer<typeof DocumentPart>;

/** GET /api/getDocumentDetails/{id}. */
export const DocumentDetails = z.strictObject({
  documentId: z.string(),
  documentName: z.string(),
  description: z.string(),
  emails: z.array(z.string()),
  forwardEmail: z.string(),
  googleDocumentId: z.string(),
  documentUrl: z.string(),
  /** true: new summaries go to the beginning of the document; false: to the end. */
  overwriteAtBeginning: z.boolean(),
  processedEmailsCount: z.int().check(z.minimum(0)),
  createdAt: IsoDateTime,
  /** Its linked documents in order when it continued (the last is `documentUrl`'s); empty when it never did. */
  parts: z.array(DocumentPart),
});
export type DocumentDetails = z.infer<typeof DocumentDetails>;

/** POST /api/createGoogleDoc. */
export const CreateDocumentRequest = z.object({
  /** A new UUID made by the client: repeating the call with it creates nothing more. */
  documentId: z.uuid(),
  docName: text(1000),
  description: z._default(text(20_000), ''),
  allowedEmails: z.array(text(1000)).check(z.maxLength(100)),
});
export type CreateDocumentRequest = z.input<typeof CreateDocumentRequest>;

/** POST /api/addAllowedEmail/{id}/emails and DELETE /api/deleteAllowedEmail/{id}/emails. */
export const AllowedEmailRequest = z.object({ email: text(1000) });
export type AllowedEmailRequest = z.infer<typeof AllowedEmailRequest>;

/** The whole allow-list after an email was added or removed. */
export const AllowedEmailsResponse = z.strictObject({ emails: z.array(z.string()) });
export type AllowedEmailsResponse = z.infer<typeof AllowedEmailsResponse>;

/** PUT /api/documents/{id}/updateDescription. */
export const DescriptionRequest = z.object({ description: text(20_000) });
export type DescriptionRequest = z.infer<typeof DescriptionRequest>;

/** PUT /api/document/{id}/overwrite-at-beginning. */
export const PlacementRequest = z.object({ overwriteAtBeginning: z.boolean() });
export type PlacementRequest = z.infer<typeof PlacementRequest>;

/** A tab of the linked document. */
export const DocumentTab = z.strictObject({ id: z.string(), title: z.string() });
export type DocumentTab = z.infer<typeof DocumentTab>;

/** GET /api/document/{id}/tabs. */
export const DocumentTabsResponse = z.strictObject({
  /** In the order the Docs editor lists them; a local document has one. */
  tabs: z.array(DocumentTab),
  /** The tab blocks go to: the chosen one, or the first when none was chosen or the chosen one is gone. */
  tabId: z.nullable(z.string()),
  /** A tab was chosen and the linked document no longer has it: blocks go to the first tab. */
  chosenTabMissing: z.boolean(),
});
export type DocumentTabsResponse = z.infer<typeof DocumentTabsResponse>;

/** PUT /api/document/{id}/tab. Google's tab ids are short ("t.0", "t.5x2k…"): anything else cannot name one. */
export const TabRequest = z.object({ tabId: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export type TabRequest = z.infer<typeof TabRequest>;

/** PUT /api/document/{id}/title. */
export const TitleRequest = z.object({ title: text(1000) });
export type TitleRequest = z.infer<typeof TitleRequest>;

const bearer = 'bearer';
const params = DocumentIdParams;

export const documentRoutes = routeTable({
  createDocument: { method: 'POST', path: '/api/createGoogleDoc', auth: bearer, summary: 'Creates a document and its linked document (repeatable with the same documentId).', body: CreateDocumentRequest, status: 201, answer: DocumentListItem },
  listDocuments: { method: 'GET', path: '/api/google-docs', auth: bearer, summary: 'The user\'s documents: the whole list, or one page of cards.', query: DocumentsListQuery, status: 200, answer: DocumentsListResponse },
  documentDetails: { method: 'GET', path: '/api/getDocumentDetails/:id', auth: bearer, summary: 'One document.', params, status: 200, answer: DocumentDetails },
  deleteDocument: { method: 'DELETE', path: '/api/deleteGoogleDoc/:id', auth: bearer, summary: 'Deletes a document (the linked document stays).', params, status: 200, answer: OkResponse },
  addAllowedEmail: { method: 'POST', path: '/api/addAllowedEmail/:id/emails', auth: bearer, summary: 'Adds a source email to the allow-list.', params, body: AllowedEmailRequest, status: 200, answer: AllowedEmailsResponse },
  removeAllowedEmail: { method: 'DELETE', path: '/api/deleteAllowedEmail/:id/emails', auth: bearer, summary: 'Removes a source email from the allow-list.', params, body: AllowedEmailRequest, status: 200, answer: AllowedEmailsResponse },
  updateDescription: { method: 'PUT', path: '/api/documents/:id/updateDescription', auth: bearer, summary: 'Sets the description.', params, body: DescriptionRequest, status: 200, answer: OkResponse },
  setPlacement: { method: 'PUT', path: '/api/document/:id/overwrite-at-beginning', auth: bearer, summary: 'Where new summaries go: the beginning or the end.', params, body: PlacementRequest, status: 200, answer: OkResponse },
  documentTabs: { method: 'GET', path: '/api/document/:id/tabs', auth: bearer, summary: 'The linked document\'s tabs and the one blocks go to.', params, status: 200, answer: DocumentTabsResponse },
  setDocumentTab: { method: 'PUT', path: '/api/document/:id/tab', auth: bearer, summary: 'Chooses the tab blocks go to.', params, body: TabRequest, status: 200, answer: OkResponse },
  renameDocument: { method: 'PUT', path: '/api/document/:id/title', auth: bearer, summary: 'Renames the document.', params, body: TitleRequest, status: 200, answer: OkResponse },
});
