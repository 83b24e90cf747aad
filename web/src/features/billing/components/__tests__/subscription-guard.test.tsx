import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { aSubscription, inactiveSubscription, installBillingApi, renderSignedIn } from './billing-test-kit';

describe('subscription guard', () => {
  it('shows "Loading subscirption ..." while the status loads, then the page when the subscription is active', async () => {
    const status = heldReply();
    installBillingApi({ 'GET /api/subscription/status': status.handler });
    renderSignedIn('/dashboard');

    expect(await screen.findByText('Loading subscirption ...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();

    status.release({ status: 200, body: aSubscription() });

    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Loading subscirption ...')).not.toBeInTheDocument();
  });

  it.each([
    ['no subscription', inactiveSubscription],
    ['a past-due subscription', aSubscription({ isActive: false, subscriptionStatus: 'past_due' })],
    ['a canceled subscription', aSubscription({ isActive: false, subscriptionStatus: 'canceled' })],
  ])('replaces the location with plan selection for %s', async (_case, subscription) => {
    installBillingApi({ 'GET /api/subscription/status': { status: 200, body: subscription } });
    const { router } = renderSignedIn('/dashboard/usage', { history: ['/somewhere-before'] });

    expect(await screen.findByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptionPage');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Usage' })).not.toBeInTheDocument();
  });

  it('treats a failed status load as inactive', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installBillingApi({ 'GET /api/subscription/status': { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } });
    const { router } = renderSignedIn('/dashboard/docs');

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptionPage'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders every page when billing is switched off, whatever the subscription', async () => {
    installBillingApi({
      'GET /api/subscription/status': { status: 200, body: { ...inactiveSubscription, billingDisabled: true } },
    });
    const { router } = renderSignedIn('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('guards token purchase too', async () => {
    installBillingApi({ 'GET /api/subscription/status': { status: 200, body: inactiveSubscription } });
    const { router } = renderSignedIn('/dashboard/purchaseTokens');

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptionPage'));
  });

  it('leaves settings reachable without a subscription, so "Subscribe Now" can be offered', async () => {
    const api = installBillingApi({
      'GET /api/subscription/status': { status: 200, body: inactiveSubscription },
      'GET /api/subscription/payment-methods': { status: 200, body: [] },
    });
    const { router } = renderSignedIn('/dashboard/settings');

    expect(await screen.findByText('No Subscription')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(api.callsTo('GET /api/subscription/status')).toHaveLength(1);
  });
});
