import { screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp } from '@/test/render-app';
import { AuthSuccessPage } from '../auth-success-page';

describe('auth success (/auth-success)', () => {
  it('shows the processing texts while it works', () => {
    // Server rendering runs no effects, so the screen is seen before it navigates away.
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/auth-success?token=x']}>
        <AuthSuccessPage />
      </MemoryRouter>,
    );
    expect(html).toContain('Processing authentication...');
    expect(html).toContain('Please wait while we log you in.');
  });

  it('passes an error on to the login page as its error query', async () => {
    installFakeFetch();
    const { router } = renderApp('/auth-success?error=access_denied');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=access_denied');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('alert')).toHaveTextContent('access_denied');
  });

  it('prefers the error over a token when both are present', async () => {
    installFakeFetch();
    const { router } = renderApp(`/auth-success?token=${makeJwt()}&error=oops`);

    await waitFor(() => expect(router.state.location.search).toBe('?error=oops'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  it('stores the token, clears the query and replaces history on the way to /dashboard', async () => {
    const api = installFakeFetch();
    const token = makeJwt();
    window.history.replaceState(null, '', '/login');
    window.history.pushState(null, '', '/somewhere-before');
    const lengthBefore = window.history.length;

    renderApp(`/auth-success?token=${token}`, { browserHistory: true });

    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth_token')).toBe(token);
    expect(window.location.pathname).toBe('/dashboard');
    expect(window.location.search).toBe('');
    expect(window.location.href).not.toContain(token);
    expect(window.history.length).toBe(lengthBefore);
    expect(api.callsTo('GET /api/status')[0]?.authorization).toBe(`Bearer ${token}`);
  });

  it('returns to the location remembered before sign-in', async () => {
    installFakeFetch();
    window.sessionStorage.setItem('mailscribe.returnPath', '/dashboard/usage');
    const { router } = renderApp(`/auth-success?token=${makeJwt()}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/usage'));
    expect(await screen.findByRole('heading', { name: 'Usage' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('mailscribe.returnPath')).toBeNull();
  });

  it('sends the user to login with error no_token when neither token nor error is present', async () => {
    installFakeFetch();
    const { router } = renderApp('/auth-success');

    await waitFor(() => expect(router.state.location.search).toBe('?error=no_token'));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in did not return a session. Please try again.');
  });

  it('sends the user to login with error token_storage_failed when storing the token throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFakeFetch();
    // A storage that refuses writes, stubbed as a whole (unstubbed after the test): a spy on the
    // environment's own localStorage would outlive the file when test files share one environment.
    const storage = window.localStorage;
    const refusing = new Proxy(storage, {
      get(target, key) {
        if (key === 'setItem') {
          return () => {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    vi.stubGlobal('localStorage', refusing);
    const { router } = renderApp(`/auth-success?token=${makeJwt()}`);

    await waitFor(() => expect(router.state.location.search).toBe('?error=token_storage_failed'));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser refused to store the session. Please allow site storage and try again.',
    );
    expect(warn).toHaveBeenCalled();
  });
});
