import { useEffect, useState } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { httpStatusOf } from '@/lib/api-error';
import { getSubscriptionStatus } from '@/lib/subscription-status';
import './billing.css';

type GuardState = { phase: 'loading' } | { phase: 'denied' } | { phase: 'allowed'; billingDisabled: boolean };

/** What the guard tells the pages it wraps. */
export type SubscriptionGuardContext = { billingDisabled: boolean };

/** The wrapped page's view of the guard: is billing switched off on this server? (false outside the guard) */
export function useBillingDisabled(): boolean {
  const context = useOutletContext<SubscriptionGuardContext | undefined>();
  return context?.billingDisabled === true;
}

/**
 * Spec §2 subscription guard: "Loading subscirption ..." (sic) while the status loads, then the page
 * only when the subscription is active. Otherwise, and when the status cannot be loaded (§8), it
 * replaces the location with plan selection. With billing switched off every page renders.
 */
export function SubscriptionGuard() {
  const [state, setState] = useState<GuardState>({ phase: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getSubscriptionStatus(controller.signal).then(
      (status) => {
        if (controller.signal.aborted) return;
        const allowed = status.isActive || status.billingDisabled;
        setState(allowed ? { phase: 'allowed', billingDisabled: status.billingDisabled } : { phase: 'denied' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A lost session is the session policy's: it is already on its way to /login.
        if (httpStatusOf(error) === 401) return;
        console.warn('Could not load the subscription status; treating it as inactive.', error);
        setState({ phase: 'denied' });
      },
    );
    return () => controller.abort();
  }, []);

  if (state.phase === 'denied') return <Navigate to={paths.planSelection.getHref()} replace />;
  if (state.phase === 'loading') {
    return (
      <div className="billing-status" role="status">
        <Spinner size="large" />
        <p className="billing-status__text">Loading subscirption ...</p>
      </div>
    );
  }
  return <Outlet context={{ billingDisabled: state.billingDisabled } satisfies SubscriptionGuardContext} />;
}
