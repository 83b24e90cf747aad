import { z } from 'zod';
import type { ReceivedMailFilters, ReceivedMailsQuery, ReceivedMailStatus } from '../../../contract/received-mails.js';

export const documentParams = z.object({ id: z.uuid() });
/** The params of a row's action (retry, allow-and-process) and of its panel. */
export const mailParams = z.object({ id: z.uuid(), mailId: z.uuid() });

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => size === 5 || size === 10 || size === 25, 'must be 5, 10 or 25')
    .default(5),
  sortBy: z.enum(['sourceMail', 'subject', 'usedTokens', 'receivedAt']).default('receivedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};

const STATUSES = ['received', 'processing', 'processed', 'ignored', 'held', 'failed', 'expired', 'duplicate'] as const satisfies readonly ReceivedMailStatus[];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day YYYY-MM-DD that exists (no 2026-02-30), as its UTC midnight. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .transform((text, context) => {
    const date = new Date(`${text}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
      context.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
      return z.NEVER;
    }
    return date;
  });

/** The filters of docs/api.md § Received mail, as the repository's filter: `to` is inclusive, so up to the next day. */
const filters = {
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  status: z
    .string()
    .transform((text) => [...new Set(text.split(',').map((part) => part.trim()).filter((part) => part !== ''))])
    .pipe(z.array(z.enum(STATUSES, { error: `must be one or more of ${STATUSES.join(', ')}, comma-separated` })))
    .optional(),
  from: day.optional(),
  to: day.optional(),
};

type ParsedFilters = { q?: string | undefined; status?: ReceivedMailStatus[] | undefined; from?: Date | undefined; to?: Date | undefined };

const fromNotAfterTo = (query: ParsedFilters) => !query.from || !query.to || query.from <= query.to;
const FROM_AFTER_TO = { message: 'must not be after to', path: ['from'] };

/** The repository's filter of a parsed query. */
export function filterOf(query: ParsedFilters) {
  return {
    ...(query.q ? { text: query.q } : {}),
    ...(query.status?.length ? { statuses: query.status } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { before: new Date(query.to.getTime() + DAY_MS) } : {}),
  };
}

/** GET /api/document/{id}/received-mails */
export const receivedMailsQuery = z
  .object({ ...paging, ...filters })
  .strict()
  .refine(fromNotAfterTo, FROM_AFTER_TO);

// The query names are the contract's (src/contract): a renamed one fails to compile here.
type QueryNames = keyof (ReceivedMailsQuery & ReceivedMailFilters);
export const QUERY_NAMES_MATCH: [QueryNames, keyof z.input<typeof receivedMailsQuery>] extends [keyof z.input<typeof receivedMailsQuery>, QueryNames] ? true : never = true;

/** GET /api/received-mails: the same paging and filters, across the owner's documents. */
export const foundMailsQuery = receivedMailsQuery;
