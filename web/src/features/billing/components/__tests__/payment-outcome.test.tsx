import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { rememberCheckoutReturn } from '@/lib/purchase-intent';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

describe('payment success screen', () => {
  it.each(['/success', '/payment/success'])(
    '%s shows "Loading payment details..." first, then the session ID under "Payment Details"',
    async (path) => {
      renderApp(`${path}?session_id=cs_test_a1B2c3`);

      expect(screen.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeInTheDocument();
      expect(screen.getByText('Loading payment details...')).toBeInTheDocument();

      const details = await screen.findByRole('region', { name: 'Payment Details' });
      expect(within(details).getByText('Session ID')).toBeInTheDocument();
      expect(within(details).getByText('cs_test_a1B2c3')).toBeInTheDocument();
      expect(screen.queryByText('Loading payment details...')).not.toBeInTheDocument();
    },
  );

  it('says the account is upgraded and the tokens may take a few minutes to appear', async () => {
    renderApp('/success?session_id=cs_1');

    expect(await screen.findByText(/Your account has been upgraded\./)).toHaveTextContent(
      /tokens will be added shortly; it may take a few minutes for them to appear/,
    );
  });

  it('makes no server call when signed out', async () => {
    const api = installFakeFetch();
    renderApp('/success?session_id=cs_1');

    await screen.findByRole('region', { name: 'Payment Details' });
    expect(api.calls).toEqual([]);
  });

  it('leads to the dashboard and back home', async () => {
    // The landing page it leads to reads the public configuration.
    installFakeFetch();
    const { user, router } = renderApp('/success?session_id=cs_1');

    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('payment success screen, signed in', () => {
  const outcome = (overrides: Record<string, unknown> = {}) => ({
    sessionId: 'cs_1',
    kind: 'tokens',
    planType: null,
    tokens: 150,
    total: 1.5,
    status: 'completed',
    balance: { subscriptionTokens: 460, additionalTokens: 190, unlimited: false },
    ...overrides,
  });

  it('names the tokens bought and the balance now, not "upgraded" or "a few minutes"', async () => {
    installFakeFetch({ 'GET /api/stripe/checkout/cs_1': { status: 200, body: outcome() } });
    storeToken(makeJwt());
    renderApp('/success?session_id=cs_1');

    expect(await screen.findByText('Thank you! 150 tokens were added to your account. You now have 650 tokens.')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Payment Details' });
    expect(within(details).getByText('150 tokens')).toBeInTheDocument();
    expect(within(details).getByText('$1.50')).toBeInTheDocument();
    expect(screen.queryByText(/upgraded|few minutes/)).not.toBeInTheDocument();
  });

  it('names the plan of a subscription', async () => {
    installFakeFetch({ 'GET /api/stripe/checkout/cs_1': { status: 200, body: outcome({ kind: 'subscription', planType: 'monthlyPro', tokens: 2000, total: 29, balance: { subscriptionTokens: 2000, additionalTokens: 0, unlimited: false } }) } });
    storeToken(makeJwt());
    renderApp('/success?session_id=cs_1');

    expect(await screen.findByText('Thank you! You are now on the Professional plan: 2,000 tokens every month. You now have 2,000 tokens.')).toBeInTheDocument();
  });

  it('says the payment is being confirmed, and turns to "added" by itself once it is', async () => {
    let confirmed = false;
    installFakeFetch({ 'GET /api/stripe/checkout/cs_1': () => ({ status: 200, body: outcome({ status: confirmed ? 'completed' : 'open' }) }) });
    storeToken(makeJwt());
    renderApp('/success?session_id=cs_1');

    expect(await screen.findByText(/Your payment is being confirmed: 150 tokens will be added shortly/)).toBeInTheDocument();
    confirmed = true;
    expect(await screen.findByText(/150 tokens were added to your account/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('offers the way back to the page the checkout began from', async () => {
    installFakeFetch({ 'GET /api/stripe/checkout/cs_1': { status: 200, body: outcome() } });
    storeToken(makeJwt());
    rememberCheckoutReturn('/dashboard/doc/42');
    renderApp('/success?session_id=cs_1');

    expect(await screen.findByRole('link', { name: 'Back to your documents' })).toHaveAttribute('href', '/dashboard/doc/42');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('payment cancelled screen', () => {
  it.each(['/cancel', '/payment/cancel'])('%s says the payment was cancelled and can be tried again', (path) => {
    renderApp(path);

    expect(screen.getByRole('heading', { name: 'Payment Cancelled', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No worries! You can try again anytime.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/cancel?type=tokens', '/dashboard/purchaseTokens'],
    ['/payment/cancel?type=tokens', '/dashboard/purchaseTokens'],
    ['/cancel?type=subscription', '/subscriptionPage'],
    ['/cancel', '/subscriptionPage'],
  ])('%s offers "Try Again" towards %s', (path, target) => {
    renderApp(path);

    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', target);
  });
});
