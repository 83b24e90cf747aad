// Renders the real app (routes, guards, session policy) at a URL.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, createMemoryRouter } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { App } from '@/app/app';
import { createAppRoutes } from '@/app/router';
import { installSession } from '@/app/session';

type RenderAppOptions = {
  /** Router state of the first entry (e.g. `{ from }` as a guard leaves it). */
  state?: unknown;
  /** Earlier history entries, to check what a navigation replaced. */
  history?: string[];
  /** Use the browser history (window.location) instead of a memory history. */
  browserHistory?: boolean;
};

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
  const user = userEvent.setup();
  return { router, user, ...render(<App router={router} />) };
}

/** Puts a session token where the app keeps it. */
export function storeToken(token: string): void {
  window.localStorage.setItem('auth_token', token);
}
