import { z } from 'zod';
import type {
  AllowedEmailRequest,
  CreateDocumentRequest,
  DescriptionRequest,
  DocumentsPageQuery,
  PlacementRequest,
  TabRequest,
  TitleRequest,
} from '../../../contract/documents.js';
import { DOCUMENT_SORTS } from '../domain/document-list.js';

// Generous transport limits; the domain applies the spec's exact rules and messages. Each body parses
// to its contract request (src/contract), so a renamed field fails the type check here too.
const text = (max: number) => z.string().max(max);

export const documentIdParam = z.object({ id: z.uuid() });

export const createDocumentBody = z.object({
  documentId: z.uuid(),
  docName: text(1000),
  description: text(20_000).default(''),
  allowedEmails: z.array(text(1000)).max(100),
}) satisfies z.ZodType<CreateDocumentRequest>;

export const emailBody = z.object({ email: text(1000) }) satisfies z.ZodType<AllowedEmailRequest>;
export const descriptionBody = z.object({ description: text(20_000) }) satisfies z.ZodType<DescriptionRequest>;
export const placementBody = z.object({ overwriteAtBeginning: z.boolean() }) satisfies z.ZodType<PlacementRequest>;
export const titleBody = z.object({ title: text(1000) }) satisfies z.ZodType<TitleRequest>;
// Google's tab ids are short ("t.0", "t.5x2k…"): anything else cannot name one.
export const tabBody = z.object({ tabId: z.string().trim().min(1).max(200) }) satisfies z.ZodType<TabRequest>;

/** The parameters that ask GET /api/google-docs for one page instead of the whole list. */
export const DOCUMENTS_PAGE_PARAMS = ['q', 'sortBy', 'page', 'pageSize'] as const;
export const DEFAULT_DOCUMENTS_PAGE_SIZE = 24;
export const MAX_DOCUMENTS_PAGE_SIZE = 100;

export const documentsPageQuery = z
  .object({
    // Longer than any name (70): such a search matches nothing, and says so, rather than failing.
    q: z.string().trim().max(200).default(''),
    sortBy: z.enum(DOCUMENT_SORTS).default('nameAsc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_DOCUMENTS_PAGE_SIZE).default(DEFAULT_DOCUMENTS_PAGE_SIZE),
  })
  .strict() satisfies z.ZodType<DocumentsPageQuery>;
