// Journeys: signing in through the dev consent page, staying signed in, signing out, and the
// guard sending a signed-out visitor to /login and back to where they were going.
import { describe, expect, it } from 'vitest';
import { useJourneys } from './support/browser.js';
import { continueWithGoogle, expectDashboardShell, pathOf, storedToken, uniqueEmail, waitForPath } from './support/steps.js';

// Billing off: these journeys are about signing in, not about choosing a plan (see usage.test.ts).
const journeys = useJourneys({ env: { BILLING: 'off' } });

describe('signing in and out in the browser', () => {
  it('registers through the dev sign-in, stays signed in across a reload, and logs out for good', async () => {
    const page = journeys.page();
    const { baseUrl } = journeys.app();

    // A new user: signing in registers them.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await continueWithGoogle(page, { email: uniqueEmail(), name: 'Ada Journey', decision: 'Allow' });

    await waitForPath(page, '/dashboard');
    await expectDashboardShell(page);
    expect(pathOf(page)).toBe('/dashboard');
    expect(new URL(page.url()).search).toBe(''); // the token does not stay in the address bar
    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const status = await fetch(`${baseUrl}/api/status`, { headers: { authorization: `Bearer ${token}` } });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ user: { name: 'Ada Journey' } });

    // A reload keeps the session.
    await page.reload();
    await expectDashboardShell(page);
    expect(pathOf(page)).toBe('/dashboard');
    expect(await storedToken(page)).toBe(token);

    // Logout ends the session on the server and in the browser, and lands on the landing page.
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Automate mail handling in seconds' }).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await storedToken(page)).toBeNull();
    const afterLogout = await fetch(`${baseUrl}/api/status`, { headers: { authorization: `Bearer ${token}` } });
    expect(afterLogout.status).toBe(401);

    // The dashboard is closed again.
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
  });

  it('sends a signed-out visitor of /dashboard/usage to /login and back to /dashboard/usage after signing in', async () => {
    const page = journeys.page();

    await page.goto('/dashboard/usage');
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    await continueWithGoogle(page, { decision: 'Allow' });

    await waitForPath(page, '/dashboard/usage');
    await expectDashboardShell(page);
    await page.getByRole('heading', { name: 'Usage', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/dashboard/usage');
    expect(await storedToken(page)).not.toBeNull();
  });
});
