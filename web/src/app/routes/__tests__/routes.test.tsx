import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, type Reply } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

const noSuchDocument: Reply = { status: 404, body: { error: { code: 'DOCUMENT.NOT_FOUND', message: 'Document not found.' } } };

describe('not-found screen', () => {
  it('shows the not-found texts for an unknown path and leads back to the main page', async () => {
    installFakeFetch();
    const { user, router } = renderApp('/no/such/page');

    expect(screen.getByRole('heading', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find what you searched for. Try searching again.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to Main Page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('route table', () => {
  it.each([
    ['/', 'Automate mail handling in seconds'],
    ['/termsOfUse', 'Terms of Use'],
    ['/privacyPolicy', 'Privacy Policy'],
    ['/success', 'Payment Successful'],
    ['/payment/success', 'Payment Successful'],
    ['/cancel', 'Payment Cancelled'],
    ['/payment/cancel', 'Payment Cancelled'],
  ])('shows %s to a guest', async (path, title) => {
    // The public pages read the install's configuration and the prices; no token is stored.
    installFakeFetch();
    renderApp(path);

    // The legal pages load on demand (lazy routes).
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Documents'],
    ['/dashboard/docs', 'Documents'],
    // The fake API knows no documents: the details page answers with its Polish not-found text.
    ['/dashboard/doc/abc-123', 'Nie znaleziono dokumentu.'],
    ['/dashboard/usage', 'Usage'],
    ['/usage', 'Usage'],
    ['/dashboard/settings', 'Settings'],
    ['/settings', 'Settings'],
    ['/dashboard/purchaseTokens', 'Purchase Tokens'],
    ['/project/p-1', 'Nie znaleziono dokumentu.'],
    ['/subscription', 'Subscription'],
    ['/subscriptionPage', 'Choose Your Plan'],
    ['/subscription-required', 'Subscription required'],
    ['/payment', 'Payment'],
    ['/onboarding', 'Getting started'],
    ['/onboarding-after-signup', 'Welcome to Mailscribe'],
  ])('shows %s to a signed-in user', async (path, title) => {
    // The two details pages find no document: that failure is logged.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeFetch({ 'GET /api/getDocumentDetails/abc-123': noSuchDocument, 'GET /api/getDocumentDetails/p-1': noSuchDocument });
    storeToken(makeJwt());
    renderApp(path);

    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
  });

  it.each(['/dashboard/usage', '/settings', '/subscription', '/subscriptionPage', '/payment', '/onboarding', '/project/x'])(
    'keeps guests out of %s',
    async (path) => {
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    },
  );

  it('sends a guest from /pricing to the pricing section of the landing page', async () => {
    installFakeFetch();
    const { router } = renderApp('/pricing');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#subscription');
    expect(screen.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeInTheDocument();
  });

  it('sends a signed-in user from /pricing to plan selection', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    const { router } = renderApp('/pricing');

    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptionPage');
  });

  it('sends a signed-in visitor of the landing page to the dashboard', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets a guest reach sign-in and sign-up from the landing page', () => {
    renderApp('/');

    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Start' })[0]).toHaveAttribute('href', '/register');
  });

  it('offers "Try Again" towards token purchase after a cancelled token checkout', () => {
    renderApp('/cancel?type=tokens');

    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/dashboard/purchaseTokens');
  });

  it('offers "Try Again" towards plan selection after a cancelled subscription checkout', () => {
    renderApp('/cancel?type=subscription');

    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/subscriptionPage');
  });
});

describe('auth check pages', () => {
  it('/auth verifies the session and opens the dashboard', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    const { router } = renderApp('/auth');

    expect(screen.getByRole('heading', { name: 'Verifying authentication...' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('/auth goes to /login when there is no session', async () => {
    const { router } = renderApp('/auth');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('/afterEnterAppCheck verifies the session and opens the dashboard', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    const { router } = renderApp('/afterEnterAppCheck');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
