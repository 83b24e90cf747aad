// Journey: a stale session token left in the browser does not open the dashboard.
import { describe, expect, it } from 'vitest';
import { useJourneys } from './support/browser.js';
import { expiredToken, pathOf, storeToken, storedToken, waitForPath } from './support/steps.js';

const journeys = useJourneys();

describe('an expired session in the browser', () => {
  it('sends a visitor whose stored token has expired from /dashboard to /login and removes the token', async () => {
    const page = journeys.page();

    // Any page of the app's origin that runs no app script, so the token is in place before the app starts.
    await page.goto('/healthz');
    await storeToken(page, expiredToken());

    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
  });
});
