import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply, networkFailure } from '@/test/fake-fetch';
import { captureAssignedLocations } from '@/test/navigation';
import { aSubscription, installBillingApi, renderSignedIn, serverError } from './billing-test-kit';

const CHECKOUT = 'POST /api/stripe/create-custom-token-checkout';
const PRICE = 'GET /api/stripe/price/singleToken';

async function openPurchase(routes: Parameters<typeof installBillingApi>[0] = {}) {
  const api = installBillingApi(routes);
  const view = renderSignedIn('/dashboard/purchaseTokens');
  const input = await screen.findByLabelText('Token amount');
  return { ...view, api, input };
}

function summary() {
  return within(screen.getByRole('region', { name: 'Summary' }));
}

function totalText() {
  return summary().getByText('Total').nextElementSibling?.textContent;
}

describe('purchase tokens', () => {
  it('shows the price per token and starts at 1000 tokens', async () => {
    const { input } = await openPurchase();

    expect(screen.getByRole('heading', { name: 'Purchase Tokens', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Price per token', { selector: 'p' })).toHaveTextContent('$0.01');
    expect(input).toHaveValue(1000);
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '1000000');
    expect(input).toHaveAttribute('step', '100');
    expect(totalText()).toBe('$10.00');
    expect(summary().queryByText("You'll receive")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled();
  });

  it('says the most one purchase can buy before the server is asked, and keeps Purchase disabled', async () => {
    const { user, input, api } = await openPurchase();

    await user.clear(input);
    await user.type(input, '2000000');

    expect(screen.getByRole('alert')).toHaveTextContent('You can buy at most 1,000,000 tokens at once.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '1000000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it('offers the quick-select amounts 100, 150, 300, 500 and 1000', async () => {
    const { user, input } = await openPurchase();
    const quick = within(screen.getByRole('group', { name: 'Quick select' }));

    expect(quick.getAllByRole('button').map((button) => button.textContent)).toEqual(['100', '150', '300', '500', '1,000']);
    expect(quick.getByRole('button', { name: '1,000' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(quick.getByRole('button', { name: '150' }));

    expect(input).toHaveValue(150);
    expect(quick.getByRole('button', { name: '150' })).toHaveAttribute('aria-pressed', 'true');
    expect(quick.getByRole('button', { name: '1,000' })).toHaveAttribute('aria-pressed', 'false');
    expect(totalText()).toBe('$1.50');
  });

  it('computes the total as quantity times the token price with 2 decimals', async () => {
    const { user, input } = await openPurchase({
      [PRICE]: { status: 200, body: { priceType: 'singleToken', price: 0.0125, tokens: 1 } },
    });

    expect(screen.getByText('Price per token', { selector: 'p' })).toHaveTextContent('$0.0125');
    expect(totalText()).toBe('$12.50');

    await user.clear(input);
    await user.type(input, '300');
    expect(totalText()).toBe('$3.75');
  });

  it('clamps a negative amount to 0 and disables the purchase', async () => {
    const { input } = await openPurchase();

    fireEvent.change(input, { target: { value: '-300' } });

    expect(input).toHaveValue(0);
    expect(totalText()).toBe('$0.00');
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();
  });

  it('counts invalid input as 0: the purchase is disabled and the field shows 0 once left', async () => {
    const { user, input } = await openPurchase();

    await user.clear(input);

    expect(totalText()).toBe('$0.00');
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeDisabled();

    await user.tab();
    expect(input).toHaveValue(0);
  });

  it('rounds a fractional amount up to whole tokens and says what will be received', async () => {
    const { user, input } = await openPurchase({
      [PRICE]: { status: 200, body: { priceType: 'singleToken', price: 0.07, tokens: 1 } },
    });

    await user.clear(input);
    await user.type(input, '150.5');

    expect(summary().getByText("You'll receive").nextElementSibling).toHaveTextContent('151 tokens');
    expect(totalText()).toBe('$10.57');
  });

  it('creates a checkout for the amount, shows "Processing payment ..." and sends the browser to its url', async () => {
    const assigned = captureAssignedLocations();
    const checkout = heldReply();
    const { user, api, input } = await openPurchase({ [CHECKOUT]: checkout.handler });

    await user.click(screen.getByRole('button', { name: '500' }));
    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }));

    const processing = screen.getByRole('button', { name: 'Processing payment ...' });
    expect(processing).toBeDisabled();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: '100' })).toBeDisabled();

    checkout.release({ status: 200, body: { url: 'https://checkout.stripe.com/c/pay/cs_test_tokens', sessionId: 'cs_test_tokens' } });

    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.com/c/pay/cs_test_tokens']));
    expect(api.bodiesOf(CHECKOUT)).toEqual([{ tokenAmount: 500 }]);
  });

  it('buys the rounded-up quantity', async () => {
    const assigned = captureAssignedLocations();
    const { user, api, input } = await openPurchase({ [CHECKOUT]: { status: 200, body: { url: '/local-checkout/cs_1', sessionId: 'cs_1' } } });

    await user.clear(input);
    await user.type(input, '99.2');
    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }));

    await waitFor(() => expect(assigned).toEqual(['/local-checkout/cs_1']));
    expect(api.bodiesOf(CHECKOUT)).toEqual([{ tokenAmount: 100 }]);
  });

  it.each([
    ['the server message', serverError(409, 'An active subscription is needed to buy tokens.'), 'An active subscription is needed to buy tokens.'],
    [
      'a validation error in words, not the field name',
      {
        status: 400,
        body: {
          error: {
            code: 'REQUEST.INVALID',
            message: 'tokenAmount: must be at most 1,000,000',
            details: [{ path: 'tokenAmount', message: 'must be at most 1,000,000' }],
          },
        },
      },
      'You can buy at most 1,000,000 tokens at once.',
    ],
    ['the generic text when the answer has no message', { status: 500 }, 'Failed to start checkout process. Please try again.'],
    ['the error message when the answer has no url', { status: 200, body: {} }, 'The checkout page could not be opened.'],
  ])('alerts %s on failure and enables the buttons again', async (_case, reply, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assigned = captureAssignedLocations();
    const { user, input } = await openPurchase({ [CHECKOUT]: reply });

    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(assigned).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Purchase Tokens' })).toBeEnabled();
    expect(input).toBeEnabled();
    expect(screen.getByRole('button', { name: '100' })).toBeEnabled();
  });

  it('alerts the error message when the call never gets an answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openPurchase({ [CHECKOUT]: networkFailure('Network connection lost.') });

    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }));

    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Network connection lost.');
  });

  it.each([
    ['the server has no single-token price', { status: 404, body: { error: { code: 'PRICE.NOT_FOUND', message: 'No such price.' } } }],
    ['the price gives no tokens', { status: 200, body: { priceType: 'singleToken', price: 0.05, tokens: 0 } }],
  ])('replaces the screen with "Token pricing not available" when %s', async (_case, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installBillingApi({ [PRICE]: reply });
    renderSignedIn('/dashboard/purchaseTokens');

    expect(await screen.findByRole('alert')).toHaveTextContent('Token pricing not available');
    expect(screen.queryByLabelText('Token amount')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase Tokens' })).not.toBeInTheDocument();
  });

  it.each([
    ['the price cannot be loaded', serverError(500)],
    ['the answer is not a price (the contract fails it)', { status: 200, body: { priceType: 'singleToken', tokens: 1 } }],
  ])('replaces the screen with "Failed to load pricing information" when %s', async (_case, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installBillingApi({ [PRICE]: reply });
    renderSignedIn('/dashboard/purchaseTokens');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load pricing information');
    expect(screen.queryByLabelText('Token amount')).not.toBeInTheDocument();
  });

  it('says plainly that there is nothing to buy when billing is switched off', async () => {
    const api = installBillingApi({
      'GET /api/subscription/status': { status: 200, body: aSubscription({ billingDisabled: true }) },
    });
    renderSignedIn('/dashboard/purchaseTokens');

    expect(await screen.findByRole('heading', { name: 'Billing is switched off' })).toBeInTheDocument();
    expect(screen.getByText(/every account has unlimited tokens/)).toBeInTheDocument();
    expect(api.callsTo(PRICE)).toHaveLength(0);
  });
});
