/**
 * What a failed call to Google means for the caller, read from a gaxios error by its shape: googleapis
 * brings its own copy of gaxios, so `instanceof` against ours would not match.
 */
export type GoogleFailure =
  | { kind: 'not-found'; description: string }
  | { kind: 'revoked'; description: string }
  /** `applied` is false when Google cannot have acted on the request (no connection, token refresh). */
  | { kind: 'transient'; description: string; applied: boolean }
  /**
   * The API's rate limit (429 RESOURCE_EXHAUSTED, or a 403 naming a rate limit): Google did not act.
   * Its quotas are a minute long, so a retry seconds later is refused again: the caller waits instead.
   */
  | { kind: 'busy'; description: string; retryAfterSeconds: number | null }
  | { kind: 'other'; description: string; status: number | null };

interface GaxiosLike {
  message: string;
  code?: unknown;
  config?: { method?: string; url?: unknown };
  response?: { status?: number; data?: unknown; headers?: unknown };
  cause?: unknown;
}

/** Node's codes for a connection that never reached the server, so nothing can have been applied. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

export function classifyGoogleFailure(error: unknown, tokenUrl: string): GoogleFailure {
  if (!isGaxiosLike(error)) {
    return { kind: 'other', description: error instanceof Error ? error.message : String(error), status: null };
  }
  const url = String(error.config?.url ?? '').split('?')[0] ?? '';
  const endpoint = `${(error.config?.method ?? 'GET').toUpperCase()} ${url}`;
  const status = error.response?.status ?? null;
  const body = describeBody(error.response?.data);
  const description = status === null ? `${endpoint} failed: ${connectionCode(error) ?? 'no response'}` : `${endpoint} answered ${status}${body.text}`;

  if (url === tokenUrl.split('?')[0]) {
    // Refreshing the access token: the API request itself was never sent.
    if (body.oauthError === 'invalid_grant' || status === 401) return { kind: 'revoked', description };
    if (status === null || status === 429 || status >= 500) return { kind: 'transient', description, applied: false };
    return { kind: 'other', description, status };
  }
  if (status === null) return { kind: 'transient', description, applied: !NOT_CONNECTED.has(connectionCode(error) ?? '') };
  if (status === 404) return { kind: 'not-found', description };
  if (status === 429 || (status === 403 && body.reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)))) {
    return { kind: 'busy', description, retryAfterSeconds: retryAfterOf(error.response?.headers) };
  }
  // The client has already refreshed the access token once and tried again before this reaches us.
  if (status === 401 || status === 403) return { kind: 'revoked', description };
  if (status === 408 || status >= 500) return { kind: 'transient', description, applied: true };
  return { kind: 'other', description, status };
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date); Google seldom sends one. */
function retryAfterOf(headers: unknown): number | null {
  let value: unknown = null;
  if (headers instanceof Headers) value = headers.get('retry-after');
  else if (typeof headers === 'object' && headers !== null) value = (headers as Record<string, unknown>)['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

function isGaxiosLike(error: unknown): error is GaxiosLike {
  return error instanceof Error && 'config' in error && typeof error.config === 'object' && error.config !== null;
}

/** Found on the error or down its cause chain (fetch wraps the socket error in a TypeError). */
function connectionCode(error: GaxiosLike): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Only Google's own error text: never the request, whose headers carry the access token. */
function describeBody(data: unknown): { text: string; oauthError: string | null; reasons: string[] } {
  if (typeof data !== 'object' || data === null || !('error' in data)) return { text: '', oauthError: null, reasons: [] };
  const { error } = data as { error: unknown };
  if (typeof error === 'string') return { text: ` (${error})`, oauthError: error, reasons: [] };
  const details = error as { message?: unknown; status?: unknown; errors?: unknown };
  const reasons = Array.isArray(details.errors)
    ? details.errors.map((item: unknown) => String((item as { reason?: unknown }).reason ?? ''))
    : [];
  const parts = [details.status, details.message].filter((part): part is string => typeof part === 'string');
  return { text: parts.length > 0 ? `: ${parts.join(' ')}` : '', oauthError: null, reasons };
}
