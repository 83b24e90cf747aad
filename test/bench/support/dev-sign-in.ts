import { walkDevSignInWith } from '../../support/dev-sign-in-walk.js';

/** The dev sign-in walked with plain fetch against a running app, as a browser would; answers the app token. */
export async function devSignIn(baseUrl: string, email: string, name = email): Promise<{ token: string; userId: string }> {
  const final = await walkDevSignInWith((path, init) => fetch(`${baseUrl}${path}`, { ...init, redirect: 'manual' }), { email, name });
  const token = new URL(final, 'http://app.invalid').searchParams.get('token');
  if (!token) throw new Error(`sign-in ended at ${final}`);
  const status = await fetch(`${baseUrl}/api/status`, { headers: { authorization: `Bearer ${token}` } });
  if (status.status !== 200) throw new Error(`/api/status answered ${status.status} after sign-in`);
  const body = (await status.json()) as { user: { id: string } };
  return { token, userId: body.user.id };
}
