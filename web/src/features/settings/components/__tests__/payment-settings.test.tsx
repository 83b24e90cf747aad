import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { captureAssignedLocations } from '@/test/navigation';
import { renderApp, storeToken } from '@/test/render-app';
import { aPaymentMethod, aSubscription, installSettingsApi, openSettings, serverError } from './settings-test-kit';

function paymentSection() {
  return within(screen.getByRole('region', { name: 'Payment Methods' }));
}

describe('settings: payment methods', () => {
  it('shows only the first payment method: brand, last 4 digits and expiry with the month padded', async () => {
    await openSettings({
      'GET /api/subscription/payment-methods': {
        status: 200,
        body: [aPaymentMethod({ brand: 'visa', last4: '4242', expiryMonth: 4, expiryYear: 2027 }), aPaymentMethod({ brand: 'mastercard', last4: '5555' })],
      },
    });

    const section = paymentSection();
    expect(await section.findByText('visa')).toBeInTheDocument();
    expect(section.getByText(/4242/)).toBeInTheDocument();
    expect(section.getByText('Expires').nextElementSibling).toHaveTextContent('04/2027');
    expect(section.queryByText('mastercard')).not.toBeInTheDocument();
    expect(section.queryByText(/5555/)).not.toBeInTheDocument();
  });

  it('keeps a two-digit month as it is', async () => {
    await openSettings({ 'GET /api/subscription/payment-methods': { status: 200, body: [aPaymentMethod({ expiryMonth: 11, expiryYear: 2030 })] } });

    expect((await paymentSection().findByText('Expires')).nextElementSibling).toHaveTextContent('11/2030');
  });

  it('says a failed load of the payment methods in words and shows the card after "Try again"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, api } = await openSettings({ 'GET /api/subscription/payment-methods': serverError(500) });

    expect(await paymentSection().findByRole('alert')).toHaveTextContent('Your payment methods could not be loaded.');
    expect(paymentSection().queryByText('No payment method on file.')).not.toBeInTheDocument();
    api.on('GET /api/subscription/payment-methods', { status: 200, body: [aPaymentMethod({ brand: 'visa', last4: '4242' })] });
    await user.click(paymentSection().getByRole('button', { name: 'Try again' }));

    expect(await paymentSection().findByText('visa')).toBeInTheDocument();
    expect(paymentSection().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when there is no payment method on file', async () => {
    await openSettings({ 'GET /api/subscription/payment-methods': { status: 200, body: [] } });

    expect(await paymentSection().findByText('No payment method on file.')).toBeInTheDocument();
  });

  it('"Update payment method" opens the card-update page the server returns', async () => {
    const assigned = captureAssignedLocations();
    const setup = heldReply();
    const { user } = await openSettings({ 'POST /api/subscription/setup-payment-method': setup.handler });

    await user.click(paymentSection().getByRole('button', { name: 'Update payment method' }));
    expect(paymentSection().getByRole('button', { name: 'Update payment method' })).toBeDisabled();
    setup.release({ status: 200, body: { url: 'https://checkout.stripe.com/c/setup/cs_setup_1', sessionId: 'cs_setup_1' } });

    await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.com/c/setup/cs_setup_1']));
  });

  it.each([
    ['the call fails', serverError(500)],
    ['the answer has no url', { status: 200, body: {} }],
  ])('says "Failed to update payment method. Please try again." when %s', async (_case, reply) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assigned = captureAssignedLocations();
    const { user } = await openSettings({ 'POST /api/subscription/setup-payment-method': reply });

    await user.click(paymentSection().getByRole('button', { name: 'Update payment method' }));

    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Failed to update payment method. Please try again.');
    expect(assigned).toEqual([]);
    expect(paymentSection().getByRole('button', { name: 'Update payment method' })).toBeEnabled();
  });
});

describe('settings: returning from the card update', () => {
  it.each(['/settings', '/dashboard/settings'])(
    'shows "Payment method updated successfully !" on %s?cardChange=success and removes the parameter',
    async (path) => {
      const { router } = await openSettings({}, `${path}?cardChange=success&tab=billing`);

      const toast = await screen.findByText('Payment method updated successfully !');
      expect(toast.closest('.toast')).toHaveClass('toast--success');
      await waitFor(() => expect(router.state.location.search).toBe('?tab=billing'));
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('shows "Payment method update was cancelled." on cardChange=cancelled and removes the parameter', async () => {
    const { router } = await openSettings({}, '/settings?cardChange=cancelled');

    expect(await screen.findByText('Payment method update was cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Payment method update was cancelled.')).toHaveLength(1);
  });

  it('shows nothing without the parameter', async () => {
    await openSettings({}, '/settings');

    expect(screen.queryByText('Payment method updated successfully !')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment method update was cancelled.')).not.toBeInTheDocument();
  });
});

describe('settings: payment email', () => {
  it('starts with the payment email and updates it', async () => {
    const { user, api } = await openSettings({ 'PUT /api/stripe/email': { status: 200, body: { ok: true } } });
    const input = paymentSection().getByLabelText('Payment email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveValue('ada@example.com');

    await user.clear(input);
    await user.type(input, 'billing@example.com');
    await user.click(paymentSection().getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Payment email updated.')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /api/stripe/email')).toEqual([{ email: 'billing@example.com' }]);
  });

  it('disables "Update" while the field is empty and while updating', async () => {
    const update = heldReply();
    const { user } = await openSettings({ 'PUT /api/stripe/email': update.handler });
    const input = paymentSection().getByLabelText('Payment email');
    const button = paymentSection().getByRole('button', { name: 'Update' });

    await user.clear(input);
    expect(button).toBeDisabled();
    await user.type(input, '   ');
    expect(button).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'billing@example.com{Enter}');
    expect(button).toBeDisabled();
    update.release({ status: 200, body: { ok: true } });
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('starts empty when the server knows no payment email', async () => {
    await openSettings({ 'GET /api/subscription/status': { status: 200, body: aSubscription({ paymentEmail: null }) } });

    expect(paymentSection().getByLabelText('Payment email')).toHaveValue('');
    expect(paymentSection().getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('says "Failed to update payment email. Please try again." when the update fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openSettings({ 'PUT /api/stripe/email': serverError(500) });

    await user.click(paymentSection().getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Failed to update payment email. Please try again.');
    expect(paymentSection().getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('says a refused address as a sentence, not the field name, and caps the field at the server limit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = { code: 'REQUEST.INVALID', message: 'email: must be an email address', details: [{ path: 'email', message: 'must be an email address' }] };
    const { user } = await openSettings({ 'PUT /api/stripe/email': { status: 400, body: { error: refused } } });
    expect(paymentSection().getByLabelText('Payment email')).toHaveAttribute('maxLength', '254');

    await user.click(paymentSection().getByRole('button', { name: 'Update' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Enter a valid email address, like name@example.com.');
    expect(dialog).not.toHaveTextContent('email:');
  });
});

describe('settings: billing switched off', () => {
  it('says plainly that billing is off and every account has unlimited tokens', async () => {
    const api = installSettingsApi({ 'GET /api/subscription/status': { status: 200, body: aSubscription({ billingDisabled: true }) } });
    storeToken(makeJwt());
    renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Billing is switched off' })).toBeInTheDocument();
    expect(screen.getByText(/Billing is switched off on this server, so every account has unlimited tokens\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment Methods' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/subscription/payment-methods')).toHaveLength(0);
  });
});

describe('settings: status load failure', () => {
  it('says so and can try again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = installSettingsApi({ 'GET /api/subscription/status': serverError(500) });
    storeToken(makeJwt());
    const { user } = renderApp('/settings');

    expect(await screen.findByText('Your subscription could not be loaded.')).toBeInTheDocument();
    api.on('GET /api/subscription/status', { status: 200, body: aSubscription() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeInTheDocument();
  });
});
