// The signed-in user's token balance (GET /api/tokens/state), shown by the sidebar's token panel.
// Anything that can change the balance (a purchase, a processed mail) calls refreshTokenState().
// A failed load is logged and the last known values stay.
import { create } from 'zustand';
import { api } from './api-client';
import { useSession } from './session-store';

export type TokenState = {
  subscriptionTokens: number;
  maxSubscriptionTokens: number;
  additionalTokens: number;
  /** Billing is switched off by the operator: no limits, no numbers to show. */
  unlimited: boolean;
};

type TokenStateStore = {
  /** null until the first successful load. */
  tokenState: TokenState | null;
  /** A load has finished (successfully or not): no longer waiting for the first answer. */
  settled: boolean;
};

export const useTokenState = create<TokenStateStore>()(() => ({ tokenState: null, settled: false }));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toTokenState(body: unknown): TokenState {
  const state = isRecord(body) ? body['tokenState'] : undefined;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  if (!isRecord(state)) throw new Error('GET /api/tokens/state answered without a tokenState.');
  const subscriptionTokens = count(state['subscriptionTokens']);
  const maxSubscriptionTokens = count(state['maxSubscriptionTokens']);
  const additionalTokens = count(state['additionalTokens']);
  if (subscriptionTokens === null || maxSubscriptionTokens === null || additionalTokens === null) {
    throw new Error('GET /api/tokens/state answered with a malformed tokenState.');
  }
  return { subscriptionTokens, maxSubscriptionTokens, additionalTokens, unlimited: state['unlimited'] === true };
}

/** GET /api/tokens/state. */
export async function getTokenState(): Promise<TokenState> {
  return toTokenState(await api.get('tokens/state').json<unknown>());
}

let latestRequest = 0;

/** Reloads the balance. Never rejects: a failure is logged and the last values stay. */
export async function refreshTokenState(): Promise<void> {
  const request = ++latestRequest;
  try {
    const tokenState = await getTokenState();
    // Only the newest request writes, so a slow earlier answer cannot overwrite a newer one.
    if (request === latestRequest) useTokenState.setState({ tokenState, settled: true });
  } catch (error) {
    console.warn('Could not load the token state; keeping the last values.', error);
    if (request === latestRequest) useTokenState.setState({ settled: true });
  }
}

/** Forgets the balance (a different user may sign in next). */
export function resetTokenState(): void {
  latestRequest += 1;
  useTokenState.setState({ tokenState: null, settled: false });
}

// Signing out forgets the balance.
useSession.subscribe((state, previous) => {
  if (previous.token !== null && state.token === null) resetTokenState();
});
