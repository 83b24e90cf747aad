// Journey (errors are not empty states): when the Usage page's loads fail, each part says so with
// "Try again" instead of passing for an empty history ("No token usage yet", bare chart axes); "Try
// again" then shows the data. The failures are the server's 500, given by intercepting the page's
// requests (playwright's page.route) until the test lets them through; the app and its data are real.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentByApi, signIn, subscribeWithLocalCheckout } from './support/steps.js';
import type { ReceivedMail } from '../../src/contract/received-mails.js';

const journeys = useJourneys({ env: { SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' } });

/**
 * Calls to `path` (any query) answer 500 as a failing server would, until `recover()`; then they reach
 * the app. Held until the test says so, so a background reload (a live update, the fallback poll)
 * cannot end the failure before "Try again" is pressed.
 */
async function failUntilRecovered(page: Page, path: string): Promise<{ failed: () => number; recover: () => void }> {
  let failed = 0;
  let recovered = false;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (recovered) return route.continue();
      failed += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }) });
    },
  );
  return { failed: () => failed, recover: () => void (recovered = true) };
}

async function waitForProcessed(baseUrl: string, token: string, documentId: string, subject: string): Promise<void> {
  await expect
    .poll(async () => {
      const { data } = await callApi<{ data: ReceivedMail[] }>(baseUrl, token, 'GET', `document/${documentId}/received-mails?pageSize=25`);
      return data.find((mail) => mail.subject === subject)?.status;
    }, { timeout: 20_000, interval: 200 })
    .toBe('processed');
}

describe('a failed usage load', () => {
  it('shows an error with "Try again" in each part of the Usage page, not an empty history, and "Try again" shows the data', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    const subject = 'Invoice 2026-11';
    const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Invoices', emails: ['boss@example.com'] });
    await sendMail(app, { from: 'boss@example.com', to: forwardEmail, subject, text: 'Please pay the attached invoice by Friday.' });
    await waitForProcessed(app.baseUrl, token, documentId, subject);

    const usageTable = await failUntilRecovered(page, '/api/tokens/usage/table');
    const addedTable = await failUntilRecovered(page, '/api/tokens/added/table');
    const chart = await failUntilRecovered(page, '/api/tokens/usage/chart');
    await page.goto('/dashboard/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();

    const usageSection = page.locator('section', { has: page.getByRole('heading', { name: 'Token Usage' }) });
    const addedSection = page.locator('section', { has: page.getByRole('heading', { name: 'Added Tokens' }) });
    const chartSection = page.locator('section', { has: page.getByRole('heading', { name: 'Processed mails over time' }) });
    await usageSection.getByRole('alert').filter({ hasText: 'Your token usage could not be loaded.' }).waitFor();
    await addedSection.getByRole('alert').filter({ hasText: 'Your added tokens could not be loaded.' }).waitFor();
    await chartSection.getByRole('alert').filter({ hasText: 'The usage chart could not be loaded.' }).waitFor();
    expect(Math.min(usageTable.failed(), addedTable.failed(), chart.failed())).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('No token usage yet.').count()).toBe(0);
    expect(await page.getByText('No tokens added yet.').count()).toBe(0);
    expect(await chartSection.getByRole('img').count()).toBe(0);

    usageTable.recover();
    await usageSection.getByRole('button', { name: 'Try again' }).click();
    const usageRows = page.getByRole('table', { name: 'Token Usage' }).getByRole('row');
    // The error itself sits in the table's one body row until the new answer replaces it: wait for the data,
    // not for a row count the error row already has.
    await expect.poll(async () => (await usageRows.allInnerTexts())[1] ?? '', UNTIL_STEP).toContain(subject);
    expect(await usageRows.count()).toBe(2);
    expect(await usageSection.getByRole('alert').count()).toBe(0);

    addedTable.recover();
    await addedSection.getByRole('button', { name: 'Try again' }).click();
    const addedRows = page.getByRole('table', { name: 'Added Tokens' }).getByRole('row');
    await expect.poll(async () => (await addedRows.allInnerTexts())[1] ?? '', UNTIL_STEP).toContain('500');
    expect(await addedRows.count()).toBe(2);
    expect(await addedSection.getByRole('alert').count()).toBe(0);

    chart.recover();
    await chartSection.getByRole('button', { name: 'Try again' }).click();
    await chartSection.getByRole('img', { name: /Mails processed and tokens used per day/ }).waitFor();
    expect(await chartSection.getByRole('alert').count()).toBe(0);
  });
});
