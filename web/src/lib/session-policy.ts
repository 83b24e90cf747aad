// The session policy (docs/product.md § Sign-in and the session), in one place: which bearer to send, and what a 401 means.
// The API client calls it through `SessionHooks`; the app builds it with its token access,
// its refresh call and its "go to /login" handler, so the client never imports a store.
import { decodeJwtPayload, isExpired } from './jwt';

export type TokenAccess = {
  read: () => string | null;
  write: (token: string) => void;
  clear: () => void;
};

export type SessionPolicyOptions = {
  tokens: TokenAccess;
  /** POST /api/refresh with the given bearer; resolves to the new token. */
  requestRefresh: (token: string) => Promise<string>;
  /** Called once the session is lost for good (the token is already cleared). */
  onUnauthorized: () => void;
  now?: () => number;
};

export type SessionPolicy = {
  /** The bearer to attach, if a token is stored. */
  bearer: () => string | null;
  /**
   * A first attempt answered 401. Resolves true when the request should be repeated once
   * (the token was refreshed), false when the session is lost (token cleared, handler called).
   */
  recover: (sentToken: string | null) => Promise<boolean>;
  /** The repeated request answered 401 too: clear and hand over to the handler. */
  giveUp: () => void;
  /** Refreshes now and stores the new token. Concurrent callers share one refresh, because
   * the server rotates the token and a second refresh with the old one would fail. */
  refresh: () => Promise<string>;
};

export function createSessionPolicy(options: SessionPolicyOptions): SessionPolicy {
  const { tokens, requestRefresh, onUnauthorized } = options;
  const now = options.now ?? Date.now;
  let refreshing: Promise<string> | null = null;

  /** The stored token if it is unexpired; an unparsable one is logged and removed. */
  function unexpiredToken(): string | null {
    const token = tokens.read();
    if (token === null) return null;
    const payload = decodeJwtPayload(token);
    if (payload === null) {
      console.warn('Removing a stored session token that cannot be parsed.');
      tokens.clear();
      return null;
    }
    return isExpired(payload, now()) ? null : token;
  }

  function giveUp(): void {
    tokens.clear();
    onUnauthorized();
  }

  function refresh(): Promise<string> {
    if (refreshing) return refreshing;
    const token = unexpiredToken();
    if (token === null) return Promise.reject(new Error('No unexpired session token to refresh.'));
    refreshing = requestRefresh(token)
      .then((fresh) => {
        tokens.write(fresh);
        return fresh;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function recover(sentToken: string | null): Promise<boolean> {
    if (refreshing) {
      // Another request is already refreshing: wait for it and retry with its token.
      return refreshing.then(
        () => true,
        () => false,
      );
    }
    // Signed out while this request was on its way (logout revoked its token): the 401 is expected, and
    // sending the user to /login would undo the logout's own navigation.
    if (sentToken !== null && tokens.read() === null) return false;
    const current = unexpiredToken();
    if (current === null) {
      giveUp();
      return false;
    }
    // Someone refreshed after this request left: just repeat it with the new token.
    if (sentToken !== null && current !== sentToken) return true;
    try {
      await refresh();
      return true;
    } catch (error) {
      console.warn('Session refresh failed.', error);
      giveUp();
      return false;
    }
  }

  return { bearer: tokens.read, recover, giveUp, refresh };
}
