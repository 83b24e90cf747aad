import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

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

  it('makes no server call', async () => {
    const api = installFakeFetch();
    renderApp('/success?session_id=cs_1');

    await screen.findByRole('region', { name: 'Payment Details' });
    expect(api.calls).toEqual([]);
  });

  it('leads to the dashboard and back home', async () => {
    const { user, router } = renderApp('/success?session_id=cs_1');

    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
