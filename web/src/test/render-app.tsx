// Renders the real app (routes, guards, session policy, query cache) at a URL.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createBrowserRouter, createMemoryRouter } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { App } from '@/app/app';
import { createAppRoutes } from '@/app/router';
import { installSession } from '@/app/session';
import { createQueryClient } from '@/lib/query-client';

type RenderAppOptions = {
  /** Router state of the first entry (e.g. `{ from }` as a guard leaves it). */
  state?: unknown;
  /** Earlier history entries, to check what a navigation replaced. */
  history?: string[];
  /** Use the browser history (window.location) instead of a memory history. */
  browserHistory?: boolean;
};

/** A fresh query cache for one test, emptied when it finishes (no answer leaks into the next test). */
function testQueryClient() {
  const queryClient = createQueryClient();
  onTestFinished(() => queryClient.clear());
  return queryClient;
}

export function renderApp(url: string, options: RenderAppOptions = {}) {
  const routes = createAppRoutes();
  let router;
  if (options.browserHistory) {
    window.history.replaceState(null, '', url);
    router = createBrowserRouter(routes);
  } else {
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    const entries = [...(options.history ?? []), { pathname, search, hash, state: options.state }];
    router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  }
  onTestFinished(installSession(router));
  onTestFinished(() => router.dispose());
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  return { router, user, queryClient, ...render(<App router={router} queryClient={queryClient} />) };
}

/** Renders a component outside the router (as main.tsx renders the landing page) with a fresh query cache. */
export function renderWithQueryClient(ui: ReactElement) {
  const queryClient = testQueryClient();
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}

/** Puts a session token where the app keeps it. */
export function storeToken(token: string): void {
  window.localStorage.setItem('auth_token', token);
}
