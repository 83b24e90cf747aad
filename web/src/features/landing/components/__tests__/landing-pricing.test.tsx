import { chosenPlan } from '@/lib/purchase-intent';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { basicPlan, proPlan, singleToken } from '@/test/fake-fetch';
import { aPublicConfig, installLandingApi } from './landing-test-kit';

function pricingSection() {
  return screen.getByRole('region', { name: 'Simple, Transparent Pricing' });
}

describe('landing page: pricing', () => {
  it('has the title, subtitle and tax note', () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(/^Simple, Transparent Pricing$/);
    expect(within(section).getByText('Choose the plan that fits your needs. No hidden fees, cancel anytime.')).toBeInTheDocument();
    expect(within(section).getByText('Tax included in prices')).toBeInTheDocument();
  });

  it('shows "Loading pricing..." while the prices load', async () => {
    const prices = heldReply();
    installLandingApi({ 'GET /api/stripe/prices': prices.handler });
    renderApp('/');

    expect(within(pricingSection()).getByText('Loading pricing...')).toBeInTheDocument();

    prices.release({ status: 200, body: [basicPlan, proPlan, singleToken] });
    expect(await within(pricingSection()).findByRole('heading', { name: 'Basic', level: 3 })).toBeInTheDocument();
    expect(within(pricingSection()).queryByText('Loading pricing...')).not.toBeInTheDocument();
  });

  it('shows the two plans, Basic first, with "Most Popular" on Professional and the price per token with 4 decimals', async () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    const names = await within(section).findAllByRole('heading', { level: 3 });
    expect(names.map((name) => name.textContent)).toEqual(['Basic', 'Professional', 'Need extra tokens ?']);

    const [basic, pro] = within(section).getAllByRole('listitem').filter((item) => item.classList.contains('pricing-card')) as [HTMLElement, HTMLElement];
    expect(within(basic).getByText('Explore our core features with limited usage')).toBeInTheDocument();
    expect(within(basic).getByText('$0.0180 per token')).toBeInTheDocument();
    expect(within(basic).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(basic).toHaveTextContent('$9/month');
    expect(basic).toHaveTextContent('500 tokens every month');

    expect(within(pro).getByText('Full-featured plan')).toBeInTheDocument();
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(within(pro).getByText('$0.0145 per token')).toBeInTheDocument();
    expect(pro).toHaveTextContent('$29/month');
    expect(pro).toHaveTextContent('2,000 tokens every month');

    for (const card of [basic, pro]) {
      expect(within(card).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    }
  });

  it('shows the single-token price under "Need extra tokens ?" and explains how tokens are counted', async () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    const extra = (await within(section).findByRole('heading', { name: 'Need extra tokens ?' })).parentElement as HTMLElement;
    expect(within(extra).getByText('$0.0200 per token')).toBeInTheDocument();
    expect(section).toHaveTextContent('How tokens are calculated: tokens are counted by the characters processed, one token per started 2,000 characters.');
  });

  it('goes to register from "Get Started"', async () => {
    installLandingApi();
    const { user, router } = renderApp('/');

    const [, proGetStarted] = await within(pricingSection()).findAllByRole('link', { name: 'Get Started' });
    await user.click(proGetStarted as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    // The plan of the card is carried to plan selection after sign-up.
    expect(chosenPlan()).toBe('monthlyPro');
  });

  it('shows "Failed to load pricing information" when the prices cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installLandingApi({ 'GET /api/stripe/prices': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } } });
    renderApp('/');

    expect(await within(pricingSection()).findByRole('alert')).toHaveTextContent(/^Failed to load pricing information$/);
    expect(within(pricingSection()).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the prices.', expect.anything());
  });

  it('counts an empty price list as a failure when billing is on', async () => {
    installLandingApi({ 'GET /api/stripe/prices': { status: 200, body: [] } });
    renderApp('/');

    expect(await within(pricingSection()).findByText('Failed to load pricing information')).toBeInTheDocument();
  });

  it('says that nothing is charged when billing is off on this installation', async () => {
    installLandingApi({
      'GET /api/stripe/prices': { status: 200, body: [] },
      'GET /api/public-config': { status: 200, body: { ...aPublicConfig, billing: 'off' } },
    });
    renderApp('/');

    expect(await within(pricingSection()).findByText(/This installation does not charge for use/)).toBeInTheDocument();
    expect(within(pricingSection()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(within(pricingSection()).queryByText('Failed to load pricing information')).not.toBeInTheDocument();
  });

  it('opens at the pricing section for /#subscription', async () => {
    installLandingApi();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp('/#subscription');

    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'subscription'));
    expect(scrollIntoView).toHaveBeenCalled();
  });
});
