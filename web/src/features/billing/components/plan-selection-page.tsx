import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { httpStatusOf } from '@/lib/api-error';
import { assignLocation } from '@/lib/navigation';
import { signOutEverywhere } from '@/lib/sign-out';
import type { PlanType } from '@/lib/subscription-status';
import { createSubscriptionCheckout } from '../api/create-subscription-checkout';
import { PlanCard } from './plan-card';
import { usePlans } from './use-plans';
import './billing.css';

export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Please cancel your current subscription before purchasing a new one.';
export const CHECKOUT_FAILED_MESSAGE = 'Failed to start checkout process. Please try again.';

/**
 * /subscriptionPage (spec §2, §4): "Choose Your Plan" with the monthly plans as radio cards,
 * "Continue to Payment" (a checkout, then the browser goes to its url) and "Logout".
 */
export function PlanSelectionPage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const [selected, setSelected] = useState<PlanType | null>(null);
  const [processing, setProcessing] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function continueToPayment() {
    if (selected === null) return;
    setProcessing(true);
    try {
      assignLocation(await createSubscriptionCheckout(selected));
      // The browser is leaving for the checkout: the button stays disabled meanwhile.
    } catch (error) {
      console.warn('Could not start the subscription checkout.', error);
      setFailure(httpStatusOf(error) === 409 ? ALREADY_SUBSCRIBED_MESSAGE : CHECKOUT_FAILED_MESSAGE);
      setProcessing(false);
    }
  }

  async function logout() {
    setLoggingOut(true);
    await signOutEverywhere();
    void navigate(paths.home.getHref(), { replace: true });
  }

  let content;
  if (plans.status === 'loading') {
    content = (
      <div className="billing-status" role="status">
        <Spinner size="medium" />
        <p className="billing-status__text">Loading plans...</p>
      </div>
    );
  } else if (plans.status === 'error') {
    content = (
      <p className="alert alert--error" role="alert">
        {plans.message}
      </p>
    );
  } else {
    content = (
      <fieldset className="plan-options">
        <legend className="visually-hidden">Plans</legend>
        {plans.plans.map((plan) => (
          <PlanCard
            key={plan.priceType}
            plan={plan}
            selected={selected === plan.priceType}
            disabled={processing}
            onSelect={() => setSelected(plan.priceType)}
          />
        ))}
      </fieldset>
    );
  }

  return (
    <StandalonePage title="Choose Your Plan">
      <p className="billing-lead">
        Pick the monthly plan that fits how much mail you process. Billing is monthly and you can cancel anytime.
      </p>
      {content}
      <p className="billing-note">Prices are in dollars, tax included. You pay on the next page.</p>
      <div className="billing-actions">
        <button
          type="button"
          className="button button--primary button--large"
          disabled={selected === null || processing}
          aria-busy={processing || undefined}
          onClick={() => void continueToPayment()}
        >
          {processing ? <Spinner size="small" /> : null}
          Continue to Payment
        </button>
        <button type="button" className="button button--secondary button--large" disabled={loggingOut} onClick={() => void logout()}>
          Logout
        </button>
      </div>
      {failure !== null ? <InformationDialog title="Checkout failed" message={failure} onClose={() => setFailure(null)} /> : null}
    </StandalonePage>
  );
}
