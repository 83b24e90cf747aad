// Where to go after sign-in. The OAuth round trip leaves the app, so the intended path is kept
// in sessionStorage (this tab only) before leaving for /oauth/login and consumed on /auth-success.

const RETURN_PATH_KEY = 'mailscribe.returnPath';

const AUTH_PATHS = ['/login', '/register', '/auth', '/auth-success', '/auth-error', '/afterEnterAppCheck'];

/** Only same-app paths are accepted: no scheme, no protocol-relative `//host`, no auth screens. */
export function toSafeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return null;
  if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  const pathname = candidate.split(/[?#]/)[0] ?? '';
  return AUTH_PATHS.includes(pathname) ? null : candidate;
}

/** The `from` location a guard put in the router state, as a path. */
export function returnPathFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from: unknown = Reflect.get(state, 'from');
  if (typeof from !== 'object' || from === null) return null;
  const pathname: unknown = Reflect.get(from, 'pathname');
  const search: unknown = Reflect.get(from, 'search');
  const hash: unknown = Reflect.get(from, 'hash');
  if (typeof pathname !== 'string') return null;
  return toSafeReturnPath(`${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`);
}

export function rememberReturnPath(path: string | null): void {
  try {
    if (path === null) window.sessionStorage.removeItem(RETURN_PATH_KEY);
    else window.sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Without storage the user simply lands on the dashboard.
  }
}

/** Reads and forgets the remembered path. */
export function takeReturnPath(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_PATH_KEY);
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
    return toSafeReturnPath(path);
  } catch {
    return null;
  }
}
