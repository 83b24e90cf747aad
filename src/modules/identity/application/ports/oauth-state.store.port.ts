import type { SignInMode } from '../../domain/sign-in.js';

export interface PendingSignIn {
  mode: SignInMode;
  codeVerifier: string;
}

/** Kept in the database, not in memory: the callback may reach another process than the one that started it. */
export interface OAuthStateStore {
  save(state: string, pending: PendingSignIn, expiresAt: Date): Promise<void>;
  /** Returns the pending sign-in once; a second call, or one after expiry, returns null. */
  consume(state: string, now: Date): Promise<PendingSignIn | null>;
}

export const OAUTH_STATE_STORE = Symbol('OAuthStateStore');
