import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CheckoutOutcome } from '@contract/billing';
import { StandalonePage, type PageAction } from '@/components/ui/page/standalone-page';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import { readUsableToken } from '@/lib/auth-token';
import { checkoutReturn } from '@/lib/purchase-intent';
import { PLAN_NAMES } from '@/lib/subscription-status';
import { useCheckoutOutcome } from '../api/get-checkout-outcome';
import { formatCount } from '../utils/price-format';
import '@/components/ui/status/center-stack.css';
import './billing.css';
import './payment-outcome.css';

/** Said until the purchase is confirmed, and whenever it cannot be looked up (signed out, another browser). */
const PENDING_TEXT = 'Thank you! Your account has been upgraded. Your tokens will be added shortly; it may take a few minutes for them to appear.';

function tokensNow(outcome: CheckoutOutcome): string {
  const { balance } = outcome;
  if (balance.unlimited) return 'You have unlimited tokens.';
  const total = balance.subscriptionTokens + balance.additionalTokens;
  return `You now have ${formatCount(total)} token${total === 1 ? '' : 's'}.`;
}

/** What the purchase did, once confirmed; null while it is not. */
function purchasedText(outcome: CheckoutOutcome): string | null {
  if (outcome.status !== 'completed') return null;
  if (outcome.kind === 'tokens') return `Thank you! ${formatCount(outcome.tokens)} token${outcome.tokens === 1 ? ' was' : 's were'} added to your account. ${tokensNow(outcome)}`;
  if (outcome.kind === 'subscription' && outcome.planType) {
    return `Thank you! You are now on the ${PLAN_NAMES[outcome.planType]} plan: ${formatCount(outcome.tokens)} tokens every month. ${tokensNow(outcome)}`;
  }
  return 'Thank you! Your payment method was updated.';
}

function pendingText(outcome: CheckoutOutcome | undefined): string {
  if (outcome?.kind === 'tokens') return `Thank you! Your payment is being confirmed: ${formatCount(outcome.tokens)} tokens will be added shortly; it may take a few minutes for them to appear.`;
  return PENDING_TEXT;
}

/** The label of the way back to the page the checkout began from. */
function returnLabel(path: string): string {
  if (path.startsWith(paths.documents.getHref()) || path.startsWith('/dashboard/doc/')) return 'Back to your documents';
  return 'Continue where you were';
}

/**
 * /success and /payment/success (docs/api.md § GET /api/stripe/checkout/:sessionId): "Loading payment details..." first, then what was bought
 * and the tokens now, asked of the server for a signed-in user (the purchase is credited at once with the
 * local checkout, when the provider's event arrives with Stripe: asked again until then). Signed out (the
 * provider returned to another browser), it says the tokens will be added shortly, as before. The
 * checkout's session ID stays under "Payment Details" for support.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const signedIn = readUsableToken() !== null;
  const outcome = useCheckoutOutcome(sessionId, signedIn);
  const [mounted, setMounted] = useState(false);
  const [backTo] = useState(checkoutReturn);

  useEffect(() => {
    // Signed out there is nothing to fetch: the details are read from the address once the page is up.
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);

  const loading = !mounted || (signedIn && sessionId !== null && outcome.isPending && outcome.fetchStatus !== 'idle');
  const data = outcome.data;
  const text = data ? (purchasedText(data) ?? pendingText(data)) : PENDING_TEXT;

  // Back to where the checkout began, unless that is the dashboard, which has its own way.
  const back = backTo && backTo !== paths.dashboard.getHref() ? backTo : null;
  const actions: PageAction[] = [
    ...(back ? [{ to: back, label: returnLabel(back), primary: true }] : []),
    { to: paths.dashboard.getHref(), label: 'Go to Dashboard', primary: back === null },
    { to: paths.home.getHref(), label: 'Back to Home' },
  ];

  return (
    <StandalonePage title="Payment Successful" actions={actions}>
      {loading ? (
        <div className="center-stack billing-status" role="status">
          <Spinner size="medium" />
          <p className="billing-status__text">Loading payment details...</p>
        </div>
      ) : (
        <>
          <p className="payment-outcome__text" role="status">
            {text}
          </p>
          <section className="payment-details" aria-labelledby="payment-details-title">
            <h2 id="payment-details-title" className="payment-details__title">
              Payment Details
            </h2>
            <dl className="payment-details__list">
              {data && data.kind !== 'card' ? (
                <>
                  <dt>Purchase</dt>
                  <dd>{data.kind === 'tokens' ? `${formatCount(data.tokens)} tokens` : `${data.planType ? PLAN_NAMES[data.planType] : 'Monthly'} plan`}</dd>
                  <dt>Total</dt>
                  <dd>${data.total.toFixed(2)}</dd>
                </>
              ) : null}
              <dt>Session ID</dt>
              <dd>{sessionId ?? '-'}</dd>
            </dl>
          </section>
        </>
      )}
    </StandalonePage>
  );
}
