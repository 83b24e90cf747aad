import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

async function renderSignedIn(url: string) {
  const api = installFakeFetch();
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

  it('has a menu button for small screens that opens the sidebar as a drawer, moves focus in, and Escape closes it', async () => {
    const { user } = await renderSignedIn('/dashboard');
    const menu = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    const drawer = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(drawer).toContainElement(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);

    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toHaveClass('sidebar--open');
    expect(screen.getByRole('link', { name: 'Mailscribe' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).not.toHaveClass('sidebar--open');
    expect(menu).toHaveFocus();
  });

  it('keeps Tab inside the open drawer and its button, and closes it when a link is followed, focusing the new page', async () => {
    const { user, router } = await renderSignedIn('/dashboard');
    const menu = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    await user.click(menu);

    await user.tab({ shift: true });
    expect(menu).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    expect(menu).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Usage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/usage'));
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    // The new page's heading, not the menu button: a screen reader announces where the link led.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Usage', level: 1 })).toHaveFocus());
  });

  it('shows the balance in one line for small screens, which opens the drawer at the token panel', async () => {
    const { user } = await renderSignedIn('/dashboard');
    const summary = await within(screen.getByRole('banner')).findByRole('button', { name: '160 tokens' });
    expect(summary).toHaveAttribute('aria-expanded', 'false');

    await user.click(summary);

    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('region', { name: 'Tokens' })).getByRole('link', { name: 'Get more tokens' })).toHaveFocus();
  });
});
