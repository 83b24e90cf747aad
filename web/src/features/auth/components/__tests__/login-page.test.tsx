import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

function stubLocationAssign() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

describe('login (/login)', () => {
  it('shows the title, the Google button, the sign-up link and the legal links', () => {
    renderApp('/login');

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/termsOfUse');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts Google sign-in by browser navigation to /oauth/login', async () => {
    const assign = stubLocationAssign();
    const { user } = renderApp('/login');

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(assign).toHaveBeenCalledWith('/oauth/login');
  });

  it('remembers the location the guard came from before leaving for Google', async () => {
    stubLocationAssign();
    const from = { pathname: '/dashboard/doc/42', search: '?tab=mails', hash: '' };
    const { user } = renderApp('/login', { state: { from } });

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(window.sessionStorage.getItem('mailscribe.returnPath')).toBe('/dashboard/doc/42?tab=mails');
  });

  it.each([
    ['no_token', 'Sign-in did not return a session. Please try again.'],
    ['token_storage_failed', 'Your browser refused to store the session. Please allow site storage and try again.'],
  ])('explains the %s error', (error, message) => {
    renderApp(`/login?error=${error}`);

    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('shows any other error generically', () => {
    renderApp('/login?error=access_denied');

    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed (access_denied). Please try again.');
  });

  it('sends a user with a valid token to the dashboard', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    const { router } = renderApp('/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('stays on the login page when the stored token has expired', () => {
    storeToken(makeJwt({ expiresInSeconds: -10 }));
    renderApp('/login');

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('register (/register)', () => {
  it('shows the title, the Google button, the log-in link and the legal links', () => {
    renderApp('/register');

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/termsOfUse');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
  });

  it('starts Google sign-up by browser navigation to /oauth/register', async () => {
    const assign = stubLocationAssign();
    const { user } = renderApp('/register');

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(assign).toHaveBeenCalledWith('/oauth/register');
  });
});
