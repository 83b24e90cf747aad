/**
 * The dev sign-in walked as a browser walks it, with the sign-in cookie kept: /oauth/<mode> → consent
 * form → /oauth/callback. Free of vitest, so the benchmarks use it as well as the tests.
 */
export interface DevConsentInput {
  mode?: 'login' | 'register';
  email?: string;
  name?: string;
  grantDocs?: boolean;
  decision?: 'allow' | 'deny';
}

/** Sends a request for a path (and query) of the app, without following redirects. */
export type AppRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** Path and query of a redirect's Location, to replay it against the app; throws when it is no redirect. */
export function redirectPath(response: Response, step: string): string {
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`sign-in: ${step} answered ${response.status}, not a redirect`);
  const url = new URL(location, 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}

/** The dev consent form's answer to the authorize URL the sign-in start redirected to. */
export function consentForm(authorize: URL, input: DevConsentInput = {}): URLSearchParams {
  const form = new URLSearchParams({
    state: authorize.searchParams.get('state') ?? '',
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    email: input.email ?? 'ada@example.com',
    name: input.name ?? 'Ada Lovelace',
    decision: input.decision ?? 'allow',
  });
  if (input.grantDocs ?? true) form.set('grant_docs', 'on');
  return form;
}

/** Answers the path (and query) the callback finally redirects to: /auth-success?token=… or /auth-error?reason=…. */
export async function walkDevSignInWith(request: AppRequest, input: DevConsentInput = {}): Promise<string> {
  const start = await request(`/oauth/${input.mode ?? 'login'}`);
  // The browser keeps the sign-in cookie and sends it back to /oauth/callback, which checks it.
  const cookie = start.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
  const authorize = new URL(redirectPath(start, `/oauth/${input.mode ?? 'login'}`), 'http://app.invalid');
  if (authorize.pathname !== '/oauth/dev/authorize') throw new Error(`sign-in: expected the dev consent page, got ${authorize.pathname}`);
  const consent = await request('/oauth/dev/authorize', { method: 'POST', body: consentForm(authorize, input) });
  const callback = await request(redirectPath(consent, 'consent'), cookie ? { headers: { cookie } } : {});
  return redirectPath(callback, '/oauth/callback');
}
