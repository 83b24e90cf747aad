// Wires the session policy (lib/session-policy) to this app: the session store holds the token,
// POST /api/refresh renews it, and a lost session sends the router to /login.
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { readStoredToken } from '@/lib/auth-token';
import { createSessionPolicy } from '@/lib/session-policy';
import { useSession } from '@/lib/session-store';
import { refreshSessionToken } from '@/features/auth/api/refresh-session-token';
import type { AppRouter } from './app-router';

let onSessionLost: () => void = () => {};

export const sessionPolicy = createSessionPolicy({
  tokens: {
    read: readStoredToken,
    write: (token) => useSession.getState().storeToken(token),
    clear: () => useSession.getState().signOut(),
  },
  requestRefresh: refreshSessionToken,
  onUnauthorized: () => onSessionLost(),
});

/** Registers the policy on the API client and points "session lost" at this router. */
export function installSession(router: AppRouter): () => void {
  api.setSessionHooks(sessionPolicy);
  onSessionLost = () => {
    const { location } = router.state;
    if (location.pathname === paths.login.path) return;
    void router.navigate(paths.login.getHref(), { replace: true, state: { from: location } });
  };
  return () => {
    api.setSessionHooks(null);
    onSessionLost = () => {};
  };
}
