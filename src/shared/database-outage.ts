/**
 * Whether an error means the database cannot be reached right now, rather than that a statement failed:
 * the request may succeed as it is once the database is back, so the API answers 503, not 500.
 *
 * Recognised, on the error or anything in its `cause` chain (and an AggregateError's `errors`):
 * - a socket that cannot connect or was cut (`ECONNREFUSED`, `ECONNRESET`, `ETIMEDOUT`, …), as pg reports;
 * - Postgres refusing or ending the session: SQLSTATE class 08 (connection exception), `57P01`
 *   (terminated by an administrator, e.g. `pg_terminate_backend` or a fast shutdown), `57P02` (crash),
 *   `57P03` (starting up or shutting down), `53300` (too many connections);
 * - pg's own wording for a connection that ended under it ("Connection terminated unexpectedly", "… is not
 *   queryable"), pg-pool's and knex's waits for a connection that never came, and knex's pool destroyed;
 * - the embedded PGlite closed or closing.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /timeout exceeded when trying to connect/,
  /Timeout acquiring a connection/,
  /Unable to acquire a connection/,
  /PGlite is clos(?:ed|ing)/,
];

/** How far down `cause` and `errors` to look: wrappers nest a few levels at most. */
const MAX_ERRORS_LOOKED_AT = 16;

export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < MAX_ERRORS_LOOKED_AT) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (describesOutage(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}

/** The same test on this one error only, not its causes (for callers whose own errors wrap socket errors). */
export function describesOutage(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}
