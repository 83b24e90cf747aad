import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { httpStatusOf } from '@/lib/api-error';
import { useSubscriptionStatus } from '@/lib/subscription-status';
import '@/components/ui/status/center-stack.css';
import './billing.css';

/** What the guard tells the pages it wraps. */
export type SubscriptionGuardContext = { billingDisabled: boolean };

/** The wrapped page's view of the guard: is billing switched off on this server? (false outside the guard) */
export function useBillingDisabled(): boolean {
  const context = useOutletContext<SubscriptionGuardContext | undefined>();
  return context?.billingDisabled === true;
}

/**
 * The subscription guard (docs/product.md § Dashboard): "Loading subscirption ..." (sic) while the status
 * loads, then the page only when the subscription is active. Otherwise, and when the status cannot be
 * loaded, it replaces the location with plan selection. With billing switched off every page renders.
 */
export function SubscriptionGuard() {
  const { data: status, error } = useSubscriptionStatus();

  // A failed reload keeps the last answer; only a status never loaded sends the user away.
  const denied = status ? !(status.isActive || status.billingDisabled) : error !== null && httpStatusOf(error) !== 401;
  if (denied) return <Navigate to={paths.planSelection.getHref()} replace />;
  // Without an answer, or after a 401 (the session policy is already on its way to /login).
  if (!status) {
    return (
      <div className="center-stack billing-status" role="status">
        <Spinner size="large" />
        <p className="billing-status__text">Loading subscirption ...</p>
      </div>
    );
  }
  return <Outlet context={{ billingDisabled: status.billingDisabled } satisfies SubscriptionGuardContext} />;
}
