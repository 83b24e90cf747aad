import { useId, useState } from 'react';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { Spinner } from '@/components/ui/spinner/spinner';
import { assignLocation } from '@/lib/navigation';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useSetupPaymentMethod } from '../api/setup-payment-method';
import type { PaymentMethod } from '../api/types';
import { formatExpiry } from '../utils/subscription-display';
import { PaymentEmailForm } from './payment-email-form';

export const UPDATE_PAYMENT_METHOD_FAILED_MESSAGE = 'Failed to update payment method. Please try again.';

function CardSummary({ method }: { method: PaymentMethod }) {
  return (
    <div className="payment-card">
      <span className="payment-card__icon" aria-hidden="true">
        <svg className="line-icon" viewBox="0 0 24 24" focusable="false">
          <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
          <path d="M2.5 10h19" />
        </svg>
      </span>
      <dl className="payment-card__facts">
        <div>
          <dt className="visually-hidden">Card</dt>
          <dd className="payment-card__number">
            <span className="payment-card__brand">{method.brand}</span>
            <span aria-hidden="true"> •••• </span>
            <span className="visually-hidden"> ending in </span>
            {method.last4}
          </dd>
        </div>
        <div className="payment-card__expiry">
          <dt>Expires</dt>
          <dd>{formatExpiry(method.expiryMonth, method.expiryYear)}</dd>
        </div>
      </dl>
    </div>
  );
}

type PaymentMethodsSectionProps = {
  paymentEmail: string | null;
};

/** Payment Methods (docs/product.md § Settings): the first saved card only, "Update payment method", and the payment email. */
export function PaymentMethodsSection({ paymentEmail }: PaymentMethodsSectionProps) {
  const titleId = useId();
  const methods = usePaymentMethods();
  const setup = useSetupPaymentMethod();
  const [updateFailure, setUpdateFailure] = useState<string | null>(null);
  // After success the browser is leaving for the card-update page: the button stays disabled meanwhile.
  const updating = setup.isPending || setup.isSuccess;

  async function updatePaymentMethod() {
    try {
      assignLocation(await setup.mutateAsync());
    } catch (error) {
      setup.reset();
      console.warn('Could not start the payment method update.', error);
      setUpdateFailure(UPDATE_PAYMENT_METHOD_FAILED_MESSAGE);
    }
  }

  const loadFailure = loadFailureOf(methods, 'Your payment methods could not be loaded.');
  let card;
  if (methods.isPending) {
    card = (
      <div className="settings-loading" role="status">
        <Spinner size="small" />
        <span>Loading payment methods...</span>
      </div>
    );
  } else if (loadFailure) {
    card = <LoadFailed {...loadFailure} compact />;
  } else if (methods.data?.[0]) {
    card = <CardSummary method={methods.data[0]} />;
  } else {
    card = <p className="settings-muted">No payment method on file.</p>;
  }

  return (
    <section className="card card--stack settings-section" aria-labelledby={titleId}>
      <div className="split-row settings-section__head">
        <h2 id={titleId} className="settings-section__title">
          Payment Methods
        </h2>
      </div>
      {card}
      <div className="settings-section__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={updating}
          aria-busy={updating || undefined}
          onClick={() => void updatePaymentMethod()}
        >
          Update payment method
        </button>
      </div>
      <PaymentEmailForm initialEmail={paymentEmail ?? ''} />
      {updateFailure !== null ? <InformationDialog title="Something went wrong" message={updateFailure} onClose={() => setUpdateFailure(null)} /> : null}
    </section>
  );
}
