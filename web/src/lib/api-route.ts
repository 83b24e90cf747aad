// Calling a route of the HTTP contract (src/contract, docs/api.md § Reference) with the app's one client:
// the route's declaration gives the method and the path, and its answer schema parses what comes back,
// so a server that drifted from the contract fails the call with a clear message instead of a screen
// reading fields that are not there. Import an area's route table (`@contract/billing`), never the
// whole of src/contract/routes.ts: each lazy chunk carries only its own schemas.
import type { ResponsePromise } from 'ky';
import type { z } from 'zod/mini';
import type { RouteDeclaration } from '@contract/route';
import { api } from './api-client';

type Schema = z.ZodMiniType;

type ParamsPart<R> = R extends { params: infer S extends Schema } ? { params: z.input<S> } : { params?: undefined };
type QueryPart<R> = R extends { query: infer S extends Schema } ? { query?: z.input<S> } : { query?: undefined };
type BodyPart<R> = R extends { body: infer S extends Schema } ? { body: z.input<S> } : { body?: undefined };

/** The ky options callers still choose per call. */
export type CallOptions = {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
  /** ky's per-request context, e.g. SKIP_SESSION_RECOVERY. */
  context?: Record<string, unknown>;
  credentials?: RequestCredentials;
};

/** What a call of route R sends: its `:params` (required when it has any), query and body, and the call's options. */
export type RouteRequest<R> = ParamsPart<R> & QueryPart<R> & BodyPart<R> & CallOptions;

/** What a call of route R resolves to: its answer schema's output, or nothing (204, a stream). */
export type RouteAnswer<R> = R extends { answer: infer S extends Schema } ? z.output<S> : void;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` here asks "is every key optional".
type RequestArgs<R> = {} extends RouteRequest<R> ? [request?: RouteRequest<R>] : [request: RouteRequest<R>];

const API_PREFIX = '/api/';

/** "GET /api/document/:id/tabs": how errors name a call (the declared path, without the user's ids). */
export const callName = (route: RouteDeclaration) => `${route.method} ${route.path}`;

/** The route's path under the client's `/api` prefix, each `:name` filled from `params`. */
function pathOf(route: RouteDeclaration, params: Readonly<Record<string, unknown>> | undefined): string {
  if (!route.path.startsWith(API_PREFIX)) throw new Error(`${callName(route)} is not under /api: the web client cannot call it.`);
  return route.path.slice(API_PREFIX.length).replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${callName(route)} was called without :${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The query string's parameters; an undefined or null value is left out. */
function searchParamsOf(query: Readonly<Record<string, unknown>> | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  return params;
}

type Issue = { code: string; path: readonly PropertyKey[]; message: string; expected?: unknown; keys?: unknown };

/** One issue, readable without zod's locale (zod/mini ships none, to stay small): "data.0.total: expected number". */
function describeIssue(issue: Issue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(answer)';
  if (issue.code === 'invalid_type') return `${where}: expected ${String(issue.expected)}`;
  if (issue.code === 'unrecognized_keys' && Array.isArray(issue.keys)) return `${where}: unexpected ${issue.keys.join(', ')}`;
  return `${where}: ${issue.code}${issue.message === 'Invalid input' ? '' : ` (${issue.message})`}`;
}

/** An answer that is not the contract's shape; the message names the call and its first issues. */
export class AnswerMismatchError extends Error {
  override name = 'AnswerMismatchError';

  constructor(route: RouteDeclaration, issues: readonly Issue[], options?: ErrorOptions) {
    const shown = issues.slice(0, 3).map(describeIssue).join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    super(`${callName(route)} answered in an unexpected shape: ${shown}${more}.`, options);
  }
}

/** Sends the call: ky's response promise (it rejects a status outside 2xx with HTTPError). */
export function sendRoute<R extends RouteDeclaration>(route: R, ...[request]: RequestArgs<R>): ResponsePromise {
  const { params, query, body, signal, headers, context, credentials } = (request ?? {}) as RouteRequest<RouteDeclaration> & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const searchParams = searchParamsOf(query);
  return api(pathOf(route, params), {
    method: route.method,
    ...(searchParams ? { searchParams } : {}),
    ...(body !== undefined ? { json: body } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
    ...(context ? { context } : {}),
    ...(credentials ? { credentials } : {}),
  });
}

/**
 * Calls a contract route and resolves to its answer, parsed with the route's answer schema; a route
 * without one (204) resolves once the server accepted the call. An answer of another shape rejects with
 * an AnswerMismatchError naming the call and what was wrong; an error status rejects with ky's HTTPError.
 */
export async function callRoute<R extends RouteDeclaration>(route: R, ...args: RequestArgs<R>): Promise<RouteAnswer<R>> {
  const response = sendRoute(route, ...args);
  if (route.answer === null) {
    await response;
    return undefined as RouteAnswer<R>;
  }
  // ky's json() asks for JSON (Accept) as the calls always did.
  const body: unknown = await response.json();
  const parsed = route.answer.safeParse(body);
  if (!parsed.success) throw new AnswerMismatchError(route, parsed.error.issues, { cause: parsed.error });
  return parsed.data as RouteAnswer<R>;
}
