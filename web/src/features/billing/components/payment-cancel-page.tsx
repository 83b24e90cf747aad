import { useSearchParams } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';
import './billing.css';
import './payment-outcome.css';

/** /cancel and /payment/cancel (docs/product.md § Screens): "Try Again" depends on the `type` query parameter. */
export function PaymentCancelPage() {
  const [searchParams] = useSearchParams();
  const tryAgainHref =
    searchParams.get('type') === 'tokens' ? paths.purchaseTokens.getHref() : paths.planSelection.getHref();

  return (
    <StandalonePage
      title="Payment Cancelled"
      actions={[
        { to: tryAgainHref, label: 'Try Again', primary: true },
        { to: paths.home.getHref(), label: 'Back to Home' },
      ]}
    >
      <p className="payment-outcome__text">No worries! You can try again anytime.</p>
    </StandalonePage>
  );
}
