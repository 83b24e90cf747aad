import { z } from 'zod';

// Generous transport limits; the domain applies the spec's exact rules and messages.
const text = (max: number) => z.string().max(max);

export const documentIdParam = z.object({ id: z.uuid() });

export const createDocumentBody = z.object({
  documentId: z.uuid(),
  docName: text(1000),
  description: text(20_000).default(''),
  allowedEmails: z.array(text(1000)).max(100),
});

export const emailBody = z.object({ email: text(1000) });
export const descriptionBody = z.object({ description: text(20_000) });
export const placementBody = z.object({ overwriteAtBeginning: z.boolean() });
export const titleBody = z.object({ title: text(1000) });
