import { Link, useSearchParams } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';
import './billing.css';

/** /cancel and /payment/cancel (spec §2): "Try Again" depends on the `type` query parameter. */
export function PaymentCancelPage() {
  const [searchParams] = useSearchParams();
  const tryAgainHref =
    searchParams.get('type') === 'tokens' ? paths.purchaseTokens.getHref() : paths.planSelection.getHref();

  return (
    <StandalonePage title="Payment Cancelled">
      <p className="payment-outcome__text">No worries! You can try again anytime.</p>
      <div className="standalone-page__actions">
        <Link className="button button--primary" to={tryAgainHref}>
          Try Again
        </Link>
        <Link className="button button--secondary" to={paths.home.getHref()}>
          Back to Home
        </Link>
      </div>
    </StandalonePage>
  );
}
