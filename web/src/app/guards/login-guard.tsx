import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { paths } from '@/config/paths';
import { AUTH_RECHECK_INTERVAL_MS, TOKEN_REFRESH_AHEAD_MS } from '@/config/session';
import { readUsableToken } from '@/lib/auth-token';
import { expiresWithin } from '@/lib/jwt';
import { useSession } from '@/lib/session-store';
import { getSessionStatus } from '@/features/auth/api/get-session-status';
import { sessionPolicy } from '../session';

type Phase = 'checking' | 'verified' | 'denied';

/** Verifies the stored session with the server; refreshes it first when it ends soon. */
async function verifySession(refreshIfEndingSoon: boolean): Promise<boolean> {
  const stored = readUsableToken();
  if (stored === null) return false;
  try {
    if (refreshIfEndingSoon && expiresWithin(stored.payload, TOKEN_REFRESH_AHEAD_MS)) {
      await sessionPolicy.refresh();
    }
    useSession.getState().authenticate(await getSessionStatus());
    return true;
  } catch (error) {
    console.warn('Session verification failed.', error);
    return false;
  }
}

/**
 * Spec §2 protected-area guard: "Checking authentication..." until the server confirms the
 * session, then the nested routes. No token or a failed check → /login, remembering where the
 * user was. While mounted it re-checks every 50 minutes.
 */
export function LoginGuard() {
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>('checking');

  useEffect(() => {
    let active = true;
    const settle = (verified: boolean) => {
      if (!active) return;
      if (!verified) useSession.getState().signOut();
      setPhase(verified ? 'verified' : 'denied');
    };

    void verifySession(false).then(settle);
    const timer = setInterval(() => {
      void verifySession(true).then((verified) => {
        if (!verified) settle(false);
      });
    }, AUTH_RECHECK_INTERVAL_MS);

    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  if (phase === 'denied') return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  if (phase === 'checking') return <StatusScreen title="Checking authentication..." />;
  return <Outlet />;
}
