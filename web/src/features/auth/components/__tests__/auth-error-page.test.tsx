import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('auth error (/auth-error)', () => {
  it.each([
    ['missing-code', 'Authorization code is missing. Please try again.'],
    ['unknown-mode', 'Unknown login mode.'],
    ['missing-consent', 'You must grant access to your Google account.'],
    ['invalid-refresh', 'Failed to retrieve login data.'],
    ['browser-mismatch', 'This sign-in was not started in this browser, or took too long. Please sign in again.'],
    ['too-many-attempts', 'Too many sign-in attempts from your network. Please wait a minute and try again.'],
  ])('shows the message for reason %s', (reason, message) => {
    renderApp(`/auth-error?reason=${reason}`);

    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it.each([['something-else'], ['toString'], ['']])('shows the generic message for an unknown reason "%s"', (reason) => {
    renderApp(`/auth-error?reason=${reason}`);

    expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred during login.');
  });

  it('shows the generic message when the reason is missing', () => {
    renderApp('/auth-error');

    expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred during login.');
  });

  it('offers Log in and Register buttons', async () => {
    const { router, user } = renderApp('/auth-error?reason=missing-code');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();

    await router.navigate('/auth-error');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
