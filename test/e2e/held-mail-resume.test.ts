// Journey (tokens never strand a user): a plan runs low (the warning banner and panel), a mail is held
// for tokens (the alert: "1 mail waiting — Buy tokens"), tokens are bought on the local checkout in a
// second tab, and the open document page shows the held mail processed without a reload, the banner gone.
// The acceptance (within 5 s of the checkout) is measured and logged, not asserted on the clock.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations, describeViolations } from './support/axe.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentInUi, forwardAddressOnDetails, mailRow, processedEmailsTable, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';

// A plan of 100 tokens, a token per 10 characters: a mail of about 900 characters leaves under 10% of it,
// and a second one cannot be paid for.
const ENV = { SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5', LOCAL_PLAN_BASIC_TOKENS: '100', CHARS_PER_TOKEN: '10' };
/** Generous for a busy machine; the time it took is logged. */
const UPDATE_TIMEOUT = { timeout: 20_000, interval: 25 };
const LONG_TEXT = 'The quarterly budget is approved and the invoices are due on Friday. '.repeat(13).trim();

type Marked = { __heldJourneyMarker?: string };
type TokenState = { subscriptionTokens: number; maxSubscriptionTokens: number; additionalTokens: number; heldMails: number };

function tokenPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Tokens' });
}

/** The banner at the top of the page's content (a live region of its own). */
function tokenBanner(page: Page): Locator {
  return page.getByRole('main').getByRole('status').filter({ has: page.getByRole('link', { name: 'Buy tokens' }) });
}

type Themed = { document: { documentElement: { dataset: Record<string, string | undefined> } } };

/** axe on the banner and the panel as they are now, in the light and in the dark palette (no reload). */
async function noViolationsAround(page: Page, what: string): Promise<void> {
  const initial = await page.evaluate(() => (globalThis as unknown as Themed).document.documentElement.dataset['theme'] ?? 'light');
  try {
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => ((globalThis as unknown as Themed).document.documentElement.dataset['theme'] = value), theme);
      const violations = (await axeViolations(page)).filter((violation) =>
        violation.nodes.some((node) => node.target.some((target) => String(target).includes('token-banner') || String(target).includes('token-panel'))),
      );
      expect(violations, `${what} (${theme}):\n${describeViolations(violations)}`).toEqual([]);
    }
  } finally {
    await page.evaluate((value) => ((globalThis as unknown as Themed).document.documentElement.dataset['theme'] = value), initial);
  }
}

describe('held mail resumes by itself once tokens are bought', () => {
  const journeys = useJourneys({ env: ENV });

  it('warns at 10% left, shows the waiting mail, and processes it on the open page within seconds of the checkout, no reload', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    await createDocumentInUi(page, { name: 'Budget mail', emails: ['boss@example.com'] });
    const forwardAddress = await forwardAddressOnDetails(page);
    await processedEmailsTable(page).waitFor();
    // The page must not reload: a value set on the window now is gone after any reload.
    const marker = randomUUID();
    await page.evaluate((value) => ((globalThis as Marked).__heldJourneyMarker = value), marker);

    // The first mail spends most of the plan: the panel and the banner warn, in words.
    await sendMail(app, { from: 'Boss <boss@example.com>', to: forwardAddress, subject: 'Budget one', text: LONG_TEXT });
    await mailRow(page, 'Budget one').getByText('Processed', { exact: true }).waitFor({ timeout: UPDATE_TIMEOUT.timeout });
    const low = await callApi<{ tokenState: TokenState }>(app.baseUrl, token, 'GET', 'tokens/state');
    expect(low.tokenState.subscriptionTokens).toBeGreaterThan(0);
    expect(low.tokenState.subscriptionTokens).toBeLessThanOrEqual(10);
    const left = low.tokenState.subscriptionTokens;
    await expect.poll(() => tokenBanner(page).innerText(), UNTIL_STEP).toBe(`Only ${left} ${left === 1 ? 'token' : 'tokens'} left — Buy tokens`);
    await expect.poll(() => tokenPanel(page).getAttribute('data-level'), UNTIL_STEP).toBe('warning');
    await tokenPanel(page).getByText(`Running low: ${left} ${left === 1 ? 'token' : 'tokens'} left.`).waitFor();
    await noViolationsAround(page, 'the low-balance warning');

    // The second mail cannot be paid for: it is held, and the page says so.
    await sendMail(app, { from: 'Boss <boss@example.com>', to: forwardAddress, subject: 'Budget two', text: LONG_TEXT });
    await mailRow(page, 'Budget two').getByText('Held', { exact: false }).first().waitFor({ timeout: UPDATE_TIMEOUT.timeout });
    await expect.poll(() => tokenBanner(page).innerText(), UNTIL_STEP).toBe('1 mail waiting — Buy tokens');
    await expect.poll(() => tokenPanel(page).getAttribute('data-level'), UNTIL_STEP).toBe('alert');
    await tokenPanel(page).getByText('1 mail waiting for tokens').waitFor();
    expect(await tokenBanner(page).getByRole('link', { name: 'Buy tokens' }).getAttribute('href')).toBe('/dashboard/purchaseTokens');
    await noViolationsAround(page, 'the held-mail alert');

    // Tokens bought in a second tab, on the local checkout; the first tab stays on the document.
    const shop = await journeys.context().newPage();
    await shop.goto('/dashboard/purchaseTokens');
    await shop.getByRole('heading', { name: 'Purchase Tokens', level: 1 }).waitFor();
    await shop.getByRole('group', { name: 'Quick select' }).getByRole('button', { name: '300', exact: true }).click();
    await shop.getByRole('button', { name: 'Purchase Tokens' }).click();
    await shop.waitForURL((url) => url.pathname.startsWith('/local-checkout/'));
    await shop.getByRole('button', { name: 'Pay', exact: true }).click();
    await waitForPath(shop, '/success');
    const paid = Date.now();

    let processedAt = 0;
    await vi.waitFor(async () => {
      if (!processedAt && (await mailRow(page, 'Budget two').getByText('Processed', { exact: true }).count()) > 0) processedAt = Date.now();
      expect(processedAt).toBeGreaterThan(0);
    }, UPDATE_TIMEOUT);
    await expect.poll(() => tokenBanner(page).count(), UNTIL_STEP).toBe(0);
    await expect.poll(() => tokenPanel(page).getAttribute('data-level'), UNTIL_STEP).toBe('normal');
    expect(await page.evaluate(() => (globalThis as Marked).__heldJourneyMarker)).toBe(marker);
    console.info(`held mail journey: the held mail showed as processed ${processedAt - paid} ms after the checkout's success page; no reload`);
  });
});
