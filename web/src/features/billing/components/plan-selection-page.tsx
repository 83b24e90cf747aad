import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PlanChangeDialog } from '@/components/plan-change/plan-change-dialog';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { httpStatusOf } from '@/lib/api-error';
import { assignLocation } from '@/lib/navigation';
import { chosenPlan, fromOfState, rememberCheckoutReturn } from '@/lib/purchase-intent';
import { signOutEverywhere } from '@/lib/sign-out';
import { PLAN_NAMES, useSubscriptionStatus, type PlanType } from '@/lib/subscription-status';
import { useCreateSubscriptionCheckout } from '../api/create-subscription-checkout';
import { plansErrorMessage, usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';
import '@/components/ui/status/center-stack.css';
import './billing.css';
import './plan-selection.css';

export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Please cancel your current subscription before purchasing a new one.';
export const CHECKOUT_FAILED_MESSAGE = 'Failed to start checkout process. Please try again.';

/**
 * /subscriptionPage (docs/product.md § Plans, prices and tokens): "Choose Your Plan" with the monthly plans as radio cards,
 * "Continue to Payment" (a checkout, then the browser goes to its url) and "Logout". An active
 * subscriber gets "Change Plan" instead: the other plan through the plan change confirm dialog. A
 * document made before choosing a plan is named above the plans (`readyDocumentName`, given by the route).
 */
export function PlanSelectionPage({ readyDocumentName = null }: { readyDocumentName?: string | null } = {}) {
  const navigate = useNavigate();
  const plans = usePlans();
  // The plan picked on the landing page before signing up, preselected.
  const [selected, setSelected] = useState<PlanType | null>(chosenPlan);
  const from = fromOfState(useLocation().state);
  const checkout = useCreateSubscriptionCheckout();
  const [loggingOut, setLoggingOut] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changingTo, setChangingTo] = useState<PlanType | null>(null);
  const subscription = useSubscriptionStatus();
  const currentPlan = subscription.data?.isActive && !subscription.data.billingDisabled ? subscription.data.planType : null;
  // After success the browser is leaving for the checkout: the button stays disabled meanwhile.
  const processing = checkout.isPending || checkout.isSuccess;

  async function continueToPayment() {
    if (selected === null) return;
    if (currentPlan !== null) return setChangingTo(selected);
    try {
      const url = await checkout.mutateAsync(selected);
      rememberCheckoutReturn(from);
      assignLocation(url);
    } catch (error) {
      checkout.reset();
      console.warn('Could not start the subscription checkout.', error);
      setFailure(httpStatusOf(error) === 409 ? ALREADY_SUBSCRIBED_MESSAGE : CHECKOUT_FAILED_MESSAGE);
    }
  }

  async function logout() {
    setLoggingOut(true);
    await signOutEverywhere();
    void navigate(paths.home.getHref(), { replace: true });
  }

  let content;
  if (plans.isPending) {
    content = (
      <div className="center-stack billing-status" role="status">
        <Spinner size="medium" />
        <p className="billing-status__text">Loading plans...</p>
      </div>
    );
  } else if (!plans.data) {
    // The server's text, or "Plan not available" (docs/product.md § Plans, prices and tokens), with a way to load again.
    const failure = loadFailureOf(plans, plansErrorMessage(plans.error));
    content = failure ? (
      <div className="alert alert--error">
        <LoadFailed {...failure} compact />
      </div>
    ) : null;
  } else {
    content = (
      <fieldset className="plan-options">
        <legend className="visually-hidden">Plans</legend>
        {plans.data.map((plan) => (
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
      {readyDocumentName ? <p className="alert alert--info billing-ready">Your document {readyDocumentName} is ready; choose a plan to start processing mail</p> : null}
      {content}
      {currentPlan !== null ? (
        <p className="billing-note">You are on the {PLAN_NAMES[currentPlan]} plan. Choose the other plan to change: you see what changes and what it costs before you confirm.</p>
      ) : (
        <p className="billing-note">Prices are in dollars, tax included. You pay on the next page.</p>
      )}
      <div className="billing-actions">
        <button
          type="button"
          className="button button--primary button--large"
          disabled={selected === null || selected === currentPlan || processing}
          aria-busy={processing || undefined}
          onClick={() => void continueToPayment()}
        >
          {processing ? <Spinner size="small" /> : null}
          {currentPlan !== null ? 'Change Plan' : 'Continue to Payment'}
        </button>
        <button type="button" className="button button--secondary button--large" disabled={loggingOut} onClick={() => void logout()}>
          Logout
        </button>
      </div>
      {changingTo !== null ? <PlanChangeDialog planType={changingTo} onClose={() => setChangingTo(null)} /> : null}
      {failure !== null ? <InformationDialog title="Checkout failed" message={failure} onClose={() => setFailure(null)} /> : null}
    </StandalonePage>
  );
}
