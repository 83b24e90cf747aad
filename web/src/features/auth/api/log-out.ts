import { sessionRoutes } from '@contract/session';
import { SKIP_SESSION_RECOVERY } from '@/lib/api-client';
import { callRoute } from '@/lib/api-route';

/** POST /api/logout: revokes the session on the server. */
export async function logOut(): Promise<void> {
  // A 401 here means the session is already gone, which is what logging out wants.
  await callRoute(sessionRoutes.logout, { context: SKIP_SESSION_RECOVERY });
}
