import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /subscription (docs/product.md § Screens): it points to where the subscription is managed. */
export function SubscriptionPage() {
  return (
    <StandalonePage
      title="Subscription"
      actions={[
        { to: paths.settings.getHref(), label: 'Open Settings', primary: true },
        { to: paths.planSelection.getHref(), label: 'Choose Your Plan' },
      ]}
    >
      <p>Your subscription, payment method and payment email are managed in Settings.</p>
    </StandalonePage>
  );
}
