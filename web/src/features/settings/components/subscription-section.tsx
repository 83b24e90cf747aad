import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PlanChangeDialog } from '@/components/plan-change/plan-change-dialog';
import { ConfirmationDialog } from '@/components/ui/dialog/confirmation-dialog';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { toast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { formatLongDate, formatUsd } from '@/lib/format';
import { PLAN_NAMES, type PlanType, type SubscriptionStatus } from '@/lib/subscription-status';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { SUBSCRIPTION_LABELS, subscriptionDisplayOf, type SubscriptionDisplay } from '../utils/subscription-display';

export const CANCEL_FAILED_MESSAGE = 'Failed to cancel subscription. Please try again.';
export const REACTIVATE_FAILED_MESSAGE = 'Failed to reactivate subscription. Please try again.';

const PERIOD_END_LABELS: Record<SubscriptionDisplay, string> = {
  active: 'Renews on',
  canceling: 'Active until',
  none: 'Current period ends',
  canceled: 'Current period ends',
};

type Flow = 'cancel' | 'reactivate';

const OTHER_PLAN: Record<PlanType, PlanType> = { monthlyBasic: 'monthlyPro', monthlyPro: 'monthlyBasic' };

type SubscriptionSectionProps = {
  subscription: SubscriptionStatus;
};

/**
 * The subscription section (docs/product.md § Settings): the status label, the monthly price, the period end and the
 * action that fits: change plan or cancel (active), reactivate (canceling) or subscribe (none, or ended).
 */
export function SubscriptionSection({ subscription }: SubscriptionSectionProps) {
  const titleId = useId();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirming, setConfirming] = useState<Flow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [changingTo, setChangingTo] = useState<PlanType | null>(null);
  const pending = cancel.isPending || reactivate.isPending;

  const display = subscriptionDisplayOf(subscription);
  const periodEnd = formatLongDate(subscription.currentPeriodEnd);

  // The mutations reload the status themselves; the last answer stays on screen meanwhile.
  async function run(flow: Flow) {
    try {
      if (flow === 'cancel') {
        await cancel.mutateAsync();
        toast.success(`Subscription canceled. It will remain active until ${periodEnd}`);
      } else {
        await reactivate.mutateAsync();
        toast.success('Subscription reactivated successfully!');
      }
      setConfirming(null);
    } catch (error) {
      console.warn(`Could not ${flow} the subscription.`, error);
      setConfirming(null);
      setFailure(flow === 'cancel' ? CANCEL_FAILED_MESSAGE : REACTIVATE_FAILED_MESSAGE);
    }
  }

  // "Subscribe Now" for no subscription (docs/product.md § Settings); a subscription that has ended gets it too (not a
  // past-due one, whose card needs updating below).
  const canSubscribe = display === 'none' || (display === 'canceled' && subscription.subscriptionStatus === 'canceled');
  const periodNote = periodEnd === '-' ? '' : ` (${periodEnd})`;

  return (
    <section className="card card--stack settings-section" aria-labelledby={titleId}>
      <div className="split-row settings-section__head">
        <h2 id={titleId} className="settings-section__title">
          Subscription
        </h2>
      </div>

      <dl className="settings-facts">
        <div className="settings-facts__row">
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${display}`}>{SUBSCRIPTION_LABELS[display]}</span>
          </dd>
        </div>
        {subscription.planType ? (
          <div className="settings-facts__row">
            <dt>Plan</dt>
            <dd>{PLAN_NAMES[subscription.planType]}</dd>
          </div>
        ) : null}
        <div className="settings-facts__row">
          <dt>Monthly price</dt>
          <dd>{subscription.monthlyPrice === null ? '-' : formatUsd(subscription.monthlyPrice, 2)}</dd>
        </div>
        <div className="settings-facts__row">
          <dt>{PERIOD_END_LABELS[display]}</dt>
          <dd>{periodEnd}</dd>
        </div>
      </dl>

      <div className="settings-section__actions">
        {display === 'active' && subscription.planType ? (
          <button type="button" className="button button--secondary" onClick={() => setChangingTo(OTHER_PLAN[subscription.planType ?? 'monthlyBasic'])}>
            Change plan
          </button>
        ) : null}
        {display === 'active' ? (
          <button type="button" className="button button--danger" onClick={() => setConfirming('cancel')}>
            Cancel Subscription
          </button>
        ) : null}
        {display === 'canceling' ? (
          <button type="button" className="button button--primary" onClick={() => setConfirming('reactivate')}>
            Reactivate
          </button>
        ) : null}
        {canSubscribe ? (
          <Link className="button button--primary" to={paths.pricing.getHref()}>
            Subscribe Now
          </Link>
        ) : null}
      </div>

      {confirming === 'cancel' ? (
        <ConfirmationDialog
          title="Cancel Subscription"
          message={`Your subscription stays active until the end of the current billing period${periodNote}. Are you sure you want to cancel it`}
          question
          approveText="Cancel Subscription"
          cancelText="Keep Subscription"
          variant="delete"
          pending={pending}
          pendingText="Canceling..."
          onApprove={() => void run('cancel')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'reactivate' ? (
        <ConfirmationDialog
          title="Reactivate Subscription"
          message="Your subscription will renew automatically at the end of the current billing period. Do you want to reactivate it"
          question
          approveText="Reactivate"
          pending={pending}
          pendingText="Reactivating..."
          onApprove={() => void run('reactivate')}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {changingTo !== null ? <PlanChangeDialog planType={changingTo} onClose={() => setChangingTo(null)} /> : null}
      {failure !== null ? <InformationDialog title="Something went wrong" message={failure} onClose={() => setFailure(null)} /> : null}
    </section>
  );
}
