import { sessionRoutes } from '@contract/session';
import { SKIP_SESSION_RECOVERY } from '@/lib/api-client';
import { callRoute } from '@/lib/api-route';

/** POST /api/refresh with the given bearer. The server rotates: the old token stops working. */
export async function refreshSessionToken(token: string): Promise<string> {
  const { token: renewed } = await callRoute(sessionRoutes.refreshSession, {
    headers: { Authorization: `Bearer ${token}` },
    context: SKIP_SESSION_RECOVERY,
  });
  return renewed;
}
