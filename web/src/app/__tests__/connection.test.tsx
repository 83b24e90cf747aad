import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useConnection } from '@/components/ui/offline-banner/connection-store';
import { api } from '@/lib/api-client';
import { tokenStateKeys } from '@/lib/query-keys';
import { aTokenState, installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import { installConnection } from '../connection';

describe('connection', () => {
  it('shows the offline banner when a call cannot reach the server, and loads the screen again when it answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = installFakeFetch();
    storeToken(makeJwt());
    const { queryClient } = renderApp('/dashboard/usage');
    onTestFinished(installConnection(queryClient));
    await screen.findByRole('heading', { name: 'Usage', level: 1 });
    await waitFor(() => expect(server.callsTo('GET /api/tokens/usage/table')).toHaveLength(1));

    // The server goes away: a call fails as the network does.
    server.on('GET /api/tokens/state', () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => queryClient.refetchQueries({ queryKey: tokenStateKeys.all }));
    expect(useConnection.getState().offline).toBe(true);
    expect(screen.getByText('Offline — reconnecting')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the token state; keeping the last values.', expect.anything());

    // It is back: the first answer ends the banner, and what is on screen loads again.
    server.on('GET /api/tokens/state', { status: 200, body: { tokenState: { ...aTokenState, subscriptionTokens: 1, maxSubscriptionTokens: 5, additionalTokens: 0 } } });
    await act(() => api.get('status').then(() => undefined));
    expect(screen.queryByText('Offline — reconnecting')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/tokens/usage/table')).toHaveLength(2));
  });

  it('reloads the screen at most once when one address fails at the network while the others answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = installFakeFetch({
      'GET /api/tokens/state': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    storeToken(makeJwt());
    const { queryClient } = renderApp('/dashboard/usage');
    onTestFinished(installConnection(queryClient));
    await screen.findByRole('heading', { name: 'Usage', level: 1 });

    for (let round = 0; round < 3; round += 1) {
      await act(() => queryClient.refetchQueries({ queryKey: tokenStateKeys.all }));
      await act(() => api.get('status').then(() => undefined));
    }

    // Without the limit each round would load the table again (4 or more calls).
    await act(() => queryClient.refetchQueries({ queryKey: tokenStateKeys.all }));
    expect(server.callsTo('GET /api/tokens/usage/table').length).toBeLessThanOrEqual(2);
    expect(warn).toHaveBeenCalledWith('Could not load the token state; keeping the last values.', expect.anything());
  });
});
