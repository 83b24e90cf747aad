// Journey (phone layout acceptance): the main pages at 390×844 in Chromium, starting with a document made
// in the onboarding guide before any plan (the plan page then names it). On each, the page's heading
// (its first content) is inside the first viewport with no scrolling, below the one bar at the top; no
// table column is off-screen without a line naming it ("Scroll for …"); the page itself needs no
// sideways scrolling. The menu button opens the navigation as a drawer. A screenshot of every page is
// kept in test-results/phone/ (CI keeps that folder as an artefact; it is git-ignored).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loaded } from './support/accessibility.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { boxOf, keepScreenshot } from './support/layout.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentByApi, expectDashboardShell, mailRow, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';
import type { DocumentListItem } from '../../src/contract/documents.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const journeys = useJourneys({ env: { SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' } });

async function scrollState(page: Page): Promise<{ scrollY: number; overflowX: number }> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as { scrollY: number; document: { documentElement: { scrollWidth: number; clientWidth: number } } };
    const root = scope.document.documentElement;
    return { scrollY: scope.scrollY, overflowX: root.scrollWidth - root.clientWidth };
  });
}

/**
 * Problems with the page as shown: the heading not in the first viewport or under the top bar, sideways
 * scrolling of the page, or a table column out of view with no hint naming it.
 */
async function layoutProblems(page: Page, heading: Locator): Promise<string[]> {
  const problems: string[] = [];
  const { scrollY, overflowX } = await scrollState(page);
  if (scrollY !== 0) problems.push(`opened scrolled by ${scrollY} px`);
  if (overflowX > 0) problems.push(`the page is ${overflowX} px wider than the screen`);

  const title = await boxOf(heading);
  if (title.top < 0 || title.bottom > PHONE.height) problems.push(`the heading is outside the first viewport (${title.top}–${title.bottom} px)`);
  const bars = page.getByRole('banner');
  if ((await bars.count()) > 0) {
    const bar = await boxOf(bars.first());
    if (bar.bottom > 80) problems.push(`the top bar is ${bar.bottom} px tall`);
    if (title.top < bar.bottom) problems.push('the heading is under the top bar');
  }

  for (const table of await page.getByRole('table').all()) {
    const name = (await table.getAttribute('aria-label')) ?? (await table.locator('xpath=ancestor::section[1]//h2').first().innerText().catch(() => 'a table'));
    const scroller = await boxOf(table.locator('xpath=..'));
    const visibleRight = Math.min(scroller.right, PHONE.width);
    const hidden: string[] = [];
    for (const header of await table.getByRole('columnheader').all()) {
      const cell = await boxOf(header);
      if (cell.right > visibleRight + 1 || cell.left < Math.max(scroller.left, 0) - 1) hidden.push((await header.innerText()).trim());
    }
    if (hidden.length === 0) continue;
    const hint = table.locator('xpath=../..').locator('.data-table__scroll-hint');
    const hintText = (await hint.count()) > 0 && (await hint.isVisible()) ? await hint.innerText() : '';
    const unnamed = hidden.filter((column) => !hintText.includes(column));
    if (unnamed.length > 0) problems.push(`${name}: ${unnamed.join(', ')} off-screen without a hint (hint: "${hintText}")`);
  }
  return problems;
}

describe('the app on a 390×844 phone', () => {
  it('shows each main page\'s heading in the first viewport, hints at columns off-screen and keeps a screenshot', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const problems: string[] = [];
    const check = async (name: string, heading: Locator) => {
      await heading.waitFor();
      await loaded(page);
      problems.push(...(await layoutProblems(page, heading)).map((problem) => `${name}: ${problem}`));
      await keepScreenshot(page, 'phone', name);
    };

    // A new account without a plan creates its first document in the onboarding guide: the document is
    // kept, and the plan page says so (also after a reload: it comes from the documents).
    const { token } = await signIn(page, undefined, { lands: 'plans' });
    await page.setViewportSize(PHONE);
    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Create my first document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Document' });
    await dialog.getByLabel('Document Name').fill('Weekly notes');
    await dialog.getByLabel('Source Emails').fill('ada@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(page, '/subscriptionPage');
    await page.reload();
    await page.getByText('Your document Weekly notes is ready; choose a plan to start processing mail').waitFor();
    await check('plan-page', page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }));
    const [created] = await callApi<DocumentListItem[]>(app.baseUrl, token, 'GET', 'google-docs');
    if (!created) throw new Error('the document made during onboarding was not kept');
    const { documentId, forwardEmail } = created;

    await page.setViewportSize(DESKTOP);
    await subscribeWithLocalCheckout(page);
    await sendMail(app, { from: 'ada@example.com', to: forwardEmail, subject: 'Quarterly figures from the supplier', text: 'Could you send me the Q3 figures by Friday?' });
    await page.setViewportSize(PHONE);

    await page.goto('/dashboard');
    await check('documents', page.getByRole('heading', { name: 'Documents', level: 1 }));

    await page.goto(`/dashboard/doc/${documentId}`);
    await mailRow(page, 'Quarterly figures from the supplier').waitFor();
    await check('document-details', page.getByRole('heading', { name: 'Weekly notes', level: 1 }));

    await page.goto('/dashboard/usage');
    await page.getByRole('heading', { name: 'Added Tokens' }).waitFor();
    await check('usage', page.getByRole('heading', { name: 'Usage', level: 1 }));

    await page.goto('/dashboard/settings');
    await check('settings', page.getByRole('heading', { name: 'Settings', level: 1 }));

    await page.goto('/dashboard/purchaseTokens');
    await check('purchase-tokens', page.getByRole('heading', { name: 'Purchase Tokens', level: 1 }));

    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('opens the navigation from the menu button as a drawer, and Escape closes it', async () => {
    const page = journeys.page();
    await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();

    // Folded: no sidebar, the balance in one line in the bar.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.isVisible()).toBe(false);
    const bar = page.getByRole('banner');
    await expect.poll(() => bar.getByRole('button', { name: /^[\d,]+ tokens$/ }).innerText(), UNTIL_STEP).toBe('500 tokens');

    const menu = bar.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Usage', exact: true }).waitFor({ state: 'visible' });
    await page.getByRole('region', { name: 'Tokens' }).waitFor({ state: 'visible' });
    await keepScreenshot(page, 'phone', 'menu-open');

    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);

    // Following a link closes it too, and the page's heading is the first thing below the bar.
    await menu.click();
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await nav.waitFor({ state: 'hidden' });
    await expectDashboardShellOnWideScreen(page);
  });
});

/** The controls (links, buttons, fields) the shown toasts cover: overlapped and otherwise on top at their centre. */
async function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rect = { left: number; right: number; top: number; bottom: number; width: number; height: number };
    type El = {
      getBoundingClientRect(): Rect;
      closest(selector: string): unknown;
      contains(other: unknown): boolean;
      textContent: string | null;
      getAttribute(name: string): string | null;
    };
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): Iterable<El>; elementsFromPoint(x: number, y: number): El[] } }).document;
    const toasts = [...doc.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
    const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    /** Shown to the user where the toast is not: not hidden under the sticky header, say. */
    const onTop = (control: El, box: Rect) => {
      const under = doc.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2).find((element) => !element.closest('.toast-viewport'));
      return under !== undefined && (under === control || control.contains(under));
    };
    return [...doc.querySelectorAll('a[href], button, input, select, textarea')]
      .filter((control) => !control.closest('.toast'))
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && toasts.some((toast) => overlaps(toast, box)) && onTop(control, box);
      })
      .map((control) => (control.getAttribute('aria-label') ?? control.textContent ?? '').trim());
  });
}

describe('toasts on a phone, a tablet and a wide screen', () => {
  it('cover no control of the document page or settings after a save', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page, undefined, { lands: 'plans' });
    await subscribeWithLocalCheckout(page);
    const { documentId } = await createDocumentByApi(app.baseUrl, token, { name: 'Toast check', emails: ['ada@example.com'] });
    const covered: string[] = [];

    for (const [size, viewport] of [['phone', PHONE], ['tablet', { width: 800, height: 1000 }], ['wide', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/doc/${documentId}`);
      const description = page.getByRole('textbox', { name: 'Description' });
      await description.fill(`Amounts and due dates (${size}).`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Description saved.' }).waitFor();
      covered.push(...(await controlsUnderToasts(page)).map((control) => `document page (${size}): ${control}`));
      await keepScreenshot(page, 'phone', `toast-document-${size}`);

      await page.goto('/dashboard/settings');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Payment email updated.' }).waitFor();
      covered.push(...(await controlsUnderToasts(page)).map((control) => `settings (${size}): ${control}`));
      await keepScreenshot(page, 'phone', `toast-settings-${size}`);
    }
    expect(covered).toEqual([]);
  });
});

/** Back on a wide screen the sidebar is there again, whatever the drawer was doing. */
async function expectDashboardShellOnWideScreen(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectDashboardShell(page);
  expect(await page.getByRole('banner').getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
}
