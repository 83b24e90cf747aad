import { z } from 'zod';
import type { AllowedEmailRequest, CreateDocumentRequest, DescriptionRequest, PlacementRequest, TitleRequest } from '../../../contract/documents.js';

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
