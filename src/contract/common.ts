// Shapes shared by every area of the HTTP API (docs/api.md § Conventions, § Errors). Each is a zod
// schema and the type of the same name: the server checks requests and answers with the schemas, the
// web app parses answers with them. src/contract imports nothing outside it but zod: the web app compiles it too.
import { z } from 'zod/mini';

/** An ISO 8601 date-time in UTC, as every answer writes times (`2026-11-21T13:37:17.529Z`). */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** Paged list response: one page of rows and the number of rows in all pages. */
export const PagedList = <Row extends z.ZodMiniType>(row: Row) => z.strictObject({ data: z.array(row), total: z.int().check(z.minimum(0)) });
export type PagedList<Row> = { data: Row[]; total: number };

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SortOrder = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof SortOrder>;

/** The query of a paged table as a client writes it; `sortBy` is per table. */
export type PageQuery<SortKey extends string> = {
  page?: number;
  /** 5, 10 or 25. */
  pageSize?: number;
  sortBy?: SortKey;
  sortOrder?: SortOrder;
};

/** The longest search a list takes (documents, received mail): longer than any name, subject or address it could match. */
export const MAX_SEARCH_LENGTH = 200;

/** The page sizes of the paged tables, and the one a table starts with. */
export const PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 5;

/**
 * The fields of a paged table's query (docs/api.md § Conventions, "Paged tables"), for a table sorted by
 * `sortKeys` (default `defaultSort`, descending); a table adds its filters and makes the object strict.
 */
export function pageQueryFields<const K extends readonly [string, ...string[]]>(sortKeys: K, defaultSort: K[number]) {
  return {
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.refine((size) => (PAGE_SIZES as readonly number[]).includes(size), 'must be 5, 10 or 25')), DEFAULT_PAGE_SIZE),
    sortBy: z._default(z.enum(sortKeys), defaultSort),
    sortOrder: z._default(SortOrder, 'desc'),
  };
}

/** The answer of a call that only changes something. */
export const OkResponse = z.strictObject({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** One failing field of a validation error. */
export const ErrorDetail = z.strictObject({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Every error the API answers; `message` is fit to show a user, `code` is stable (`MODULE.REASON`). */
export const ErrorResponse = z.strictObject({
  error: z.strictObject({ code: z.string(), message: z.string(), details: z.optional(z.unknown()) }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
