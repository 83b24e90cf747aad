// Journey (live updates acceptance): on a document's page, a mail sent over SMTP appears as a new row
// of the Processed Emails table and the token panel shows the new balance, without a reload and with
// the table's sort kept; then the same with two app processes on one Postgres database, the tab on the
// process that does no mail work.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type RunningApp } from './support/app-process.js';
import { launchBrowser, STEP_TIMEOUT_MS, useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { createDocumentInUi, forwardAddressOnDetails, mailRow, processedEmailsTable, signIn, subscribeWithLocalCheckout } from './support/steps.js';

const INBOUND_DOMAIN = 'in.mailscribe.test';
// Info logs: the worker's `mail processed` line dates the end of processing, for the latency log line.
const ENV = { SENDER_AUTH: 'off', INBOUND_DOMAIN, JOB_POLLING_SECONDS: '0.5', LOG_LEVEL: 'info' };
/** Generous for a busy machine: the acceptance (2 s) is measured and logged, not asserted on the clock. */
const UPDATE_TIMEOUT = { timeout: 20_000, interval: 25 };

function tokenFigure(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Tokens' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .getByRole('definition');
}

type Marked = { __liveJourneyMarker?: string };

/** When the app logged the end of processing (JSON log lines), or null when it did not say. */
function processedAt(app: RunningApp): number | null {
  for (const line of app.output().split('\n')) {
    if (!line.includes('"mail processed"')) continue;
    try {
      const time = (JSON.parse(line) as { time?: unknown }).time;
      if (typeof time === 'number') return time;
    } catch {
      // A line cut by the output buffer, or a readable (non-JSON) log.
    }
  }
  return null;
}

/**
 * Signs up with a plan on `tabApp`, opens a new document, sorts its table, sends a mail to `mailApp`'s
 * SMTP listener and waits for the row and the balance to change on the open page.
 */
async function journey(page: Page, context: BrowserContext, tabApp: RunningApp, mailApp: RunningApp, label: string): Promise<void> {
  let streams = 0;
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/events' && response.status() === 200) streams += 1;
  });
  await signIn(page, undefined, { lands: 'plans' });
  await subscribeWithLocalCheckout(page);
  await createDocumentInUi(page, { name: 'Live mail', emails: ['boss@example.com'] });
  const forwardAddress = await forwardAddressOnDetails(page);
  const table = processedEmailsTable(page);
  await table.waitFor();
  // A sort the user chose: it must survive the update.
  await table.getByRole('button', { name: 'Subject' }).click();
  const subjectHead = table.getByRole('columnheader', { name: 'Subject' });
  await expect.poll(() => subjectHead.getAttribute('aria-sort'), { timeout: STEP_TIMEOUT_MS }).toBe('ascending');

  const before = await tokenFigure(page, 'Subscription tokens').innerText();
  expect(before).toMatch(/^[\d,]+ \/ [\d,]+$/);
  // The page must not reload: a value set on the window now is gone after any reload.
  const marker = randomUUID();
  await page.evaluate((value) => ((globalThis as Marked).__liveJourneyMarker = value), marker);
  await vi.waitFor(() => expect(streams).toBeGreaterThan(0), UPDATE_TIMEOUT);

  const subject = `Quarterly budget ${label}`;
  const sent = Date.now();
  await sendMail(mailApp, { from: 'Boss <boss@example.com>', to: forwardAddress, subject, text: 'The quarterly budget is approved. Please send the final invoices by Friday.' });
  const accepted = Date.now();
  let rowAt = 0;
  let balanceAt = 0;
  await vi.waitFor(async () => {
    if (!rowAt && (await mailRow(page, subject).getByText('Processed', { exact: true }).count()) > 0) rowAt = Date.now();
    if (!balanceAt && (await tokenFigure(page, 'Subscription tokens').innerText()) !== before) balanceAt = Date.now();
    expect(rowAt && balanceAt).toBeTruthy();
  }, UPDATE_TIMEOUT);

  expect(await page.evaluate(() => (globalThis as Marked).__liveJourneyMarker)).toBe(marker);
  expect(await subjectHead.getAttribute('aria-sort')).toBe('ascending');
  const [used, max] = (await tokenFigure(page, 'Subscription tokens').innerText()).split(' / ').map((part) => Number(part.replace(/,/g, '')));
  const [usedBefore] = before.split(' / ').map((part) => Number(part.replace(/,/g, '')));
  expect(used).toBeLessThan(usedBefore ?? 0);
  expect(max).toBeGreaterThan(0);
  // The tab talked to `tabApp` all along (its stream included).
  expect(new URL(page.url()).origin).toBe(tabApp.baseUrl);
  const processed = processedAt(mailApp);
  const afterProcessing = processed === null ? 'processing end not logged' : `${rowAt - processed} ms for the row and ${balanceAt - processed} ms for the balance`;
  console.info(
    `live updates journey (${label}): SMTP accepted in ${accepted - sent} ms; after processing ${afterProcessing}; after SMTP acceptance ${rowAt - accepted} ms for the row ` +
      `and ${balanceAt - accepted} ms for the balance (processing included); no reload`,
  );
}

describe('live updates in the browser', () => {
  const journeys = useJourneys({ env: ENV });

  it('shows the new processed row and the new balance on the open document page, no reload, sort kept', async () => {
    await journey(journeys.page(), journeys.context(), journeys.app(), journeys.app(), 'one process');
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('live updates in the browser, two processes on one Postgres database', () => {
  const database = `mailscribe_e2e_live_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let admin: pg.Client;
  let tabApp: RunningApp | undefined;
  let mailApp: RunningApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${database}`;
    // One after the other: the first start migrates the new database and creates pg-boss's queues.
    // The tab's process serves HTTP only; the other one receives and processes the mail.
    tabApp = await startApp({ ...ENV, DATABASE_URL: url.toString(), ROLES: 'http' });
    mailApp = await startApp({ ...ENV, DATABASE_URL: url.toString(), ROLES: 'http,smtp,worker' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([tabApp?.stop(), mailApp?.stop()]);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('the tab on the process that did no work sees the new row and the new balance, no reload', async () => {
    if (!browser || !tabApp || !mailApp) throw new Error('the apps or the browser did not start');
    const context = await browser.newContext({ baseURL: tabApp.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await journey(await context.newPage(), context, tabApp, mailApp, 'two processes');
    } catch (error) {
      console.error(`tab process:\n${tabApp.output().slice(-3000)}\nmail process:\n${mailApp.output().slice(-3000)}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
