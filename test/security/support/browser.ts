import { expect } from 'vitest';
import type { TestApp } from '../../support/test-app.js';
import { consentForm } from '../../support/dev-sign-in-walk.js';
import { locationPath } from '../../support/sign-in.js';

/**
 * A browser's view of the app: it keeps the cookies the app sets (name → value, honouring Max-Age=0)
 * and sends back those whose Path covers the request, as a browser would on a same-site navigation.
 */
export class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  constructor(private readonly app: TestApp) {}

  async open(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [...this.jar.entries()].filter(([, cookie]) => path.startsWith(cookie.path)).map(([name, cookie]) => `${name}=${cookie.value}`);
    if (cookies.length) headers.set('cookie', cookies.join('; '));
    const response = await this.app.fetch(path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return response;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  private keep(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const split = pair.indexOf('=');
    const name = pair.slice(0, split);
    const value = pair.slice(split + 1);
    const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
    if (attribute('max-age') === '0' || value === '') this.jar.delete(name);
    else this.jar.set(name, { value, path: attribute('path') ?? '/' });
  }
}

export interface Consent {
  mode?: 'login' | 'register';
  email?: string;
  name?: string;
  grantDocs?: boolean;
  decision?: 'allow' | 'deny';
}

/** Starts a dev sign-in in `browser` and answers the consent form; answers the callback path the provider sends back. */
export async function consentInDev(browser: Browser, input: Consent = {}): Promise<string> {
  const start = await browser.open(`/oauth/${input.mode ?? 'login'}`);
  expect(start.status).toBe(302);
  const authorize = new URL(locationPath(start), 'http://app.invalid');
  expect(authorize.pathname).toBe('/oauth/dev/authorize');
  const consent = await browser.open('/oauth/dev/authorize', { method: 'POST', body: consentForm(authorize, input) });
  expect(consent.status).toBe(302);
  return locationPath(consent);
}

/** Walks the dev sign-in like a browser (cookies kept): /oauth/<mode> → consent → /oauth/callback. Answers the final redirect. */
export async function walkSignIn(app: TestApp, input: Consent = {}, browser = new Browser(app)): Promise<string> {
  const callback = await browser.open(await consentInDev(browser, input));
  expect(callback.status).toBe(302);
  return callback.headers.get('location') ?? '';
}

/** Signs in through the dev provider in a fresh browser; answers the app token. */
export async function signInAs(app: TestApp, email: string, input: Omit<Consent, 'email'> = {}): Promise<string> {
  const final = await walkSignIn(app, { ...input, email });
  const token = new URL(final, 'http://app.invalid').searchParams.get('token');
  expect(token, `sign-in ended at ${final}`).toBeTruthy();
  return token ?? '';
}
