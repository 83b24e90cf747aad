import type { SignInMode } from '../../domain/sign-in.js';

export interface PendingSignIn {
  mode: SignInMode;
  codeVerifier: string;
}

/**
 * Kept in the database, not in memory: the callback may reach another process than the one that started
 * it. `key` is the state bound to its browser (see boundStateKey); stores keep only a hash of it.
 */
export interface OAuthStateStore {
  /** Saves a pending sign-in; expired ones may be purged at the same time (`now`). */
  save(key: string, pending: PendingSignIn, expiresAt: Date, now: Date): Promise<void>;
  /** Returns the pending sign-in once; a second call, or one after expiry, returns null. */
  consume(key: string, now: Date): Promise<PendingSignIn | null>;
}

export const OAUTH_STATE_STORE = Symbol('OAuthStateStore');
