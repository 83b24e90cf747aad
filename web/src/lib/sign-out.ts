// Logging out from anywhere (docs/product.md § Sign-in and the session): the server call, then the local sign-out even if the call failed.
import { sessionRoutes } from '@contract/session';
import { SKIP_SESSION_RECOVERY } from './api-client';
import { callRoute } from './api-route';
import { useSession } from './session-store';

/** POST /api/logout, then forgets the token whatever the answer. Never rejects: a failure is logged. */
export async function signOutEverywhere(): Promise<void> {
  try {
    // A 401 here means the session is already gone, which is what logging out wants.
    await callRoute(sessionRoutes.logout, { context: SKIP_SESSION_RECOVERY });
  } catch (error) {
    console.warn('Logout request failed; signing out locally.', error);
  } finally {
    useSession.getState().signOut();
  }
}
