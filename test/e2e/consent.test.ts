// Journeys: refusing the consent on the dev sign-in page ends on /auth-error, signed out.
import { describe, expect, it } from 'vitest';
import { useJourneys } from './support/browser.js';
import { continueWithGoogle, pathOf, storedToken, waitForPath } from './support/steps.js';

const journeys = useJourneys();

const MISSING_CONSENT = 'You must grant access to your Google account.';

describe('refusing consent in the browser', () => {
  it('shows "You must grant access to your Google account." on /auth-error when Deny is pressed', async () => {
    const page = journeys.page();

    await page.goto('/login');
    await continueWithGoogle(page, { decision: 'Deny' });

    await waitForPath(page, '/auth-error');
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(MISSING_CONSENT);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('missing-consent');
    expect(pathOf(page)).toBe('/auth-error');
    expect(await storedToken(page)).toBeNull();
  });

  it('shows the same message when "Allow access to documents" is unticked and Allow is pressed', async () => {
    const page = journeys.page();

    await page.goto('/login');
    await continueWithGoogle(page, { grantDocs: false, decision: 'Allow' });

    await waitForPath(page, '/auth-error');
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(MISSING_CONSENT);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('missing-consent');
    expect(await storedToken(page)).toBeNull();
  });
});
