import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/status/status-screen';
import { paths } from '@/config/paths';
import { readUsableToken } from '@/lib/auth-token';
import { useSession } from '@/lib/session-store';
import { sessionStatusQueryOptions } from '../api/get-session-status';

type SessionCheckPageProps = {
  title: string;
  /** Where a verified user goes. */
  successPath: string;
};

/** Verifies the stored session with the server, then moves on: success → successPath, else /login. */
export function SessionCheckPage({ title, successPath }: SessionCheckPageProps) {
  const navigate = useNavigate();
  // Read once per mount: storage is not reactive, and the page leaves as soon as it knows.
  const [hasToken] = useState(() => readUsableToken() !== null);
  const session = useQuery({ ...sessionStatusQueryOptions(), enabled: hasToken });
  // A cached answer does not count: the check waits for the server's.
  const outcome = !hasToken || session.isError ? 'denied' : session.isSuccess && !session.isFetching ? 'verified' : 'checking';

  useEffect(() => {
    if (outcome === 'denied') {
      useSession.getState().signOut();
      void navigate(paths.login.getHref(), { replace: true });
    } else if (outcome === 'verified') {
      void navigate(successPath, { replace: true });
    }
  }, [outcome, navigate, successPath]);

  return <StatusScreen title={title} />;
}
