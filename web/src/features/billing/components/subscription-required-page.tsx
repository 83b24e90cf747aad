import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /subscription-required. Arrives with the billing issue. */
export function SubscriptionRequiredPage() {
  return (
    <StandalonePage title="Subscription required" actions={[{ to: paths.planSelection.getHref(), label: 'Choose Your Plan', primary: true }]}>
      <p>An active subscription is needed to use the dashboard.</p>
    </StandalonePage>
  );
}
