import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';
import { takeReturnPath } from '@/lib/return-path';

/** Where the server's OAuth callback lands: /auth-success?token=… or ?error=… (docs/product.md § Screens). */
export function AuthSuccessPage() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Runs once even when React replays effects in development: the token must be stored once
  // and the remembered return path consumed once.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;

    const error = searchParams.get('error');
    const token = searchParams.get('token');
    if (error) {
      void navigate(paths.login.getHref({ error }), { replace: true });
      return;
    }
    if (!token) {
      void navigate(paths.login.getHref({ error: 'no_token' }), { replace: true });
      return;
    }
    try {
      useSession.getState().storeToken(token);
    } catch (storageError) {
      console.warn('Could not store the session token.', storageError);
      void navigate(paths.login.getHref({ error: 'token_storage_failed' }), { replace: true });
      return;
    }
    // The token must not stay visible in the address bar, nor in history.
    window.history.replaceState(window.history.state, '', pathname);
    void navigate(takeReturnPath() ?? DEFAULT_SIGNED_IN_PATH, { replace: true });
  }, [navigate, pathname, searchParams]);

  return <StatusScreen title="Processing authentication..." message="Please wait while we log you in." />;
}
