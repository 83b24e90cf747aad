import { useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { paths } from '@/config/paths';
import { AUTH_RECHECK_INTERVAL_MS, TOKEN_REFRESH_AHEAD_MS } from '@/config/session';
import { readUsableToken } from '@/lib/auth-token';
import { expiresWithin } from '@/lib/jwt';
import { useSession } from '@/lib/session-store';
import { sessionStatusQueryOptions, verifySessionStatus } from '@/features/auth/api/get-session-status';
import { sessionPolicy } from '../session';

/** The periodic check (a session confirmed before) refreshes first a token that ends soon. */
async function verifySession({ client, queryKey, signal }: QueryFunctionContext) {
  const stored = readUsableToken();
  if (stored === null) throw new Error('No usable session token.');
  const recheck = client.getQueryData(queryKey) !== undefined;
  if (recheck && expiresWithin(stored.payload, TOKEN_REFRESH_AHEAD_MS)) await sessionPolicy.refresh();
  return verifySessionStatus(signal);
}

/**
 * The protected-area guard (docs/product.md § Sign-in and the session): "Checking authentication..." until the server confirms the
 * session, then the nested routes. No token or a failed check → /login, remembering where the
 * user was. While mounted it re-checks every 50 minutes.
 */
export function LoginGuard() {
  const location = useLocation();
  // Read once per mount: storage is not reactive.
  const [hasToken] = useState(() => readUsableToken() !== null);
  // Signing out clears the token and the query cache while this guard is still on screen: the check must
  // not run again then, or its "no token" failure would send the user to /login while the logout goes to
  // the landing page. Whoever ends the session navigates (logout to /, a lost session to /login).
  const [storeHadToken] = useState(() => useSession.getState().token !== null);
  const tokenGone = useSession((state) => state.token === null);
  const signedOutSinceMount = storeHadToken && tokenGone;
  const session = useQuery({
    ...sessionStatusQueryOptions(),
    queryFn: verifySession,
    enabled: hasToken && !signedOutSinceMount,
    refetchInterval: AUTH_RECHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
  const denied = !hasToken || session.isError;

  useEffect(() => {
    if (denied) useSession.getState().signOut();
  }, [denied]);

  if (denied) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  if (session.isPending) return <StatusScreen title="Checking authentication..." />;
  return <Outlet />;
}
