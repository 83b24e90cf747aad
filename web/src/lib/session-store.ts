// The global session store: the token mirror, the signed-in user and the auth status.
// Every change of the stored token goes through these actions, so the store and
// localStorage never disagree.
import { create } from 'zustand';
import { readStoredToken, removeStoredToken, writeStoredToken } from './auth-token';

import type { SessionUser } from '@contract/session';

/** The signed-in user as GET /api/status answers it (the HTTP contract's type). */
export type { SessionUser };

export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';

type SessionState = {
  token: string | null;
  user: SessionUser | null;
  status: SessionStatus;
  /** Persists the token; throws when the browser refuses storage. */
  storeToken: (token: string) => void;
  authenticate: (user: SessionUser) => void;
  signOut: () => void;
};

export const useSession = create<SessionState>()((set) => ({
  token: readStoredToken(),
  user: null,
  status: 'unknown',
  storeToken: (token) => {
    writeStoredToken(token);
    set({ token });
  },
  authenticate: (user) => set({ user, status: 'authenticated' }),
  signOut: () => {
    removeStoredToken();
    set({ token: null, user: null, status: 'unauthenticated' });
  },
}));

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetSessionStore(): void {
  useSession.setState({ token: readStoredToken(), user: null, status: 'unknown' });
}
