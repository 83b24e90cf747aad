import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chosenPlan, rememberChosenPlan } from '@/lib/purchase-intent';
import { heldReply } from '@/test/fake-fetch';
import { captureAssignedLocations } from '@/test/navigation';
import { basicPlan, inactiveSubscription, installBillingApi as installAnyBillingApi, proPlan, renderSignedIn, serverError, singleToken } from './billing-test-kit';

const CHECKOUT = 'POST /api/stripe/create-checkout-session-subscritpion';

/** Plan selection as someone without a subscription sees it (a subscriber changes plan: plan-change tests). */
function installBillingApi(routes: Parameters<typeof installAnyBillingApi>[0] = {}) {
  return installAnyBillingApi({ 'GET /api/subscription/status': { status: 200, body: inactiveSubscription }, ...routes });
}

async function openPlans(routes: Parameters<typeof installBillingApi>[0] = {}) {
  const api = installBillingApi(routes);
  const view = renderSignedIn('/subscriptionPage');
  await screen.findByRole('radio', { name: 'Basic' });
  return { ...view, api };
}

describe('plan selection', () => {
  it('shows the monthly plans from the prices: name, description, price, tokens per month and price per token', async () => {
    await openPlans();

    expect(screen.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['monthlyBasic', 'monthlyPro']);

    const basic = screen.getByRole('radio', { name: 'Basic' });
    expect(basic).toHaveAccessibleDescription(/Explore our core features with limited usage/);
    expect(basic).toHaveAccessibleDescription(/\$9\.99\s*\/ month/);
    expect(basic).toHaveAccessibleDescription(/1,000 tokens per month/);
    expect(basic).toHaveAccessibleDescription(/\$0\.0100 per token/);

    const pro = screen.getByRole('radio', { name: 'Professional' });
    expect(pro).toHaveAccessibleDescription(/Full-featured plan/);
    expect(pro).toHaveAccessibleDescription(/\$29\.00/);
    expect(pro).toHaveAccessibleDescription(/5,000 tokens per month/);
    expect(pro).toHaveAccessibleDescription(/\$0\.0058 per token/);
  });

  it('preselects the plan picked on the landing page before sign-up, and forgets it once the checkout starts', async () => {
    const assigned = captureAssignedLocations();
    rememberChosenPlan('monthlyPro');
    const { user } = await openPlans({ [CHECKOUT]: { status: 200, body: { url: 'https://checkout.example/cs_1', sessionId: 'cs_1' } } });

    expect(screen.getByRole('radio', { name: 'Professional' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assigned).toEqual(['https://checkout.example/cs_1']));
    expect(chosenPlan()).toBeNull();
  });

  it('keeps "Continue to Payment" disabled until a plan is chosen', async () => {
    const { user } = await openPlans();
    const proceed = screen.getByRole('button', { name: 'Continue to Payment' });
    expect(proceed).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Professional' }));

    expect(screen.getByRole('radio', { name: 'Professional' })).toBeChecked();
    expect(proceed).toBeEnabled();
  });

  it('can be chosen with the keyboard', async () => {
    const { user } = await openPlans();

    await user.tab(); // the brand link in the top bar
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Basic' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Basic' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Professional' })).toBeChecked();
  });

  it('creates a checkout for the chosen plan and sends the browser to its url', async () => {
    const assigned = captureAssignedLocations();
    const checkout = heldReply();
    const { user, api } = await openPlans({ [CHECKOUT]: checkout.handler });

    await user.click(screen.getByRole('radio', { name: 'Basic' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    // Processing: the button stays disabled until the browser leaves.
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    checkout.release({ status: 200, body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1', sessionId: 'cs_test_1' } });

    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']));
    expect(api.bodiesOf(CHECKOUT)).toEqual([{ priceType: 'monthlyBasic' }]);
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  });

  it('accepts a checkout page on the app itself (the local test-mode checkout)', async () => {
    const assigned = captureAssignedLocations();
    const { user } = await openPlans({ [CHECKOUT]: { status: 200, body: { url: '/local-checkout/cs_local_1', sessionId: 'cs_local_1' } } });

    await user.click(screen.getByRole('radio', { name: 'Professional' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await waitFor(() => expect(assigned).toEqual(['/local-checkout/cs_local_1']));
  });

  it('explains a 409: there is already an active subscription', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assigned = captureAssignedLocations();
    const { user } = await openPlans({ [CHECKOUT]: serverError(409, 'Already subscribed.') });

    await user.click(screen.getByRole('radio', { name: 'Professional' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'You already have an active subscription. Please cancel your current subscription before purchasing a new one.',
      ),
    ).toBeInTheDocument();
    expect(assigned).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it.each([
    ['a server error', serverError(500, 'Stripe is down.')],
    ['an answer without a url', { status: 200, body: {} }],
    ['an address the browser must not open', { status: 200, body: { url: 'javascript:alert(1)', sessionId: 'cs_1' } }],
  ])('shows the generic checkout failure for %s and enables the button again', async (_case, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assigned = captureAssignedLocations();
    const { user } = await openPlans({ [CHECKOUT]: reply });

    await user.click(screen.getByRole('radio', { name: 'Basic' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Failed to start checkout process. Please try again.')).toBeInTheDocument();
    expect(assigned).toEqual([]);
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('shows the error text when the plans cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installBillingApi({ 'GET /api/stripe/prices': serverError(503, 'Pricing is not configured.') });
    renderSignedIn('/subscriptionPage');

    expect(await screen.findByRole('alert')).toHaveTextContent('Pricing is not configured.');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  });

  it.each([
    ['the load fails without a message', { status: 500 }],
    ['there is no plan among the prices', { status: 200, body: [singleToken] }],
  ])('shows "Plan not available" when %s', async (_case, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installBillingApi({ 'GET /api/stripe/prices': reply });
    renderSignedIn('/subscriptionPage');

    expect(await screen.findByRole('alert')).toHaveTextContent('Plan not available');
  });

  it('loads the plans again from "Try again" after a failed load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = installBillingApi({ 'GET /api/stripe/prices': { status: 500 } });
    const { user } = renderSignedIn('/subscriptionPage');
    expect(await screen.findByRole('alert')).toHaveTextContent('Plan not available');

    api.on('GET /api/stripe/prices', { status: 200, body: [basicPlan, proPlan] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs out: calls the server, clears the token and goes to /', async () => {
    const { user, api, router } = await openPlans({ 'POST /api/logout': { status: 204 } });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  it('clears the token and goes to / even when the logout call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, router } = await openPlans({ 'POST /api/logout': serverError(500) });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Automate mail handling in seconds' })).toBeInTheDocument();
  });

  it('is where /pricing and /subscription-required lead a signed-in user', async () => {
    installBillingApi();
    const { user, router } = renderSignedIn('/subscription-required');

    await user.click(await screen.findByRole('link', { name: 'Choose Your Plan' }));

    expect(await screen.findByRole('radio', { name: 'Basic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptionPage');
  });
});

describe('plan selection for a subscriber', () => {
  it('offers the other plan as a change, with the confirm dialog instead of a checkout', async () => {
    const preview = {
      currentPlan: 'monthlyPro',
      newPlan: 'monthlyBasic',
      change: 'downgrade',
      currentTokensPerMonth: 5000,
      newTokensPerMonth: 1000,
      tokensAddedNow: 0,
      amountDueNow: 0,
      tokensFrom: '2026-12-21T10:00:00.000Z',
      nextRenewalAt: '2026-12-21T10:00:00.000Z',
      nextRenewalAmount: 9.99,
      prorationDate: '2026-11-25T09:00:00.000Z',
    };
    const api = installAnyBillingApi({ 'GET /api/subscription/plan-change': { status: 200, body: preview } });
    const { user } = renderSignedIn('/subscriptionPage');
    await screen.findByRole('radio', { name: 'Basic' });

    expect(await screen.findByText(/You are on the Professional plan\./)).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change Plan' });
    await user.click(screen.getByRole('radio', { name: 'Professional' }));
    expect(change).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Basic' }));
    await user.click(change);

    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Basic' });
    expect(dialog).toHaveTextContent('from then on you pay $9.99 a month for 1,000 tokens.');
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });
});
