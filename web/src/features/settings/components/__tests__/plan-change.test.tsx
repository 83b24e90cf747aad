import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlanChangePreview } from '@/lib/plan-change';
import { aSubscription, openSettings } from './settings-test-kit';

const STATUS = 'GET /api/subscription/status';
const PREVIEW = 'GET /api/subscription/plan-change';
const CHANGE = 'POST /api/subscription/change-plan';

const upgrade: PlanChangePreview = {
  currentPlan: 'monthlyBasic',
  newPlan: 'monthlyPro',
  change: 'upgrade',
  currentTokensPerMonth: 500,
  newTokensPerMonth: 2000,
  tokensAddedNow: 1500,
  amountDueNow: 10,
  tokensFrom: '2026-11-25T09:00:00.000Z',
  nextRenewalAt: '2026-12-21T10:00:00.000Z',
  nextRenewalAmount: 29,
  prorationDate: '2026-11-25T09:00:00.000Z',
};

const downgrade: PlanChangePreview = {
  ...upgrade,
  currentPlan: 'monthlyPro',
  newPlan: 'monthlyBasic',
  change: 'downgrade',
  currentTokensPerMonth: 2000,
  newTokensPerMonth: 500,
  tokensAddedNow: 0,
  amountDueNow: 0,
  tokensFrom: '2026-12-21T10:00:00.000Z',
  nextRenewalAmount: 9,
};

const basic = aSubscription({ planType: 'monthlyBasic', monthlyPrice: 9 });
const pro = aSubscription({ planType: 'monthlyPro', monthlyPrice: 29, subscriptionTokens: 2000, maxSubscriptionTokens: 2000 });

function factOf(dialog: HTMLElement, label: string) {
  return within(dialog).getByText(label).nextElementSibling?.textContent;
}

describe('settings: change plan', () => {
  it('states the upgrade before confirming: plan, tokens, amount now, when, next renewal', async () => {
    const { user, api } = await openSettings({ [STATUS]: { status: 200, body: basic }, [PREVIEW]: { status: 200, body: upgrade } });

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    expect(api.callsTo(PREVIEW)[0]?.query).toEqual({ planType: 'monthlyPro' });
    expect(dialog).toHaveTextContent(
      'Your plan changes to Professional now. You pay $10.00 today for the rest of this billing period, and 1,500 tokens are added right away. From December 21, 2026 you pay $29.00 a month for 2,000 tokens.',
    );
    expect(factOf(dialog, 'New plan')).toBe('Professional');
    expect(factOf(dialog, 'Tokens per month')).toBe('500 → 2,000');
    expect(factOf(dialog, 'Charged now')).toBe('$10.00');
    expect(factOf(dialog, 'Takes effect')).toBe('Now');
    expect(factOf(dialog, 'Next renewal')).toBe('$29.00 on December 21, 2026');
    expect(api.callsTo(CHANGE)).toHaveLength(0);
  });

  it('changes the plan on Confirm, says so, and shows the refreshed subscription', async () => {
    const { user, api } = await openSettings({
      [STATUS]: { status: 200, body: basic },
      [PREVIEW]: { status: 200, body: upgrade },
      [CHANGE]: { status: 200, body: { change: 'upgrade', newPlan: 'monthlyPro', amountCharged: 10, tokensAdded: 1500, status: pro } },
    });

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    api.on(STATUS, { status: 200, body: pro });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));

    expect(await screen.findByText('Your plan is now Professional. 1,500 tokens were added.')).toBeInTheDocument();
    expect(api.bodiesOf(CHANGE)).toEqual([{ planType: 'monthlyPro', prorationDate: '2026-11-25T09:00:00.000Z' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Subscription' }));
    await waitFor(() => expect(section.getByText('Plan').nextElementSibling).toHaveTextContent('Professional'));
    expect(section.getByText('Monthly price').nextElementSibling).toHaveTextContent('$29.00');
  });

  it('explains a downgrade: nothing charged, tokens kept until the renewal', async () => {
    const { user, api } = await openSettings({ [PREVIEW]: { status: 200, body: downgrade } });

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Basic' });
    expect(api.callsTo(PREVIEW)[0]?.query).toEqual({ planType: 'monthlyBasic' });
    expect(dialog).toHaveTextContent(
      "Your plan changes to Basic now, with nothing charged or refunded. You keep this period's tokens until December 21, 2026; from then on you pay $9.00 a month for 500 tokens.",
    );
    expect(factOf(dialog, 'Charged now')).toBe('$0.00');
    expect(factOf(dialog, 'Takes effect')).toBe('Now; tokens from December 21, 2026');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(CHANGE)).toHaveLength(0);
  });

  it('shows the server\'s reason when the change is refused, and keeps the dialog open', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message = 'The payment for the upgrade did not go through, so your plan is unchanged. Update your card in Settings and try again.';
    const { user } = await openSettings({
      [STATUS]: { status: 200, body: basic },
      [PREVIEW]: { status: 200, body: upgrade },
      [CHANGE]: { status: 402, body: { error: { code: 'BILLING.PLAN_CHANGE_PAYMENT_FAILED', message } } },
    });

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Professional' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Confirm upgrade' })).toBeEnabled();
  });

  it('shows why a preview is refused', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const message = 'Your subscription is set to end on December 21, 2026. Reactivate it first, then change the plan.';
    const { user } = await openSettings({ [PREVIEW]: { status: 409, body: { error: { code: 'BILLING.PLAN_CHANGE_CANCELING', message } } } });

    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Basic' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
  });

  it('offers no plan change without an active subscription, or while canceling', async () => {
    await openSettings({ [STATUS]: { status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) } });
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
  });
});
