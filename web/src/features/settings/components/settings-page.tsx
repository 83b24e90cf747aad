import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { PaymentMethodsSection } from './payment-methods-section';
import { SubscriptionSection } from './subscription-section';
import { useCardChangeNotice } from './use-card-change-notice';
import { useSubscriptionStatus } from './use-subscription-status';
import './settings.css';

function BillingDisabledNotice() {
  return (
    <section className="card settings-section" aria-labelledby="billing-off-title">
      <h2 id="billing-off-title" className="settings-section__title">
        Billing is switched off
      </h2>
      <p className="settings-text">
        Billing is switched off on this server, so every account has unlimited tokens. There is no subscription or
        payment method to manage.
      </p>
    </section>
  );
}

/** /settings and /dashboard/settings (spec §2): the Subscription and Payment Methods sections. */
export function SettingsPage() {
  useCardChangeNotice();
  const subscription = useSubscriptionStatus();

  let content;
  if (subscription.status === 'loading') {
    content = (
      <div className="settings-loading settings-loading--page" role="status">
        <Spinner size="medium" />
        <span>Loading subscription details...</span>
      </div>
    );
  } else if (subscription.status === 'error') {
    content = (
      <section className="card settings-section" role="alert">
        <p className="settings-text">Your subscription could not be loaded.</p>
        <div className="settings-section__actions">
          <button type="button" className="button button--secondary" onClick={subscription.retry}>
            Try again
          </button>
        </div>
      </section>
    );
  } else if (subscription.subscription.billingDisabled) {
    content = <BillingDisabledNotice />;
  } else {
    content = (
      <>
        <SubscriptionSection subscription={subscription.subscription} onChanged={subscription.reload} />
        <PaymentMethodsSection paymentEmail={subscription.subscription.paymentEmail} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Settings" description="Your subscription, payment method and payment email." />
      <div className="settings">{content}</div>
    </>
  );
}
