// Journey (plan change, local gateway): a Basic subscriber upgrades to Professional from Settings
// (confirm dialog with the prorated charge, the tokens added at once), then downgrades back to Basic
// from the plan page (nothing charged, this period's tokens kept).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, isBlocking } from './support/axe.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { sidebarNav, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';

const journeys = useJourneys({
  // Billing stays local (the default): Basic $9 / 500 tokens, Professional $29 / 2,000 tokens.
  env: { SENDER_AUTH: 'off' },
});

/** The definition a term of a description list inside `scope` gives ("Plan", "Charged now"…). */
function definitionOf(scope: Locator, label: string): Locator {
  const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return scope.locator('dt').filter({ hasText: exact }).locator('xpath=following-sibling::dd[1]');
}

/** The token panel's figure under `label`. */
function tokenFigure(page: Page, label: string): Locator {
  return definitionOf(page.getByRole('region', { name: 'Tokens' }), label);
}

/** A fact in a definition list inside `scope` ("Plan", "Monthly price", "Charged now"…). */
function fact(scope: Locator, label: string): Locator {
  return definitionOf(scope, label);
}

function subscriptionSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Subscription', exact: true });
}

function toastSaying(page: Page, message: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ has: page.getByText(message, { exact: true }) });
}

describe('plan change in the browser (local test-mode checkout)', () => {
  it('upgrades Basic to Professional from Settings, then downgrades back from the plan page', async () => {
    const page = journeys.page();
    await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^500\s*\/\s*500$/);

    // Settings → Change plan → the confirm dialog says what changes, when, and what it costs.
    await sidebarNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(page, '/dashboard/settings');
    await subscriptionSection(page).getByRole('button', { name: 'Change plan' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Professional' });
    await upgrade.waitFor();
    expect(await upgrade.innerText()).toMatch(/Your plan changes to Professional now\. You pay \$(19|20)\.\d\d today for the rest of this billing period, and 1,500 tokens are added right away\./);
    expect(await fact(upgrade, 'New plan').innerText()).toBe('Professional');
    expect(await fact(upgrade, 'Tokens per month').innerText()).toBe('500 → 2,000');
    expect(await fact(upgrade, 'Charged now').innerText()).toMatch(/^\$(19|20)\.\d\d$/);
    expect(await fact(upgrade, 'Takes effect').innerText()).toBe('Now');
    expect(await fact(upgrade, 'Next renewal').innerText()).toMatch(/^\$29\.00 on /);
    // The confirm dialog, like every screen, has no serious or critical accessibility finding.
    const blocking = (await axeViolations(page)).filter(isBlocking);
    expect(blocking, describeViolations(blocking)).toEqual([]);
    await upgrade.getByRole('button', { name: 'Confirm upgrade' }).click();
    await upgrade.waitFor({ state: 'detached' });
    await toastSaying(page, 'Your plan is now Professional. 1,500 tokens were added.').waitFor();
    await expect.poll(() => fact(subscriptionSection(page), 'Plan').innerText(), UNTIL_STEP).toBe('Professional');
    expect(await fact(subscriptionSection(page), 'Monthly price').innerText()).toBe('$29.00');
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^2,000\s*\/\s*2,000$/);

    // The plan page offers the other plan as a change.
    await page.goto('/subscriptionPage');
    await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
    await page.getByText('You are on the Professional plan.', { exact: false }).waitFor();
    await page.getByRole('radio', { name: 'Basic' }).check();
    await page.getByRole('button', { name: 'Change Plan' }).click();
    const downgrade = page.getByRole('dialog', { name: 'Downgrade to Basic' });
    await downgrade.waitFor();
    expect(await downgrade.innerText()).toContain("Your plan changes to Basic now, with nothing charged or refunded. You keep this period's tokens until");
    expect(await fact(downgrade, 'Charged now').innerText()).toBe('$0.00');
    expect(await fact(downgrade, 'Next renewal').innerText()).toMatch(/^\$9\.00 on /);
    await downgrade.getByRole('button', { name: 'Confirm downgrade' }).click();
    await downgrade.waitFor({ state: 'detached' });
    await toastSaying(page, 'Your plan is now Basic.').waitFor();
    await page.getByText('You are on the Basic plan.', { exact: false }).waitFor();

    // Settings shows Basic at $9, and this period keeps its 2,000 tokens.
    await page.goto('/dashboard/settings');
    await expect.poll(() => fact(subscriptionSection(page), 'Plan').innerText(), UNTIL_STEP).toBe('Basic');
    expect(await fact(subscriptionSection(page), 'Monthly price').innerText()).toBe('$9.00');
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^2,000\s*\/\s*2,000$/);
  });
});
