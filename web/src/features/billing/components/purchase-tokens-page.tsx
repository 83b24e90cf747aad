import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { PurchaseTokensForm } from './purchase-tokens-form';
import { useBillingDisabled } from './subscription-guard';
import { useTokenPrice } from './use-token-price';
import './billing.css';

function Message({ title, text, alert = false }: { title: string; text?: string; alert?: boolean }) {
  return (
    <section className="card billing-message" role={alert ? 'alert' : undefined}>
      <h2 className="billing-message__title">{title}</h2>
      {text ? <p className="billing-message__text">{text}</p> : null}
    </section>
  );
}

/**
 * /dashboard/purchaseTokens (spec §2, §4, §5): the price per token, an amount, a summary and the
 * purchase; the checkout page's url is where the browser goes next. Pricing failures replace the form.
 */
export function PurchaseTokensPage() {
  const billingDisabled = useBillingDisabled();
  const price = useTokenPrice(!billingDisabled);

  let content;
  if (billingDisabled) {
    content = (
      <Message
        title="Billing is switched off"
        text="Billing is switched off on this server, so every account has unlimited tokens. There is nothing to buy."
      />
    );
  } else if (price.status === 'loading') {
    content = (
      <div className="billing-status" role="status">
        <Spinner size="medium" />
        <p className="billing-status__text">Loading pricing...</p>
      </div>
    );
  } else if (price.status === 'unavailable') {
    content = <Message title="Token pricing not available" alert />;
  } else if (price.status === 'failed') {
    content = <Message title="Failed to load pricing information" alert />;
  } else {
    content = <PurchaseTokensForm tokenPrice={price.price} />;
  }

  return (
    <>
      <PageHeader title="Purchase Tokens" description="Extra tokens are added on top of your plan's monthly tokens and never expire." />
      {content}
    </>
  );
}
