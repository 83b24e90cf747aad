// Journeys (billing acceptance, local gateway): a new user subscribes to Basic on the test-mode checkout,
// buys 300 extra tokens, then cancels and reactivates the subscription in Settings; and a user who
// cancels on the checkout page comes back to the plans.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { callApi, expectDashboardShell, sidebarNav, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';

const journeys = useJourneys({
  // Billing stays local (the default): the app's own TEST MODE checkout. No DNS lookups.
  env: { SENDER_AUTH: 'off' },
});

type Status = { isActive: boolean; subscriptionStatus: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null; additionalTokens: number };

/** The sidebar's token panel. */
function tokenPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Tokens' });
}

/** The token panel's figure under `label` ("Subscription tokens", "Additional tokens"). */
function tokenFigure(page: Page, label: string): Locator {
  return tokenPanel(page)
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .getByRole('definition');
}

/** Settings' Subscription section. */
function subscriptionSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Subscription', exact: true });
}

/** A fact of the Subscription section ("Status", "Plan", "Renews on", "Active until"). */
function subscriptionFact(page: Page, label: string): Locator {
  return subscriptionSection(page)
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .getByRole('definition');
}

/** A toast with exactly `message`. */
function toastSaying(page: Page, message: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ has: page.getByText(message, { exact: true }) });
}

/** A date as the browser writes it in Settings ("December 21, 2026"), in the browser's own time zone. */
async function longDateInBrowser(page: Page, iso: string): Promise<string> {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
}

/** Confirms the dialog titled `title` with its `approve` button and waits for it to close. */
async function confirm(page: Page, title: string, approve: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: approve, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('billing in the browser (local test-mode checkout)', () => {
  it('subscribes to Basic, buys 300 extra tokens, then cancels and reactivates the subscription in Settings', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page, undefined, { lands: 'plans' });

    // Basic → Continue to Payment → Pay (TEST MODE) → success → dashboard, with the plan's tokens.
    await subscribeWithLocalCheckout(page);
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^500\s*\/\s*500$/);
    await expect.poll(() => tokenFigure(page, 'Additional tokens').innerText(), UNTIL_STEP).toBe('0');

    // "Get more tokens" → quick-select 300 → Purchase Tokens → the test checkout for 300 tokens → Pay.
    await tokenPanel(page).getByRole('link', { name: 'Get more tokens' }).click();
    await waitForPath(page, '/dashboard/purchaseTokens');
    await page.getByRole('heading', { name: 'Purchase Tokens', level: 1 }).waitFor();
    const quick300 = page.getByRole('group', { name: 'Quick select' }).getByRole('button', { name: '300', exact: true });
    await quick300.click();
    expect(await page.getByLabel('Token amount').inputValue()).toBe('300');
    expect(await quick300.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Purchase Tokens' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/local-checkout/'));
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    await page.getByRole('heading', { name: '300 extra tokens', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await waitForPath(page, '/success');
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
    await expectDashboardShell(page);
    await expect.poll(() => tokenFigure(page, 'Additional tokens').innerText(), UNTIL_STEP).toBe('300');
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^500\s*\/\s*500$/);

    // Settings: Active; cancel (confirmed) → Canceling, active until the period's end.
    await sidebarNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(page, '/dashboard/settings');
    await expect.poll(() => subscriptionFact(page, 'Status').innerText(), UNTIL_STEP).toBe('Active');
    expect(await subscriptionFact(page, 'Plan').innerText()).toBe('Basic');
    const before = await callApi<Status>(app.baseUrl, token, 'GET', 'subscription/status');
    expect(before).toMatchObject({ isActive: true, cancelAtPeriodEnd: false, additionalTokens: 300 });
    const periodEnd = await longDateInBrowser(page, before.currentPeriodEnd ?? '');
    expect(await subscriptionFact(page, 'Renews on').innerText()).toBe(periodEnd);

    await subscriptionSection(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).click();
    await confirm(page, 'Cancel Subscription', 'Cancel Subscription');
    await toastSaying(page, `Subscription canceled. It will remain active until ${periodEnd}`).waitFor();
    await expect.poll(() => subscriptionFact(page, 'Status').innerText(), UNTIL_STEP).toBe('Canceling');
    expect(await subscriptionFact(page, 'Active until').innerText()).toBe(periodEnd);
    expect(await callApi<Status>(app.baseUrl, token, 'GET', 'subscription/status')).toMatchObject({ isActive: true, cancelAtPeriodEnd: true });

    // Reactivate (confirmed) → Active again.
    await subscriptionSection(page).getByRole('button', { name: 'Reactivate', exact: true }).click();
    await confirm(page, 'Reactivate Subscription', 'Reactivate');
    await toastSaying(page, 'Subscription reactivated successfully!').waitFor();
    await expect.poll(() => subscriptionFact(page, 'Status').innerText(), UNTIL_STEP).toBe('Active');
    await subscriptionSection(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).waitFor();
    expect(await callApi<Status>(app.baseUrl, token, 'GET', 'subscription/status')).toMatchObject({ isActive: true, subscriptionStatus: 'active', cancelAtPeriodEnd: false });
  });

  it('comes back to "Payment Cancelled" when the plan checkout is cancelled, and "Try Again" leads to the plans', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page, undefined, { lands: 'plans' });

    await page.getByRole('radio', { name: 'Basic' }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/local-checkout/'));
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/cancel' && url.searchParams.get('type') === 'subscription');
    await page.getByRole('heading', { name: 'Payment Cancelled', level: 1 }).waitFor();
    expect(await callApi<Status>(app.baseUrl, token, 'GET', 'subscription/status')).toMatchObject({ isActive: false, subscriptionStatus: 'none' });

    await page.getByRole('link', { name: 'Try Again' }).click();
    await waitForPath(page, '/subscriptionPage');
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Basic' }).waitFor();
  });
});
