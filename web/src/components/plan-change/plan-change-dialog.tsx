import { useEffect, useId, useState } from 'react';
import { Modal } from '@/components/ui/dialog/modal';
import { Spinner } from '@/components/ui/spinner/spinner';
import { toast } from '@/components/ui/toast/toast-store';
import { formatLongDate, formatUsd } from '@/lib/format';
import { useChangePlan, usePlanChangePreview, type PlanChangePreview } from '@/lib/plan-change';
import { serverMessageOf } from '@/lib/server-message';
import { PLAN_NAMES, type PlanType } from '@/lib/subscription-status';
import './plan-change-dialog.css';

export const PREVIEW_FAILED_MESSAGE = 'Could not work out the plan change. Please try again.';
export const CHANGE_FAILED_MESSAGE = 'Failed to change the plan. Please try again.';

const count = (value: number) => value.toLocaleString('en-US');

/** The sentence that says what changes, when, and what it costs. */
export function planChangeSummary(preview: PlanChangePreview): string {
  const plan = PLAN_NAMES[preview.newPlan];
  const renewal = formatLongDate(preview.nextRenewalAt);
  const next = `${formatUsd(preview.nextRenewalAmount, 2)} a month for ${count(preview.newTokensPerMonth)} tokens`;
  if (preview.change === 'upgrade') {
    return `Your plan changes to ${plan} now. You pay ${formatUsd(preview.amountDueNow, 2)} today for the rest of this billing period, and ${count(preview.tokensAddedNow)} tokens are added right away. From ${renewal} you pay ${next}.`;
  }
  return `Your plan changes to ${plan} now, with nothing charged or refunded. You keep this period's tokens until ${renewal}; from then on you pay ${next}.`;
}

type PlanChangeDialogProps = {
  planType: PlanType;
  onClose: () => void;
  /** After a successful change (the dialog has closed itself through onClose too). */
  onChanged?: () => void;
};

/**
 * Confirm screen of a plan change (Basic ↔ Professional): asks the server what the change does and
 * costs right now, shows it, and changes the plan on Confirm. The outcome is a toast; the refreshed
 * subscription and balance show wherever they are on screen.
 */
export function PlanChangeDialog({ planType, onClose, onChanged }: PlanChangeDialogProps) {
  const titleId = useId();
  const summaryId = useId();
  const preview = usePlanChangePreview(planType);
  const change = useChangePlan();
  const [failure, setFailure] = useState<string | null>(null);
  const [previewFailure, setPreviewFailure] = useState<string | null>(null);
  const pending = change.isPending;

  // The server's message (e.g. "reactivate it first") is in the error's body, read asynchronously.
  const previewError = preview.error;
  useEffect(() => {
    if (!previewError) return;
    let current = true;
    void serverMessageOf(previewError).then((message) => {
      if (current) setPreviewFailure(message ?? PREVIEW_FAILED_MESSAGE);
    });
    return () => {
      current = false;
    };
  }, [previewError]);

  async function confirm(quote: PlanChangePreview) {
    setFailure(null);
    try {
      const result = await change.mutateAsync({ planType, prorationDate: quote.prorationDate });
      const added = result.tokensAdded > 0 ? ` ${count(result.tokensAdded)} tokens were added.` : '';
      toast.success(`Your plan is now ${PLAN_NAMES[result.newPlan]}.${added}`);
      onClose();
      onChanged?.();
    } catch (error) {
      console.warn('Could not change the plan.', error);
      setFailure((await serverMessageOf(error)) ?? CHANGE_FAILED_MESSAGE);
    }
  }

  const title = preview.data ? `${preview.data.change === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${PLAN_NAMES[planType]}` : `Change to ${PLAN_NAMES[planType]}`;

  let body;
  if (preview.data) {
    const quote = preview.data;
    body = (
      <>
        <p id={summaryId} className="modal__message">
          {planChangeSummary(quote)}
        </p>
        <dl className="plan-change__facts">
          <div className="plan-change__row">
            <dt>New plan</dt>
            <dd>{PLAN_NAMES[quote.newPlan]}</dd>
          </div>
          <div className="plan-change__row">
            <dt>Tokens per month</dt>
            <dd>
              {count(quote.currentTokensPerMonth)} → {count(quote.newTokensPerMonth)}
            </dd>
          </div>
          <div className="plan-change__row">
            <dt>Charged now</dt>
            <dd>{formatUsd(quote.amountDueNow, 2)}</dd>
          </div>
          <div className="plan-change__row">
            <dt>Takes effect</dt>
            <dd>{quote.change === 'upgrade' ? 'Now' : `Now; tokens from ${formatLongDate(quote.tokensFrom)}`}</dd>
          </div>
          <div className="plan-change__row">
            <dt>Next renewal</dt>
            <dd>
              {formatUsd(quote.nextRenewalAmount, 2)} on {formatLongDate(quote.nextRenewalAt)}
            </dd>
          </div>
        </dl>
        {failure !== null ? (
          <p className="plan-change__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => void confirm(quote)} disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Changing plan...' : `Confirm ${quote.change}`}
          </button>
        </div>
      </>
    );
  } else if (preview.isError) {
    body = (
      <>
        <p id={summaryId} className="plan-change__failure" role="alert">
          {previewFailure ?? 'Checking what went wrong...'}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </>
    );
  } else {
    body = (
      <div id={summaryId} className="plan-change__loading" role="status">
        <Spinner size="small" />
        <span>Working out the change...</span>
      </div>
    );
  }

  return (
    <Modal titleId={titleId} descriptionId={summaryId} onEscape={pending ? undefined : onClose} busy={pending}>
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      {body}
    </Modal>
  );
}
