import type { Router } from '@koa/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDeclaration } from '../../../src/contract/route.js';
import { ROUTE_SECTIONS, routes } from '../../../src/contract/routes.js';
import { buildHttpApp } from '../../../src/roles/http.role.js';
import { useTestApp } from '../../support/use-test-app.js';

// The server registers every route of src/contract, and nothing under /api that the contract lacks.
// Read from the routers of the app the tests drive, with every optional route mounted (the Stripe webhook).
const { app } = useTestApp('pglite', { env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_contract', STRIPE_WEBHOOK_SECRET: 'whsec_contract' } });

type Registered = { method: string; path: string; name: string | undefined };

/** Every method and path the app's routers answer, with the contract route's name when it was registered from one. */
function registered(): Registered[] {
  const routers = buildHttpApp(app.container).middleware.flatMap((middleware) => {
    const router = (middleware as { router?: Router }).router;
    return router ? [router] : [];
  });
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path), name: layer.name }))),
  );
}

const declared = Object.values(routes) as (RouteDeclaration & { name: string })[];
const pathsOf = (route: RouteDeclaration) => [route.path, ...(route.aliases ?? [])];
/** Paths whose answers are JSON or the live stream, outside /api: the health checks and the webhook. */
const jsonOutsideApi = new Set(declared.flatMap(pathsOf).filter((path) => !path.startsWith('/api/')));

describe('the route table of the HTTP contract', () => {
  it('has a handler, registered from it, for every route it declares', () => {
    const answered = registered();
    const missing = declared.flatMap((route) =>
      pathsOf(route)
        .filter((path) => !answered.some((handler) => handler.method === route.method && handler.path === path && handler.name === route.name))
        .map((path) => `${route.name}: ${route.method} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares every handler under /api (and every JSON one outside it), with its method and path', () => {
    const undeclared = registered()
      .filter((handler) => handler.path.startsWith('/api/') || jsonOutsideApi.has(handler.path))
      .filter((handler) => !declared.some((route) => route.name === handler.name && route.method === handler.method && pathsOf(route).includes(handler.path)))
      .map((handler) => `${handler.method} ${handler.path}`);
    expect(undeclared).toEqual([]);
  });

  it('names each path parameter in the route\'s params schema, and no other', () => {
    for (const route of declared) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const inSchema = route.params instanceof z.core.$ZodObject ? Object.keys(route.params._zod.def.shape).sort() : [];
      expect(inSchema, `${route.name}: ${route.path}`).toEqual(inPath);
    }
  });

  it('declares each method and path once, and lists every route in one section of docs/api.md', () => {
    const keys = declared.flatMap((route) => pathsOf(route).map((path) => `${route.method} ${path}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTE_SECTIONS.flatMap((section) => Object.keys(section.routes)).sort()).toEqual(Object.keys(routes).sort());
  });
});
