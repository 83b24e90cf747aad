import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { paths } from '@/config/paths';
import { readUsableToken } from '@/lib/auth-token';
import { useSession } from '@/lib/session-store';
import { getSessionStatus } from '../api/get-session-status';

type SessionCheckPageProps = {
  title: string;
  /** Where a verified user goes. */
  successPath: string;
};

/** Verifies the stored session with the server, then moves on: success → successPath, else /login. */
export function SessionCheckPage({ title, successPath }: SessionCheckPageProps) {
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    const toLogin = () => {
      useSession.getState().signOut();
      void navigate(paths.login.getHref(), { replace: true });
    };

    if (readUsableToken() === null) {
      toLogin();
      return;
    }
    void getSessionStatus().then(
      (user) => {
        if (!active) return;
        useSession.getState().authenticate(user);
        void navigate(successPath, { replace: true });
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('Session verification failed.', error);
        toLogin();
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, successPath]);

  return <StatusScreen title={title} />;
}
