import { describe, expect, it } from 'vitest';
import { getTokenState } from '@/lib/token-state';
import { aTokenState, installFakeFetch } from '@/test/fake-fetch';

describe('token state', () => {
  it('loads the balance from GET /api/tokens/state', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { ...aTokenState, additionalTokens: 7 } } } });

    expect(await getTokenState()).toEqual({ ...aTokenState, additionalTokens: 7 });
  });

  it('treats an answer without "unlimited" as a failure', async () => {
    const { unlimited: _unlimited, ...limited } = aTokenState;
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: limited } } });

    await expect(getTokenState()).rejects.toThrow('GET /api/tokens/state answered in an unexpected shape: tokenState.unlimited: expected boolean.');
  });

  it('reads the held-mail count', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { ...aTokenState, heldMails: 3 } } } });

    expect(await getTokenState()).toMatchObject({ heldMails: 3 });
  });

  it('treats an answer without a held-mail count as a failure', async () => {
    const { heldMails: _heldMails, ...withoutCount } = aTokenState;
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: withoutCount } } });

    await expect(getTokenState()).rejects.toThrow('GET /api/tokens/state answered in an unexpected shape: tokenState.heldMails: expected number.');
  });

  it('treats an answer without numbers as a failure', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { subscriptionTokens: 'many' } } } });

    await expect(getTokenState()).rejects.toThrow('tokenState.subscriptionTokens: expected number');
  });
});
