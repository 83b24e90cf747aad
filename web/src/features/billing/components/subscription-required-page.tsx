import { Link } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /subscription-required. Arrives with the billing issue. */
export function SubscriptionRequiredPage() {
  return (
    <StandalonePage title="Subscription required">
      <p>An active subscription is needed to use the dashboard.</p>
      <div className="standalone-page__actions">
        <Link className="button button--primary" to={paths.planSelection.getHref()}>
          Choose Your Plan
        </Link>
      </div>
    </StandalonePage>
  );
}
