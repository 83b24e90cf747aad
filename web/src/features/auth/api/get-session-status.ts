import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord } from '@/lib/answer-checks';
import { useSession, type SessionUser } from '@/lib/session-store';
import { sessionKeys } from './query-keys';

function toSessionUser(body: unknown): SessionUser {
  const user = isRecord(body) ? body['user'] : undefined;
  if (!isRecord(user) || typeof user['id'] !== 'string' || typeof user['email'] !== 'string') {
    throw new Error('GET /api/status answered without a user.');
  }
  return {
    id: user['id'],
    email: user['email'],
    name: typeof user['name'] === 'string' ? user['name'] : '',
    picture: typeof user['picture'] === 'string' ? user['picture'] : null,
  };
}

/** GET /api/status: the signed-in user; rejects when the session is not valid. */
export async function getSessionStatus(signal?: AbortSignal): Promise<SessionUser> {
  return toSessionUser(await api.get('status', signal ? { signal } : {}).json<unknown>());
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
