import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { StandalonePage } from '@/components/ui/page/standalone-page';
import { Spinner } from '@/components/ui/spinner/spinner';
import { paths } from '@/config/paths';
import './billing.css';

/**
 * /success and /payment/success (spec §2): "Loading payment details..." first, then the checkout's
 * session ID. It makes no server call: the tokens arrive through the payment provider's webhook.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // Nothing to fetch: the details are read from the address once the page is up.
    const timer = setTimeout(() => setLoading(false), 0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <StandalonePage title="Payment Successful">
      {loading ? (
        <div className="billing-status" role="status">
          <Spinner size="medium" />
          <p className="billing-status__text">Loading payment details...</p>
        </div>
      ) : (
        <>
          <p className="payment-outcome__text">
            Thank you! Your account has been upgraded. Your tokens will be added shortly; it may take a few minutes for
            them to appear.
          </p>
          <section className="payment-details" aria-labelledby="payment-details-title">
            <h2 id="payment-details-title" className="payment-details__title">
              Payment Details
            </h2>
            <dl className="payment-details__list">
              <dt>Session ID</dt>
              <dd>{sessionId ?? '-'}</dd>
            </dl>
          </section>
        </>
      )}
      <div className="standalone-page__actions">
        <Link className="button button--primary" to={paths.dashboard.getHref()}>
          Go to Dashboard
        </Link>
        <Link className="button button--secondary" to={paths.home.getHref()}>
          Back to Home
        </Link>
      </div>
    </StandalonePage>
  );
}
