import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** Path and query of an absolute or relative Location, to replay it against the test app. */
export function locationPath(response: Response): string {
  const location = response.headers.get('location');
  expect(location, `expected a redirect, got ${response.status}`).toBeTruthy();
  const url = new URL(location ?? '', 'http://app.invalid');
  return `${url.pathname}${url.search}`;
}

export interface DevConsentInput {
  mode?: 'login' | 'register';
  email?: string;
  name?: string;
  grantDocs?: boolean;
  decision?: 'allow' | 'deny';
}

/** Walks the dev sign-in like a browser: /oauth/<mode> → consent form → /oauth/callback. Returns the final redirect. */
export async function walkDevSignIn(app: TestApp, input: DevConsentInput = {}): Promise<string> {
  const start = await app.fetch(`/oauth/${input.mode ?? 'login'}`);
  expect(start.status).toBe(302);
  const authorize = new URL(locationPath(start), 'http://app.invalid');
  expect(authorize.pathname).toBe('/oauth/dev/authorize');
  const form = new URLSearchParams({
    state: authorize.searchParams.get('state') ?? '',
    code_challenge: authorize.searchParams.get('code_challenge') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    email: input.email ?? 'ada@example.com',
    name: input.name ?? 'Ada Lovelace',
    decision: input.decision ?? 'allow',
  });
  if (input.grantDocs ?? true) form.set('grant_docs', 'on');
  const consent = await app.fetch('/oauth/dev/authorize', { method: 'POST', body: form });
  expect(consent.status).toBe(302);
  const callback = await app.fetch(locationPath(consent));
  expect(callback.status).toBe(302);
  return callback.headers.get('location') ?? '';
}

/** Signs in through the dev provider and returns the app token. */
export async function signIn(app: TestApp, input: DevConsentInput = {}): Promise<string> {
  const final = await walkDevSignIn(app, input);
  const token = new URL(final, 'http://app.invalid').searchParams.get('token');
  expect(token, `sign-in ended at ${final}`).toBeTruthy();
  return token ?? '';
}
