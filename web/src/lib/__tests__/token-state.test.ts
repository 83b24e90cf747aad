import { describe, expect, it } from 'vitest';
import { getTokenState } from '@/lib/token-state';
import { aTokenState, installFakeFetch } from '@/test/fake-fetch';

describe('token state', () => {
  it('loads the balance from GET /api/tokens/state', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { ...aTokenState, additionalTokens: 7 } } } });

    expect(await getTokenState()).toEqual({ ...aTokenState, additionalTokens: 7 });
  });

  it('counts a missing "unlimited" as limited', async () => {
    const { unlimited: _unlimited, ...limited } = aTokenState;
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: limited } } });

    expect(await getTokenState()).toMatchObject({ unlimited: false });
  });

  it('reads the held-mail count', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { ...aTokenState, heldMails: 3 } } } });

    expect(await getTokenState()).toMatchObject({ heldMails: 3 });
  });

  it('treats an answer without a held-mail count as a failure', async () => {
    const { heldMails: _heldMails, ...withoutCount } = aTokenState;
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: withoutCount } } });

    await expect(getTokenState()).rejects.toThrow('malformed tokenState');
  });

  it('treats an answer without numbers as a failure', async () => {
    installFakeFetch({ 'GET /api/tokens/state': { status: 200, body: { tokenState: { subscriptionTokens: 'many' } } } });

    await expect(getTokenState()).rejects.toThrow('malformed tokenState');
  });
});
