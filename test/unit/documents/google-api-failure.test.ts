import { describe, expect, it } from 'vitest';
import { classifyGoogleFailure } from '../../../src/modules/documents/infra/google-api-failure.js';

const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const DOC_URL = 'https://docs.googleapis.com/v1/documents/doc-1';

/** Shaped like a GaxiosError: what the classifier reads, nothing more. */
function aGaxiosError(input: { url?: string; method?: string; status?: number; data?: unknown; cause?: unknown; code?: string }): Error {
  return Object.assign(new Error('Request failed', { cause: input.cause }), {
    code: input.code,
    config: { url: input.url ?? DOC_URL, method: input.method ?? 'GET', headers: { Authorization: 'Bearer ya29.secret' } },
    ...(input.status === undefined ? {} : { response: { status: input.status, data: input.data } }),
  });
}

const googleError = (code: number, status: string, extra: Record<string, unknown> = {}): unknown => ({
  error: { code, message: 'Something', status, ...extra },
});

describe('classifyGoogleFailure', () => {
  it('reads invalid_grant from the token endpoint as a revoked grant', () => {
    const error = aGaxiosError({ url: TOKEN_URL, method: 'POST', status: 400, data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } });

    expect(classifyGoogleFailure(error, TOKEN_URL)).toMatchObject({ kind: 'revoked' });
  });

  it('reads a failing token endpoint as transient, with nothing applied', () => {
    const error = aGaxiosError({ url: TOKEN_URL, method: 'POST', status: 503 });

    expect(classifyGoogleFailure(error, TOKEN_URL)).toMatchObject({ kind: 'transient', applied: false });
  });

  it('reads 429 as the rate limit (busy, nothing applied), and 5xx as transient that may have been applied', () => {
    expect(classifyGoogleFailure(aGaxiosError({ method: 'POST', status: 429 }), TOKEN_URL)).toEqual(expect.objectContaining({ kind: 'busy', retryAfterSeconds: null }));
    expect(classifyGoogleFailure(aGaxiosError({ method: 'POST', status: 503 }), TOKEN_URL)).toMatchObject({ kind: 'transient', applied: true });
  });

  it("reads Drive's 403 rate limit reasons as a 429", () => {
    const data = googleError(403, 'PERMISSION_DENIED', { errors: [{ reason: 'userRateLimitExceeded' }] });

    expect(classifyGoogleFailure(aGaxiosError({ status: 403, data }), TOKEN_URL)).toMatchObject({ kind: 'busy' });
  });

  it('reads the wait a 429 asks for from its Retry-After header, whichever shape the headers come in', () => {
    const withHeaders = (headers: unknown): Error => Object.assign(aGaxiosError({ method: 'POST', status: 429 }), { response: { status: 429, data: undefined, headers } });

    expect(classifyGoogleFailure(withHeaders(new Headers({ 'retry-after': '17' })), TOKEN_URL)).toMatchObject({ kind: 'busy', retryAfterSeconds: 17 });
    expect(classifyGoogleFailure(withHeaders({ 'retry-after': '5' }), TOKEN_URL)).toMatchObject({ kind: 'busy', retryAfterSeconds: 5 });
    expect(classifyGoogleFailure(withHeaders({ 'retry-after': 'soon' }), TOKEN_URL)).toMatchObject({ kind: 'busy', retryAfterSeconds: null });
  });

  it('reads a 429 from the token endpoint as transient: the API call itself was never sent', () => {
    expect(classifyGoogleFailure(aGaxiosError({ url: TOKEN_URL, method: 'POST', status: 429 }), TOKEN_URL)).toMatchObject({ kind: 'transient', applied: false });
  });

  it('reads any other 401 or 403 as a revoked grant and 404 as a missing document', () => {
    expect(classifyGoogleFailure(aGaxiosError({ status: 403, data: googleError(403, 'PERMISSION_DENIED') }), TOKEN_URL).kind).toBe('revoked');
    expect(classifyGoogleFailure(aGaxiosError({ status: 401 }), TOKEN_URL).kind).toBe('revoked');
    expect(classifyGoogleFailure(aGaxiosError({ status: 404 }), TOKEN_URL).kind).toBe('not-found');
  });

  it('reads a refused connection as nothing applied, and a timeout as possibly applied', () => {
    const refused = aGaxiosError({ cause: new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }) });
    const timedOut = aGaxiosError({ code: 'TimeoutError' });

    expect(classifyGoogleFailure(refused, TOKEN_URL)).toMatchObject({ kind: 'transient', applied: false });
    expect(classifyGoogleFailure(timedOut, TOKEN_URL)).toMatchObject({ kind: 'transient', applied: true });
  });

  it('passes any other refusal on with its status and Google’s message, never the request', () => {
    const failure = classifyGoogleFailure(aGaxiosError({ method: 'POST', status: 400, data: googleError(400, 'INVALID_ARGUMENT') }), TOKEN_URL);

    expect(failure).toEqual({ kind: 'other', status: 400, description: `POST ${DOC_URL} answered 400: INVALID_ARGUMENT Something` });
    expect(JSON.stringify(failure)).not.toContain('ya29');
  });

  it('passes an error that did not come from an HTTP call on as it is', () => {
    expect(classifyGoogleFailure(new Error('boom'), TOKEN_URL)).toEqual({ kind: 'other', description: 'boom', status: null });
  });
});
