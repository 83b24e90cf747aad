import { describe, expect, it } from 'vitest';
import { routes } from '@contract/routes';
import { DEFAULT_ROUTES, installFakeFetch, takeUnhandledRequests } from '../fake-fetch';

/** The contract's route for "METHOD /api/path", its `:name` segments matching any one segment. */
function contractRouteOf(key: string) {
  const [method, path] = key.split(' ');
  return Object.values(routes).find((route) => route.method === method && new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path ?? ''));
}

describe('the fake server of the web tests', () => {
  it('answers a route no test set up with 404 and reports it once, so that the test fails', async () => {
    installFakeFetch();

    const response = await fetch('http://localhost:3000/api/nowhere?page=2');

    expect(response.status).toBe(404);
    expect(takeUnhandledRequests()).toEqual(['GET /api/nowhere']);
    expect(takeUnhandledRequests()).toEqual([]);
  });

  it.each(Object.keys(DEFAULT_ROUTES))('answers %s by default as the contract says the server does', async (key) => {
    const route = contractRouteOf(key);
    expect(route, `${key} is a route of the contract`).toBeDefined();
    installFakeFetch();

    const response = await fetch(`http://localhost:3000${key.split(' ')[1] ?? ''}`);

    expect(takeUnhandledRequests()).toEqual([]);
    if (response.status !== route?.status) {
      // Only the live-update stream is absent by default: the app then polls.
      expect([key, response.status]).toEqual(['GET /api/events', 404]);
      return;
    }
    const parsed = route.answer?.safeParse(await response.json());
    expect(parsed?.error?.issues ?? []).toEqual([]);
  });
});
