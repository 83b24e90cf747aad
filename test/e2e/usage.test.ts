// Journey (token-ledger acceptance): support grants tokens with the CLI, a processed mail uses one, and
// the Usage page and the sidebar's token panel show both. The embedded database is locked by the running
// app, so the app is halted for the CLI and started again on the same DATA_DIR (and the same port: the
// browser keeps its session).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { runCli } from './support/cli.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentByApi, expectDashboardShell, sidebarNav, signIn, storedToken, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';
import type { ReceivedMail } from '../../src/contract/received-mails.js';

const journeys = useJourneys({
  // Billing stays local (the default): tokens are counted. No DNS lookups; a quick job poll.
  env: { SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' },
});

/** The sidebar's token panel figure under `label` ("Subscription tokens", "Additional tokens"). */
function tokenFigure(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Tokens' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .getByRole('definition');
}

/** The body rows' cell texts of the table named `name`. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await expect.poll(() => table.getAttribute('aria-busy'), UNTIL_STEP).toBe('false');
  const rows = await table.getByRole('row').all();
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())));
}

async function waitForMail(baseUrl: string, token: string, documentId: string, subject: string, status: string): Promise<ReceivedMail> {
  let last: ReceivedMail[] = [];
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    last = (await callApi<{ data: ReceivedMail[] }>(baseUrl, token, 'GET', `document/${documentId}/received-mails?pageSize=25`)).data;
    const mail = last.find((entry) => entry.subject === subject);
    if (mail?.status === status) return mail;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`the mail "${subject}" did not become ${status}: ${JSON.stringify(last)}`);
}

describe('token usage in the browser', () => {
  it('subscribes on the local checkout, then shows the plan, support-granted tokens and a processed mail on the Usage page and in the sidebar', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { email, token } = await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^500\s*\/\s*500$/);
    const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Usage mail', emails: ['boss@example.com'] });
    await expect.poll(() => tokenFigure(page, 'Additional tokens').innerText(), UNTIL_STEP).toBe('0');

    // Support grants 50 tokens while the app is down (the CLI needs the embedded database to itself).
    await app.halt();
    const granted = await runCli(app, 'tokens.ts', ['grant', '--email', email, '--tokens', '50', '--reason', 'e2e']);
    expect(granted.stdout).toContain('Granted 50 tokens');
    await app.start();

    // The session survived the restart: the stored token still opens the dashboard.
    await page.reload();
    await expectDashboardShell(page);
    expect(await storedToken(page)).toBe(token);
    await expect.poll(() => tokenFigure(page, 'Additional tokens').innerText(), UNTIL_STEP).toBe('50');

    // One small mail from an allowed sender costs one token, taken from the plan's bucket first.
    const subject = 'Invoice 2026-11';
    await sendMail(app, { from: 'boss@example.com', to: forwardEmail, subject, text: 'Please pay the attached invoice by Friday.' });
    const mail = await waitForMail(app.baseUrl, token, documentId, subject, 'processed');
    expect(mail.usedTokens).toBe(1);

    await sidebarNav(page).getByRole('link', { name: 'Usage', exact: true }).click();
    await waitForPath(page, '/dashboard/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
    await expect.poll(() => tokenFigure(page, 'Subscription tokens').innerText(), UNTIL_STEP).toMatch(/^499\s*\/\s*500$/);
    await expect.poll(() => tokenFigure(page, 'Additional tokens').innerText(), UNTIL_STEP).toBe('50');
    await page.getByRole('heading', { name: 'Processed mails over time' }).waitFor();

    const usage = await tableRows(page, 'Token Usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]?.[0]).toContain(subject);
    expect(usage[0]?.[1]).toBe('1');

    const added = await tableRows(page, 'Added Tokens');
    expect(added).toHaveLength(2);
    expect(added[0]?.[0]).toBe('Added by support: e2e');
    expect(added[0]?.[1]).toBe('50');
    expect(added[1]?.[1]).toBe('500');
  });
});
