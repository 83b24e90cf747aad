import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, unauthenticated } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

const FIFTY_MINUTES = 3_000_000;

function fromState(state: unknown): unknown {
  return typeof state === 'object' && state !== null ? Reflect.get(state, 'from') : undefined;
}

describe('login guard', () => {
  it('redirects to /login without a token, remembering where the user was going', async () => {
    const api = installFakeFetch();
    const { router } = renderApp('/dashboard/usage?range=7d');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fromState(router.state.location.state)).toMatchObject({ pathname: '/dashboard/usage', search: '?range=7d' });
    // The router's state leads React's render (RR commits in a transition; /dashboard/usage is a lazy route).
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/status')).toHaveLength(0);
  });

  it('shows "Checking authentication..." and then the page once the server confirms the session', async () => {
    installFakeFetch();
    storeToken(makeJwt());
    renderApp('/dashboard');

    expect(screen.getByRole('heading', { name: 'Checking authentication...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('removes the token and redirects to /login when the server answers 401', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFakeFetch({ 'GET /api/status': unauthenticated, 'POST /api/refresh': unauthenticated });
    storeToken(makeJwt());
    const { router } = renderApp('/dashboard/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(fromState(router.state.location.state)).toMatchObject({ pathname: '/dashboard/settings' });
  });

  it('removes an unparsable token and redirects to /login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = installFakeFetch();
    storeToken('not-a-jwt');
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(api.callsTo('GET /api/status')).toHaveLength(0);
  });

  it('removes an expired token and redirects to /login without asking the server', async () => {
    const api = installFakeFetch();
    storeToken(makeJwt({ expiresInSeconds: -1 }));
    const { router } = renderApp('/subscriptionPage');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('re-verifies every 50 minutes and redirects to /login when a check fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeFetch();
    storeToken(makeJwt({ expiresInSeconds: 2 * 3600 }));
    const { router } = renderApp('/dashboard/docs');
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(FIFTY_MINUTES - 1000));
    expect(api.callsTo('GET /api/status')).toHaveLength(1);

    api.on('GET /api/status', unauthenticated);
    api.on('POST /api/refresh', unauthenticated);
    await act(() => vi.advanceTimersByTimeAsync(1000));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(fromState(router.state.location.state)).toMatchObject({ pathname: '/dashboard/docs' });
  });

  it('refreshes a token that ends within 15 minutes before the periodic check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const oldToken = makeJwt({ expiresInSeconds: 60 * 60 });
    const newToken = makeJwt({ expiresInSeconds: 2 * 60 * 60, sid: 'session-2' });
    const api = installFakeFetch({ 'POST /api/refresh': { status: 200, body: { token: newToken } } });
    storeToken(oldToken);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(FIFTY_MINUTES));

    await waitFor(() => expect(api.callsTo('GET /api/status')).toHaveLength(2));
    expect(api.callsTo('POST /api/refresh')).toEqual([expect.objectContaining({ authorization: `Bearer ${oldToken}` })]);
    expect(api.callsTo('GET /api/status')[1]?.authorization).toBe(`Bearer ${newToken}`);
    expect(window.localStorage.getItem('auth_token')).toBe(newToken);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
