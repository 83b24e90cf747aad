import { Link } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /subscription: the spec names the route only; it points to where the subscription is managed. */
export function SubscriptionPage() {
  return (
    <StandalonePage title="Subscription">
      <p>Your subscription, payment method and payment email are managed in Settings.</p>
      <div className="standalone-page__actions">
        <Link className="button button--primary" to={paths.settings.getHref()}>
          Open Settings
        </Link>
        <Link className="button button--secondary" to={paths.planSelection.getHref()}>
          Choose Your Plan
        </Link>
      </div>
    </StandalonePage>
  );
}
