import { Link } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /payment: the spec names the route only. Payments happen on the checkout page, reached from these screens. */
export function PaymentPage() {
  return (
    <StandalonePage title="Payment">
      <p>Payments are made on a secure checkout page. Choose a plan to subscribe, or buy extra tokens during a subscription.</p>
      <div className="standalone-page__actions">
        <Link className="button button--primary" to={paths.planSelection.getHref()}>
          Choose Your Plan
        </Link>
        <Link className="button button--secondary" to={paths.purchaseTokens.getHref()}>
          Purchase Tokens
        </Link>
      </div>
    </StandalonePage>
  );
}
