import { api, SKIP_SESSION_RECOVERY } from '@/lib/api-client';

/** POST /api/logout: revokes the session on the server. */
export async function logOut(): Promise<void> {
  // A 401 here means the session is already gone, which is what logging out wants.
  await api.post('logout', { context: SKIP_SESSION_RECOVERY });
}
