import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { httpStatusOf } from '@/lib/api-error';
import { usePrice } from '../api/get-price';
import { PurchaseTokensForm } from './purchase-tokens-form';
import { useBillingDisabled } from './subscription-guard';
import '@/components/ui/status/center-stack.css';
import './billing.css';
import './purchase-tokens.css';

function Message({ title, text, alert = false }: { title: string; text?: string; alert?: boolean }) {
  return (
    <section className="card billing-message" role={alert ? 'alert' : undefined}>
      <h2 className="billing-message__title">{title}</h2>
      {text ? <p className="billing-message__text">{text}</p> : null}
    </section>
  );
}

/**
 * /dashboard/purchaseTokens (docs/product.md § Plans, prices and tokens): the price per token, an amount, a summary and the
 * purchase; the checkout page's url is where the browser goes next. Pricing failures replace the form.
 */
export function PurchaseTokensPage() {
  const billingDisabled = useBillingDisabled();
  const price = usePrice('singleToken', !billingDisabled);
  const tokenPrice = price.data && price.data.price > 0 ? price.data.price / price.data.tokens : null;

  let content;
  if (billingDisabled) {
    content = (
      <Message
        title="Billing is switched off"
        text="Billing is switched off on this server, so every account has unlimited tokens. There is nothing to buy."
      />
    );
  } else if (price.isPending) {
    content = (
      <div className="center-stack billing-status" role="status">
        <Spinner size="medium" />
        <p className="billing-status__text">Loading pricing...</p>
      </div>
    );
  } else if (tokenPrice !== null) {
    content = <PurchaseTokensForm tokenPrice={tokenPrice} />;
  } else if (price.isSuccess || httpStatusOf(price.error) === 404) {
    // The server has no usable single-token price.
    content = <Message title="Token pricing not available" alert />;
  } else {
    const failure = loadFailureOf(price, 'Failed to load pricing information');
    content = failure ? (
      <section className="card billing-message">
        <LoadFailed {...failure} />
      </section>
    ) : null;
  }

  return (
    <>
      <PageHeader title="Purchase Tokens" description="Extra tokens are added on top of your plan's monthly tokens and never expire." />
      {content}
    </>
  );
}
