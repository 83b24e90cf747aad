import { expect } from 'vitest';
import { walkDevSignInWith, type DevConsentInput } from './dev-sign-in-walk.js';
import type { TestApp } from './test-app.js';

/** Path and query of an absolute or relative Location, to replay it against the test app. */
export function locationPath(response: Response): string {
  const location = response.headers.get('location');
  expect(location, `expected a redirect, got ${response.status}`).toBeTruthy();
  const url = new URL(location ?? '', 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}

export type { DevConsentInput };

/** Walks the dev sign-in like a browser: /oauth/<mode> → consent form → /oauth/callback. Returns the final redirect. */
export function walkDevSignIn(app: TestApp, input: DevConsentInput = {}): Promise<string> {
  return walkDevSignInWith((path, init) => app.fetch(path, init), input);
}

/** Signs in through the dev provider and returns the app token. */
export async function signIn(app: TestApp, input: DevConsentInput = {}): Promise<string> {
  const final = await walkDevSignIn(app, input);
  const token = new URL(final, 'http://app.invalid').searchParams.get('token');
  expect(token, `sign-in ended at ${final}`).toBeTruthy();
  return token ?? '';
}

/** The signed-in user's id, as the app reports it on /api/status. */
export async function userIdOf(app: TestApp, token: string): Promise<string> {
  return ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
}

/** Signs in through the dev provider and returns the app token with the user's id. */
export async function signInUser(app: TestApp, input: DevConsentInput = {}): Promise<{ token: string; userId: string }> {
  const token = await signIn(app, input);
  return { token, userId: await userIdOf(app, token) };
}
