import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { aSubscription, openSettings, serverError } from './settings-test-kit';

const STATUS = 'GET /api/subscription/status';

function subscriptionSection() {
  return within(screen.getByRole('region', { name: 'Subscription' }));
}

function valueOf(label: string) {
  return subscriptionSection().getByText(label).nextElementSibling?.textContent;
}

describe('settings: subscription', () => {
  it.each([
    ['Active', { subscriptionStatus: 'active', cancelAtPeriodEnd: false }],
    ['Canceling', { subscriptionStatus: 'active', cancelAtPeriodEnd: true }],
    ['No Subscription', { isActive: false, subscriptionStatus: 'none', cancelAtPeriodEnd: false }],
    ['Canceled', { isActive: false, subscriptionStatus: 'canceled', cancelAtPeriodEnd: false }],
    ['Canceled', { isActive: false, subscriptionStatus: 'past_due', cancelAtPeriodEnd: false }],
  ])('labels the status "%s" for %o', async (label, fields) => {
    await openSettings({ [STATUS]: { status: 200, body: aSubscription(fields) } });

    expect(valueOf('Status')).toBe(label);
  });

  it('shows the monthly price, the plan and the period end as a long-form US date', async () => {
    await openSettings({
      [STATUS]: { status: 200, body: aSubscription({ monthlyPrice: 19, planType: 'monthlyPro', currentPeriodEnd: '2026-12-21T10:00:00.000Z' }) },
    });

    expect(valueOf('Monthly price')).toBe('$19.00');
    expect(valueOf('Plan')).toBe('Professional');
    expect(valueOf('Renews on')).toBe('December 21, 2026');
  });

  it('shows "-" for a missing price and period end', async () => {
    await openSettings({
      [STATUS]: {
        status: 200,
        body: aSubscription({ isActive: false, subscriptionStatus: 'none', monthlyPrice: null, currentPeriodEnd: null, planType: null }),
      },
    });

    expect(valueOf('Monthly price')).toBe('-');
    expect(valueOf('Current period ends')).toBe('-');
    expect(subscriptionSection().queryByText('Plan')).not.toBeInTheDocument();
  });

  it('cancels after a confirmation that it stays active until the period ends, then refetches', async () => {
    const { user, api } = await openSettings({ 'POST /api/subscription/cancel': { status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) } });

    await user.click(subscriptionSection().getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    expect(dialog).toHaveTextContent(
      'Your subscription stays active until the end of the current billing period (December 21, 2026). Are you sure you want to cancel it?',
    );

    api.on(STATUS, { status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText('Subscription canceled. It will remain active until December 21, 2026')).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscription/cancel')).toHaveLength(1);
    await waitFor(() => expect(valueOf('Status')).toBe('Canceling'));
    expect(api.callsTo(STATUS)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(subscriptionSection().getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(valueOf('Active until')).toBe('December 21, 2026');
  });

  it('keeps the subscription when the confirmation is dismissed', async () => {
    const { user, api } = await openSettings();

    await user.click(subscriptionSection().getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Keep Subscription' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/subscription/cancel')).toHaveLength(0);
  });

  it('disables the confirmation while the cancellation runs', async () => {
    const cancel = heldReply();
    const { user } = await openSettings({ 'POST /api/subscription/cancel': cancel.handler });

    await user.click(subscriptionSection().getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));

    expect(screen.getByRole('button', { name: 'Canceling...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep Subscription' })).toBeDisabled();
    cancel.release({ status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Failed to cancel subscription. Please try again." when the cancellation fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, api } = await openSettings({ 'POST /api/subscription/cancel': serverError(409) });

    await user.click(subscriptionSection().getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));

    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Failed to cancel subscription. Please try again.');
    expect(valueOf('Status')).toBe('Active');
    expect(api.callsTo(STATUS)).toHaveLength(1);
  });

  it('reactivates a canceling subscription after a confirmation, then refetches', async () => {
    const { user, api } = await openSettings({
      [STATUS]: { status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) },
      'POST /api/subscription/reactivate': { status: 200, body: aSubscription() },
    });
    expect(subscriptionSection().queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();

    await user.click(subscriptionSection().getByRole('button', { name: 'Reactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Reactivate Subscription' });
    api.on(STATUS, { status: 200, body: aSubscription() });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByText('Subscription reactivated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(valueOf('Status')).toBe('Active'));
    expect(api.callsTo('POST /api/subscription/reactivate')).toHaveLength(1);
    expect(api.callsTo(STATUS)).toHaveLength(2);
  });

  it('says "Failed to reactivate subscription. Please try again." when reactivation fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openSettings({
      [STATUS]: { status: 200, body: aSubscription({ cancelAtPeriodEnd: true }) },
      'POST /api/subscription/reactivate': serverError(500),
    });

    await user.click(subscriptionSection().getByRole('button', { name: 'Reactivate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Failed to reactivate subscription. Please try again.');
    expect(valueOf('Status')).toBe('Canceling');
  });

  it('offers "Subscribe Now" without a subscription, which goes to /pricing and on to plan selection', async () => {
    const { user, router } = await openSettings({
      [STATUS]: { status: 200, body: aSubscription({ isActive: false, subscriptionStatus: 'none' }) },
    });

    const subscribe = subscriptionSection().getByRole('link', { name: 'Subscribe Now' });
    expect(subscribe).toHaveAttribute('href', '/pricing');
    await user.click(subscribe);

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptionPage'));
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
  });

  it('offers no cancel or reactivate action for a past-due subscription', async () => {
    await openSettings({ [STATUS]: { status: 200, body: aSubscription({ isActive: false, subscriptionStatus: 'past_due' }) } });

    expect(subscriptionSection().queryByRole('button')).not.toBeInTheDocument();
    expect(subscriptionSection().queryByRole('link')).not.toBeInTheDocument();
  });
});
