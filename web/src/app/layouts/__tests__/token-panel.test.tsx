import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStateKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-store';
import { aTokenState, installFakeFetch, type Reply } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

const stateReply = (overrides: Partial<typeof aTokenState> = {}): Reply => ({ status: 200, body: { tokenState: { ...aTokenState, ...overrides } } });

async function renderPanel(reply: Reply | (() => Promise<Reply>) = stateReply(), url = '/dashboard/settings') {
  const api = installFakeFetch({ 'GET /api/tokens/state': reply });
  storeToken(makeJwt());
  const view = renderApp(url);
  const panel = await screen.findByRole('region', { name: 'Tokens' });
  return { ...view, api, panel };
}

/** The value shown under a label of the panel. */
function figure(panel: HTMLElement, label: string): string | null | undefined {
  return within(panel).getByText(label).nextElementSibling?.textContent;
}

describe('token panel', () => {
  it('shows the subscription tokens out of the maximum and the additional tokens', async () => {
    const { panel } = await renderPanel(stateReply({ subscriptionTokens: 120, maxSubscriptionTokens: 500, additionalTokens: 40 }));

    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('120 / 500'));
    expect(figure(panel, 'Additional tokens')).toBe('40');
    expect(within(panel).queryByText('Unlimited')).not.toBeInTheDocument();
  });

  it('shows "Unlimited" instead of numbers when billing is switched off', async () => {
    const { panel } = await renderPanel(stateReply({ unlimited: true, subscriptionTokens: 0, maxSubscriptionTokens: 0, additionalTokens: 0 }));

    expect(await within(panel).findByText('Unlimited')).toBeInTheDocument();
    expect(within(panel).queryByText('Subscription tokens')).not.toBeInTheDocument();
    expect(panel.textContent).not.toMatch(/\d/);
  });

  it('shows no numbers while the balance is loading', async () => {
    let release: (reply: Reply) => void = () => undefined;
    const { panel } = await renderPanel(() => new Promise<Reply>((resolve) => (release = resolve)));

    expect(panel).toHaveAttribute('aria-busy', 'true');
    expect(panel.textContent).not.toMatch(/\d/);

    release(stateReply());
    await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'false'));
    expect(figure(panel, 'Subscription tokens')).toBe('120 / 500');
  });

  it('reloads when the window regains focus', async () => {
    const { api, panel } = await renderPanel();
    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('120 / 500'));
    api.on('GET /api/tokens/state', stateReply({ subscriptionTokens: 95 }));

    fireEvent.focus(window);

    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('95 / 500'));
    expect(api.callsTo('GET /api/tokens/state')).toHaveLength(2);
  });

  it('reloads on every page change inside the dashboard', async () => {
    const { api, panel, user } = await renderPanel();
    await waitFor(() => expect(api.callsTo('GET /api/tokens/state')).toHaveLength(1));
    api.on('GET /api/tokens/state', stateReply({ additionalTokens: 1000 }));

    await user.click(screen.getByRole('link', { name: 'Documents' }));

    await waitFor(() => expect(figure(panel, 'Additional tokens')).toBe((1000).toLocaleString()));
    expect(api.callsTo('GET /api/tokens/state')).toHaveLength(2);
  });

  it('reloads when other code invalidates the balance', async () => {
    const { api, panel, queryClient } = await renderPanel();
    await waitFor(() => expect(figure(panel, 'Additional tokens')).toBe('40'));
    api.on('GET /api/tokens/state', stateReply({ additionalTokens: 340 }));

    await act(() => queryClient.invalidateQueries({ queryKey: tokenStateKeys.all }));

    await waitFor(() => expect(figure(panel, 'Additional tokens')).toBe('340'));
  });

  it('keeps the last values and logs when a reload fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, panel, queryClient } = await renderPanel();
    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('120 / 500'));
    api.on('GET /api/tokens/state', { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } });

    await act(() => queryClient.invalidateQueries({ queryKey: tokenStateKeys.all }));

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not load the token state'), expect.anything());
    expect(figure(panel, 'Subscription tokens')).toBe('120 / 500');
    expect(figure(panel, 'Additional tokens')).toBe('40');
    // The panel shows no failure of its own (other screens' loads are not this test's business).
    expect(screen.queryAllByRole('alert').filter((alert) => /token/i.test(alert.textContent ?? ''))).toEqual([]);
  });

  it('shows dashes, not made-up numbers, when the first load fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { panel } = await renderPanel({ status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } });

    await waitFor(() => expect(panel).toHaveAttribute('aria-busy', 'false'));
    expect(figure(panel, 'Subscription tokens')).toBe('—');
    expect(figure(panel, 'Additional tokens')).toBe('—');
  });

  it('forgets the balance when the user signs out', async () => {
    const { panel, queryClient } = await renderPanel();
    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('120 / 500'));

    act(() => useSession.getState().signOut());

    expect(queryClient.getQueryData(tokenStateKeys.all)).toBeUndefined();
  });

  it('goes to the purchase page with "Get more tokens"', async () => {
    const { panel, router, user } = await renderPanel();

    await user.click(within(panel).getByRole('link', { name: 'Get more tokens' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/purchaseTokens'));
  });

  it('stays plain while the balance is fine', async () => {
    const { panel } = await renderPanel();
    await waitFor(() => expect(figure(panel, 'Subscription tokens')).toBe('120 / 500'));
    expect(panel).toHaveAttribute('data-level', 'normal');
    expect(within(panel).queryByText(/left|waiting/)).not.toBeInTheDocument();
  });

  it('turns to a warning, in words, at 10% of the period’s tokens left', async () => {
    const { panel } = await renderPanel(stateReply({ subscriptionTokens: 42, maxSubscriptionTokens: 500, additionalTokens: 0 }));
    expect(await within(panel).findByText('Running low: 42 tokens left.')).toBeInTheDocument();
    expect(panel).toHaveAttribute('data-level', 'warning');
  });

  it('turns to an alert, in words, when no tokens are left', async () => {
    const { panel } = await renderPanel(stateReply({ subscriptionTokens: 0, maxSubscriptionTokens: 500, additionalTokens: 0 }));
    expect(await within(panel).findByText('No tokens left. New mail waits until you add tokens.')).toBeInTheDocument();
    expect(panel).toHaveAttribute('data-level', 'alert');
  });

  it('turns to an alert that counts the mail waiting for tokens', async () => {
    const { panel } = await renderPanel(stateReply({ subscriptionTokens: 0, maxSubscriptionTokens: 500, additionalTokens: 0, heldMails: 3 }));
    expect(await within(panel).findByText('3 mails waiting for tokens')).toBeInTheDocument();
    expect(panel).toHaveAttribute('data-level', 'alert');
  });
});
