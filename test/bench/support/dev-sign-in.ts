/**
 * The dev sign-in walked with plain fetch, as a browser would: /oauth/login → consent form →
 * /oauth/callback → /auth-success?token=…. The same path as test/support/sign-in.ts, without vitest.
 */
async function redirectOf(response: Response, step: string): Promise<URL> {
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`sign-in: ${step} answered ${response.status}, not a redirect: ${await response.text()}`);
  return new URL(location, 'http://app.invalid');
}

export async function devSignIn(baseUrl: string, email: string, name = email): Promise<{ token: string; userId: string }> {
  const get = (url: URL) => fetch(`${baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
  const authorize = await redirectOf(await fetch(`${baseUrl}/oauth/login`, { redirect: 'manual' }), '/oauth/login');
  const form = new URLSearchParams({
    state: authorize.searchParams.get('state') ?? '',
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    email,
    name,
    decision: 'allow',
    grant_docs: 'on',
  });
  const callback = await redirectOf(await fetch(`${baseUrl}/oauth/dev/authorize`, { method: 'POST', body: form, redirect: 'manual' }), 'consent');
  const success = await redirectOf(await get(callback), '/oauth/callback');
  const token = success.searchParams.get('token');
  if (!token) throw new Error(`sign-in ended at ${success.pathname}${success.search}`);
  const status = await fetch(`${baseUrl}/api/status`, { headers: { authorization: `Bearer ${token}` } });
  if (status.status !== 200) throw new Error(`/api/status answered ${status.status} after sign-in`);
  const body = (await status.json()) as { user: { id: string } };
  return { token, userId: body.user.id };
}
