// Shapes shared by every area of the HTTP API (docs/api.md § Conventions, § Errors).
// Everything in src/contract is type-only and imports nothing outside it: the web app compiles it too.

/** Spec §3 paged list response: one page of rows and the number of rows in all pages. */
export type PagedList<Row> = { data: Row[]; total: number };

export type SortOrder = 'asc' | 'desc';

/** The query of a paged table; `sortBy` is per table. */
export type PageQuery<SortKey extends string> = {
  page?: number;
  /** 5, 10 or 25. */
  pageSize?: number;
  sortBy?: SortKey;
  sortOrder?: SortOrder;
};

/** The answer of a call that only changes something. */
export type OkResponse = { ok: true };

/** One failing field of a validation error. */
export type ErrorDetail = { path: string; message: string };

/** Every error the API answers; `message` is fit to show a user, `code` is stable (`MODULE.REASON`). */
export type ErrorResponse = {
  error: { code: string; message: string; details?: unknown };
};
