import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

async function renderSignedIn(url: string) {
  const api = installFakeApi();
  const token = makeJwt();
  storeToken(token);
  const view = renderApp(url);
  await screen.findByRole('navigation', { name: 'Dashboard' });
  return { ...view, api, token };
}

describe('dashboard layout', () => {
  it('shows the product title and the Documents, Usage and Settings links', async () => {
    await renderSignedIn('/dashboard');

    expect(screen.getByRole('link', { name: 'Mailscribe' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Documents', 'Usage', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/dashboard/docs');
    expect(within(nav).getByRole('link', { name: 'Usage' })).toHaveAttribute('href', '/dashboard/usage');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('shows the signed-in user from /api/status in the header', async () => {
    await renderSignedIn('/dashboard');

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(header).getByText('ada@example.com')).toBeInTheDocument();
  });

  it('navigates between pages with the sidebar links', async () => {
    const { user, router } = await renderSignedIn('/dashboard');

    await user.click(screen.getByRole('link', { name: 'Usage' }));
    expect(await screen.findByRole('heading', { name: 'Usage', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/usage');

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  });

  it('has a token panel with the balance and a way to get more tokens', async () => {
    await renderSignedIn('/dashboard');

    const panel = screen.getByRole('region', { name: 'Tokens' });
    expect(await within(panel).findByText('120 / 500')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Get more tokens' })).toHaveAttribute('href', '/dashboard/purchaseTokens');
  });

  it('logs out: calls the server, clears the token and goes to /', async () => {
    const { user, router, api, token } = await renderSignedIn('/dashboard');
    api.on('POST /api/logout', { status: 204 });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/logout')).toEqual([expect.objectContaining({ authorization: `Bearer ${token}` })]);
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Automate mail handling in seconds' })).toBeInTheDocument();
  });

  it('clears the token and goes to / even when the logout call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, router, api } = await renderSignedIn('/dashboard/usage');
    api.on('POST /api/logout', { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } });

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Logout request failed'), expect.anything());
  });
});
