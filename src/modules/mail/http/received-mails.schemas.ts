import { z } from 'zod';
import type { ReceivedMailsQuery } from '../../../contract/received-mails.js';

export const documentParams = z.object({ id: z.uuid() });
/** The params of a row's action (retry, allow-and-process). */
export const mailParams = z.object({ id: z.uuid(), mailId: z.uuid() });

export const receivedMailsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((size) => size === 5 || size === 10 || size === 25, 'must be 5, 10 or 25')
      .default(5),
    sortBy: z.enum(['sourceMail', 'subject', 'usedTokens', 'receivedAt']).default('receivedAt'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
  })
  .strict() satisfies z.ZodType<ReceivedMailsQuery>;
