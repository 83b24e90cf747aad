import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStateKeys } from '@/lib/query-keys';
import { tokenLevel } from '@/lib/token-state';
import { aTokenState, anActiveSubscription, installFakeFetch, type Reply } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import { buyTokensHref, tokenBannerText } from '../token-banner';

const stateReply = (overrides: Partial<typeof aTokenState> = {}): Reply => ({ status: 200, body: { tokenState: { ...aTokenState, ...overrides } } });
const state = (overrides: Partial<typeof aTokenState> = {}) => ({ ...aTokenState, ...overrides });

async function renderPage(reply: Reply, url = '/dashboard/settings', routes: Record<string, Reply> = {}) {
  const api = installFakeFetch({ 'GET /api/tokens/state': reply, ...routes });
  storeToken(makeJwt());
  const view = renderApp(url);
  await screen.findByRole('region', { name: 'Tokens' });
  return { ...view, api };
}

/** The banner: the live region at the top of the page's content. */
function banner(): HTMLElement {
  const region = screen.getAllByRole('status').find((element) => element.classList.contains('token-banner'));
  if (!region) throw new Error('no token banner region');
  return region;
}

describe('the balance’s level', () => {
  it('is normal above 10% of the period’s allowance left, a warning at 10% or less, an alert at none left', () => {
    expect(tokenLevel(state({ subscriptionTokens: 51, maxSubscriptionTokens: 500, additionalTokens: 0 }))).toBe('normal');
    expect(tokenLevel(state({ subscriptionTokens: 50, maxSubscriptionTokens: 500, additionalTokens: 0 }))).toBe('warning');
    expect(tokenLevel(state({ subscriptionTokens: 42, maxSubscriptionTokens: 500, additionalTokens: 0 }))).toBe('warning');
    expect(tokenLevel(state({ subscriptionTokens: 0, maxSubscriptionTokens: 500, additionalTokens: 0 }))).toBe('alert');
  });

  it('counts the additional tokens as left', () => {
    expect(tokenLevel(state({ subscriptionTokens: 0, maxSubscriptionTokens: 500, additionalTokens: 60 }))).toBe('normal');
  });

  it('is an alert whenever mail is held, whatever the balance', () => {
    expect(tokenLevel(state({ subscriptionTokens: 400, maxSubscriptionTokens: 500, heldMails: 1 }))).toBe('alert');
  });

  it('is always normal with billing off', () => {
    expect(tokenLevel(state({ unlimited: true, subscriptionTokens: 0, maxSubscriptionTokens: 0, additionalTokens: 0, heldMails: 0 }))).toBe('normal');
  });
});

describe('the banner’s words', () => {
  it('counts the waiting mail, one or many', () => {
    expect(tokenBannerText(state({ subscriptionTokens: 0, heldMails: 1 }))).toBe('1 mail waiting');
    expect(tokenBannerText(state({ subscriptionTokens: 0, heldMails: 3 }))).toBe('3 mails waiting');
  });

  it('says how few tokens are left, or that none are, and nothing when the balance is fine', () => {
    expect(tokenBannerText(state({ subscriptionTokens: 42, additionalTokens: 0 }))).toBe('Only 42 tokens left');
    expect(tokenBannerText(state({ subscriptionTokens: 0, additionalTokens: 0 }))).toBe('No tokens left');
    expect(tokenBannerText(state())).toBeNull();
  });

  it('sends "Buy tokens" to the purchase page with a plan, to the plans without one', () => {
    expect(buyTokensHref({ isActive: true, billingDisabled: false })).toBe('/dashboard/purchaseTokens');
    expect(buyTokensHref({ isActive: false, billingDisabled: false })).toBe('/subscriptionPage');
  });
});

describe('the token banner on signed-in pages', () => {
  it('shows "N mails waiting — Buy tokens" while mail is held, linking to the purchase page', async () => {
    const { router, user } = await renderPage(stateReply({ subscriptionTokens: 0, additionalTokens: 0, heldMails: 2 }));

    await waitFor(() => expect(banner()).toHaveTextContent('2 mails waiting — Buy tokens'));
    await user.click(within(banner()).getByRole('link', { name: 'Buy tokens' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/purchaseTokens'));
  });

  it('says "1 mail waiting" for one', async () => {
    await renderPage(stateReply({ subscriptionTokens: 0, additionalTokens: 0, heldMails: 1 }));
    await waitFor(() => expect(banner()).toHaveTextContent('1 mail waiting — Buy tokens'));
  });

  it('sends a user without a plan to the plans', async () => {
    await renderPage(stateReply({ subscriptionTokens: 0, maxSubscriptionTokens: 0, additionalTokens: 0, heldMails: 1 }), '/dashboard/settings', {
      'GET /api/subscription/status': { status: 200, body: { ...anActiveSubscription, isActive: false, subscriptionStatus: 'none' } },
    });
    await waitFor(() => expect(within(banner()).getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/subscriptionPage'));
  });

  it('warns at 10% left and goes away once tokens are added (a live balance event refetches it)', async () => {
    const { api, queryClient } = await renderPage(stateReply({ subscriptionTokens: 42, maxSubscriptionTokens: 500, additionalTokens: 0 }));
    await waitFor(() => expect(banner()).toHaveTextContent('Only 42 tokens left — Buy tokens'));
    api.on('GET /api/tokens/state', stateReply({ subscriptionTokens: 42, maxSubscriptionTokens: 500, additionalTokens: 500 }));

    await act(() => queryClient.invalidateQueries({ queryKey: tokenStateKeys.all }));

    await waitFor(() => expect(banner()).toBeEmptyDOMElement());
  });

  it('shows nothing while the balance is fine', async () => {
    const { api } = await renderPage(stateReply());
    await waitFor(() => expect(api.callsTo('GET /api/tokens/state').length).toBeGreaterThan(0));
    expect(banner()).toBeEmptyDOMElement();
  });
});
