import { LoadFailed } from '@/components/ui/load-failed/load-failed';
import { PageHeader } from '@/components/ui/page/page-header';
import { Spinner } from '@/components/ui/spinner/spinner';
import { PaymentMethodsSection } from './payment-methods-section';
import { SubscriptionSection } from './subscription-section';
import { useSubscriptionStatus } from '@/lib/subscription-status';
import { useCardChangeNotice } from './use-card-change-notice';
import { NotificationsSection } from './notifications-section';
import { YourDataSection } from './your-data-section';
import './settings.css';

function BillingDisabledNotice() {
  return (
    <section className="card card--stack settings-section" aria-labelledby="billing-off-title">
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

/** /settings and /dashboard/settings (docs/product.md § Settings): the Subscription and Payment Methods sections, then "Notifications" and "Your data". */
export function SettingsPage() {
  useCardChangeNotice();
  const { data: subscription, isError, isFetching, refetch } = useSubscriptionStatus();

  let content;
  // "Try again" starts over from the loading state; a failed reload keeps the last answer on screen.
  if (!subscription && (!isError || isFetching)) {
    content = (
      <div className="settings-loading settings-loading--page" role="status">
        <Spinner size="medium" />
        <span>Loading subscription details...</span>
      </div>
    );
  } else if (!subscription) {
    content = (
      <section className="card card--stack settings-section">
        <LoadFailed message="Your subscription could not be loaded." onRetry={() => void refetch()} />
      </section>
    );
  } else if (subscription.billingDisabled) {
    content = <BillingDisabledNotice />;
  } else {
    content = (
      <>
        <SubscriptionSection subscription={subscription} />
        <PaymentMethodsSection paymentEmail={subscription.paymentEmail} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Settings" description="Your subscription, payment method and payment email." />
      <div className="settings">
        {content}
        <NotificationsSection />
        <YourDataSection />
      </div>
    </>
  );
}
