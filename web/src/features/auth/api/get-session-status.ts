import { queryOptions } from '@tanstack/react-query';
import { sessionRoutes } from '@contract/session';
import { callRoute } from '@/lib/api-route';
import { useSession, type SessionUser } from '@/lib/session-store';
import { sessionKeys } from './query-keys';

/** GET /api/status: the signed-in user; rejects when the session is not valid. */
export async function getSessionStatus(signal?: AbortSignal): Promise<SessionUser> {
  return (await callRoute(sessionRoutes.sessionStatus, { signal })).user;
}

/** GET /api/status, and the confirmed user into the session store (the header shows it). */
export async function verifySessionStatus(signal?: AbortSignal): Promise<SessionUser> {
  const user = await getSessionStatus(signal);
  useSession.getState().authenticate(user);
  return user;
}

export const sessionStatusQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.status(),
    queryFn: ({ signal }) => verifySessionStatus(signal),
    // Every screen that checks the session asks the server when it opens, never only the cache.
    staleTime: 0,
    // The login guard re-checks on its own schedule, not on every return to the window.
    refetchOnWindowFocus: false,
    meta: { errorMessage: 'Session verification failed.' },
  });
