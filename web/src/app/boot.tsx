// The whole app: the router with every screen, and the session wired to it. Loaded as its own
// chunk by main.tsx, so a first visit to the landing page does not wait for it.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createQueryClient } from '@/lib/query-client';
import { App } from './app';
import { installConnection } from './connection';
import { createAppRouter } from './router';
import { installSession } from './session';

/**
 * Renders the app into `root` (replacing the standalone landing page), first opening `href` when given.
 * The app's one query cache is made here: the standalone landing page loads without it.
 */
export async function bootApp(root: Root, href?: string): Promise<void> {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  // Before the first render: the login guard's first request already needs the bearer.
  installSession(router);
  // Also before it: a first call that cannot reach the server already shows the offline banner.
  installConnection(queryClient);
  if (href !== undefined) await router.navigate(href);
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}
