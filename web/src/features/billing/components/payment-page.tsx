import { StandalonePage } from '@/components/ui/page/standalone-page';
import { paths } from '@/config/paths';

/** /payment (docs/product.md § Screens). Payments happen on the checkout page, reached from these screens. */
export function PaymentPage() {
  return (
    <StandalonePage
      title="Payment"
      actions={[
        { to: paths.planSelection.getHref(), label: 'Choose Your Plan', primary: true },
        { to: paths.purchaseTokens.getHref(), label: 'Purchase Tokens' },
      ]}
    >
      <p>Payments are made on a secure checkout page. Choose a plan to subscribe, or buy extra tokens during a subscription.</p>
    </StandalonePage>
  );
}
