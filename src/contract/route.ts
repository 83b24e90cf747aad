// What a route of the HTTP API is: method, path, who may call it, what it takes and what it answers
// (docs/api.md § Reference). The server registers its handlers from these declarations
// (src/platform/http/contract-route.ts), checks its answers against them in tests, the web app parses
// answers with them, and docs/api.md's reference is generated from them (`npm run docs:api`).
import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `bearer`: the app token in `Authorization: Bearer …` (401 without a live session); `public`: no token. */
export type RouteAuth = 'bearer' | 'public';

export interface RouteDeclaration {
  method: HttpMethod;
  /** Koa syntax: `/api/document/:id/tabs`; each `:name` is a key of `params`. */
  path: string;
  /** More paths answering the same call (a historical misspelt one and its correct spelling). */
  aliases?: readonly string[];
  auth: RouteAuth;
  /** One line for the reference. */
  summary: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** A JSON or form body; absent: the call takes none (or reads its raw bytes itself, like the webhook). */
  body?: z.ZodMiniType;
  /** The status of a successful answer. */
  status: number;
  /** Other statuses answered with the same shape (GET /readyz: 503 unavailable). */
  otherStatuses?: readonly number[];
  /** The answer's body; null: none (204), or an event stream (`events`). */
  answer: z.ZodMiniType | null;
  /** A `text/event-stream` answer: the events it sends. */
  events?: z.ZodMiniType;
  /** Answered as a JSON file to download (`Content-Disposition: attachment`). */
  attachment?: boolean;
}

export type NamedRoute<Name extends string, R extends RouteDeclaration> = R & { readonly name: Name };

/** A table of routes by name; each declaration gets its name, which the server's router layers carry too. */
export function routeTable<const T extends Record<string, RouteDeclaration>>(routes: T): { readonly [K in keyof T & string]: NamedRoute<K, T[K]> } {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, name }])) as { readonly [K in keyof T & string]: NamedRoute<K, T[K]> };
}
