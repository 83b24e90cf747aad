import { useCallback, useEffect, useState } from 'react';
import { getSubscriptionStatus, type SubscriptionStatus } from '@/lib/subscription-status';

type SubscriptionStatusState =
  | { status: 'loading' }
  | { status: 'ready'; subscription: SubscriptionStatus }
  | { status: 'error' };

type SubscriptionStatusHook = SubscriptionStatusState & {
  /** Refetches in the background: the last answer stays on screen until the new one arrives. */
  reload: () => void;
  /** Starts over from the loading state (after a failed first load). */
  retry: () => void;
};

/** The subscription status for the settings page. A failed refetch keeps the last answer (and is logged). */
export function useSubscriptionStatus(): SubscriptionStatusHook {
  const [state, setState] = useState<SubscriptionStatusState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    getSubscriptionStatus().then(
      (subscription) => {
        if (active) setState({ status: 'ready', subscription });
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('Could not load the subscription status.', error);
        setState((current) => (current.status === 'ready' ? current : { status: 'error' }));
      },
    );
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setVersion((current) => current + 1);
  }, []);

  return { ...state, reload, retry };
}
