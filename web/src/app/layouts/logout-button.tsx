import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';
import { logOut } from '@/features/auth/api/log-out';

/** docs/product.md § Sign-in and the session: logout calls the server and clears the token even if the call fails, then goes to /. */
export function LogoutButton() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function handleLogout() {
    setPending(true);
    try {
      await logOut();
    } catch (error) {
      console.warn('Logout request failed; signing out locally.', error);
    } finally {
      useSession.getState().signOut();
      void navigate(paths.home.getHref(), { replace: true });
    }
  }

  return (
    <button type="button" className="button button--ghost button--block sidebar__logout" onClick={() => void handleLogout()} disabled={pending}>
      <svg className="line-icon sidebar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4 M16 17l5-5-5-5 M21 12H9" />
      </svg>
      Logout
    </button>
  );
}
