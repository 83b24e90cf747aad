import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { refreshTokenState, resetTokenState, useTokenState } from '@/lib/token-state';
import { aTokenState, installFakeApi } from '@/test/fake-api';
import { makeJwt } from '@/test/jwt';

type Reply = { status: number; body?: unknown };

const reply = (additionalTokens: number): Reply => ({ status: 200, body: { tokenState: { ...aTokenState, additionalTokens } } });

beforeEach(() => {
  resetTokenState();
});

describe('token state', () => {
  it('loads the balance from GET /api/tokens/state', async () => {
    installFakeApi({ 'GET /api/tokens/state': reply(7) });

    await refreshTokenState();

    expect(useTokenState.getState().tokenState).toEqual({ ...aTokenState, additionalTokens: 7 });
  });

  it('keeps the answer of the newest request when an older one arrives late', async () => {
    let releaseFirst: (value: Reply) => void = () => undefined;
    const api = installFakeApi({ 'GET /api/tokens/state': () => new Promise<Reply>((resolve) => (releaseFirst = resolve)) });
    const first = refreshTokenState();
    await vi.waitFor(() => expect(api.callsTo('GET /api/tokens/state')).toHaveLength(1));
    api.on('GET /api/tokens/state', reply(2));

    await refreshTokenState();
    releaseFirst(reply(1));
    await first;

    expect(useTokenState.getState().tokenState?.additionalTokens).toBe(2);
  });

  it('treats an answer without numbers as a failure and keeps the last values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = installFakeApi({ 'GET /api/tokens/state': reply(5) });
    await refreshTokenState();
    api.on('GET /api/tokens/state', { status: 200, body: { tokenState: { subscriptionTokens: 'many' } } });

    await refreshTokenState();

    expect(useTokenState.getState().tokenState?.additionalTokens).toBe(5);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('forgets the balance when the user signs out', async () => {
    installFakeApi({ 'GET /api/tokens/state': reply(5) });
    useSession.getState().storeToken(makeJwt());
    await refreshTokenState();

    useSession.getState().signOut();

    expect(useTokenState.getState()).toMatchObject({ tokenState: null, settled: false });
  });
});
