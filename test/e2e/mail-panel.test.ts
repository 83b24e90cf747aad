// Journey (issue: the app never shows what it wrote): on a document's page, Processed Emails comes
// first; at 1280×800 and 1024×768 the table fits its card (Status and the row's action in view, no
// sideways scrolling) and on a 390×844 phone each mail is a card with its status and action. A row
// opens the mail in a panel (a real dialog, `?mail=<id>`) with the block as written, its cost, its
// status history and "Open in document"; Escape closes it and the focus goes back to the row. The
// search and filters narrow the list ("No mail matches these filters."), and /dashboard/mail searches
// every document. The forward address is shown whole on the card and on the page. Screenshots of the
// page, the panel and the phone cards are kept in test-results/screens/ (a CI artefact, git-ignored).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FakeChatAnswer } from '../support/fakes/fake-openai.server.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { boxOf, keepScreenshot } from './support/layout.js';
import { mailJourneyEnv, sendMail, useFakeModel } from './support/mail.js';
import { createDocumentByApi, mailRow, processedEmailsTable, signIn } from './support/steps.js';

/** Mail settles within seconds; generous for a busy machine. */
const SETTLE = { timeout: 30_000 };

const openai = await useFakeModel(
  (): FakeChatAnswer => ({
    content: JSON.stringify({
      title: 'Budget approved',
      summary: 'The quarterly budget is approved and the final invoices are due on Friday.',
      keyPoints: ['The quarterly budget is approved'],
      actionItems: ['Send the final invoices by Friday'],
    }),
  }),
);

const journeys = useJourneys({ env: mailJourneyEnv(openai) });

const SUBJECT = 'Quarterly budget approved';
const STRANGER = 'mallory@unknown.test';
const STRANGER_SUBJECT = 'A very long subject line from somebody who is not on the list of allowed senders at all';

/** How far the page and the table's own scroller scroll sideways (0: not at all). */
async function sidewaysScroll(page: Page): Promise<{ page: number; table: number }> {
  return page.evaluate(() => {
    type El = { scrollWidth: number; clientWidth: number };
    const doc = (globalThis as unknown as { document: { documentElement: El; querySelector(selector: string): El | null } }).document;
    const scroller = doc.querySelector('.data-table__scroll');
    return { page: doc.documentElement.scrollWidth - doc.documentElement.clientWidth, table: scroller ? scroller.scrollWidth - scroller.clientWidth : 0 };
  });
}

/** A control or text is wholly on screen: inside the viewport's width and not clipped by its scroller. */
async function wholeOnScreen(locator: Locator, width: number): Promise<boolean> {
  const box = await boxOf(locator);
  const clipped = await locator.evaluate((element) => {
    type El = { scrollWidth: number; clientWidth: number };
    const self = element as unknown as El;
    return self.scrollWidth > self.clientWidth + 1;
  });
  return box.left >= 0 && box.right <= width + 0.5 && !clipped;
}

/** Sets up a document with a processed mail from its owner's boss and an ignored one from a stranger. */
async function documentWithMail(page: Page): Promise<{ documentId: string; forwardEmail: string }> {
  const app = journeys.app();
  const { token } = await signIn(page);
  const created = await createDocumentByApi(app.baseUrl, token, { name: 'Boss mail', emails: ['boss@example.com'] });
  await sendMail(app, {
    from: 'Boss <boss@example.com>',
    to: created.forwardEmail,
    subject: SUBJECT,
    text: 'Hello team,\n\nThe quarterly budget is approved. Please send the final invoices by Friday.\n\nBest,\nBoss',
  });
  await sendMail(app, { from: STRANGER, to: created.forwardEmail, subject: STRANGER_SUBJECT, text: 'Click here to claim it.' });
  await page.goto(`/dashboard/doc/${created.documentId}`);
  await mailRow(page, SUBJECT).getByText('Processed', { exact: true }).waitFor(SETTLE);
  await mailRow(page, STRANGER_SUBJECT).getByText('Ignored', { exact: true }).waitFor(SETTLE);
  return created;
}

describe('the mail panel and the Processed Emails table', () => {
  it('puts the mail first, fits the table at 1280 and 1024 px, and opens a row in a panel with the block as written', async () => {
    const page = journeys.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    const { documentId, forwardEmail } = await documentWithMail(page);

    // First on the page: the table's heading is above the info cards, in the first viewport.
    const tableHeading = page.getByRole('heading', { name: 'Processed Emails', level: 2 }).first();
    const forwardCard = page.locator('section', { has: page.getByRole('heading', { name: 'Forward mail', exact: true }) });
    expect((await boxOf(tableHeading)).bottom).toBeLessThan(800);
    expect((await boxOf(tableHeading)).top).toBeLessThan((await boxOf(forwardCard)).top);

    // The forward address is shown whole, beside its copy.
    const address = forwardCard.getByRole('button').first();
    expect((await address.innerText()).trim()).toBe(forwardEmail);
    expect(await wholeOnScreen(forwardCard.locator('.info-card__address'), 1280)).toBe(true);

    // Status and the row's action in view, nothing scrolls sideways, at 1280 and at 1024 px.
    const allow = mailRow(page, STRANGER_SUBJECT).getByRole('button', { name: `Allow ${STRANGER} and process` });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 768 });
      expect(await sidewaysScroll(page), `at ${width} px`).toEqual({ page: 0, table: 0 });
      expect(await wholeOnScreen(processedEmailsTable(page).getByRole('columnheader', { name: 'Status' }), width), `Status at ${width} px`).toBe(true);
      expect(await wholeOnScreen(allow, width), `the allow button at ${width} px`).toBe(true);
      expect(await allow.innerText()).toContain(STRANGER);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, 'screens', 'document-page');

    // A row opens the panel: a dialog named by the mail's heading, the URL names the mail.
    const subject = mailRow(page, SUBJECT).getByRole('button', { name: SUBJECT });
    await subject.click();
    const panel = page.getByRole('dialog', { name: SUBJECT });
    await panel.waitFor();
    expect(new URL(page.url()).searchParams.get('mail')).toBeTruthy();
    await panel.getByText(/^From .*boss@example\.com/).waitFor();
    await panel.getByText('The quarterly budget is approved and the final invoices are due on Friday.').waitFor();
    await panel.getByRole('heading', { name: 'Key points' }).waitFor();
    await panel.getByText('Send the final invoices by Friday').waitFor();
    await panel.getByRole('heading', { name: 'Status history' }).waitFor();
    expect(await panel.locator('.mail-history__status').allInnerTexts()).toContain('Processed');
    const open = panel.getByRole('link', { name: 'Open in document' });
    expect(await open.getAttribute('target')).toBe('_blank');
    expect((await boxOf(panel)).right).toBeGreaterThan(1279);
    await keepScreenshot(page, 'screens', 'mail-panel');

    // Escape closes it and gives the focus back to the row.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => subject.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement), UNTIL_STEP).toBe(true);
    expect(new URL(page.url()).searchParams.get('mail')).toBeNull();

    // A reload with the mail in the URL opens it again.
    await subject.press('Enter');
    await panel.waitFor();
    await page.reload();
    await page.getByRole('dialog', { name: SUBJECT }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Search: by subject, then something nothing matches, then clear.
    const search = page.getByRole('search', { name: 'Filter processed emails' }).getByRole('searchbox', { name: 'Search mail' });
    await search.fill('budget');
    await expect.poll(() => processedEmailsTable(page).getByRole('row').count(), UNTIL_STEP).toBe(2);
    await mailRow(page, SUBJECT).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('budget');
    await search.fill('no such mail anywhere');
    await processedEmailsTable(page).getByText('No mail matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await mailRow(page, STRANGER_SUBJECT).waitFor();
    await page.getByRole('search', { name: 'Filter processed emails' }).getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Ignored' });
    await expect.poll(() => processedEmailsTable(page).getByRole('row').count(), UNTIL_STEP).toBe(2);
    await mailRow(page, STRANGER_SUBJECT).waitFor();

    // One search across all documents; a row opens its document with the panel.
    await page.goto('/dashboard/mail');
    await page.getByRole('heading', { name: 'Mail', level: 1 }).waitFor();
    await page.getByRole('search', { name: 'Search all mail' }).getByRole('searchbox', { name: 'Search mail' }).fill('quarterly');
    const all = page.getByRole('table', { name: 'All processed emails' });
    // Both mails until the search (sent once typing pauses) narrows it to one.
    await expect.poll(() => all.getByRole('row').count(), UNTIL_STEP).toBe(2);
    await all.getByRole('link', { name: 'Boss mail' }).waitFor();
    await keepScreenshot(page, 'screens', 'mail-search');
    await all.getByRole('button', { name: SUBJECT }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/doc/${documentId}` && url.searchParams.has('mail'));
    await page.getByRole('dialog', { name: SUBJECT }).waitFor();

    // The documents list's card shows the address whole too.
    await page.goto('/dashboard');
    const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Boss mail' });
    const cardAddress = card.locator('.document-card__address');
    expect((await cardAddress.innerText()).replace(/\s/g, '')).toBe(forwardEmail);
    expect(await wholeOnScreen(cardAddress, 1280)).toBe(true);
    await keepScreenshot(page, 'screens', 'documents-card');
  });

  it('shows each mail as a card with its status and action on a 390×844 phone, and the panel full screen', async () => {
    const page = journeys.page();
    await page.setViewportSize({ width: 1280, height: 800 });
    await documentWithMail(page);
    await page.setViewportSize({ width: 390, height: 844 });

    const stranger = mailRow(page, STRANGER_SUBJECT);
    await stranger.getByText('Ignored', { exact: true }).waitFor();
    expect(await sidewaysScroll(page)).toEqual({ page: 0, table: 0 });
    expect(await wholeOnScreen(stranger.getByText('Ignored', { exact: true }), 390)).toBe(true);
    expect(await wholeOnScreen(stranger.getByRole('button', { name: `Allow ${STRANGER} and process` }), 390)).toBe(true);
    const processed = mailRow(page, SUBJECT);
    expect(await wholeOnScreen(processed.getByText('Processed', { exact: true }), 390)).toBe(true);
    // A card: the row is no wider than the screen, and its cells stack (Status under Subject).
    const rowBox = await boxOf(processed);
    expect(rowBox.right).toBeLessThanOrEqual(390);
    expect((await boxOf(processed.getByRole('cell').nth(4))).top).toBeGreaterThan((await boxOf(processed.getByRole('cell').nth(1))).top);
    await processed.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'screens', 'phone-cards');

    await processed.getByRole('button', { name: SUBJECT }).click();
    const panel = page.getByRole('dialog', { name: SUBJECT });
    await panel.getByText('Send the final invoices by Friday').waitFor();
    // The panel slides in (160 ms); on a loaded machine the text may show before the slide ends.
    await expect.poll(async () => (await boxOf(panel)).left, UNTIL_STEP).toBeLessThanOrEqual(0.5);
    expect((await boxOf(panel)).right).toBeGreaterThanOrEqual(389.5);
    await keepScreenshot(page, 'screens', 'phone-panel');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });
});
