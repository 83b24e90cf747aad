// Journeys (polish acceptance): axe-core, injected into the real page, finds no serious or critical
// violation on the landing page, login, the dashboard, a document's details, usage and settings (and
// the legal pages, onboarding, the shared dialogs, the plan page, purchase tokens and the payment outcomes,
// the mail panel and the mail filters), in the light and in the dark theme, on a wide
// screen and on a 390×844 phone (with the menu drawer open too); those screens log no console error,
// and the signed-in ones need no horizontal scrolling at 360 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, isBlocking } from './support/axe.js';
import { useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { createDocumentByApi, mailRow, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const THEME_KEY = 'mailscribe.theme';

/** Every page of the test starts in `theme`, as if the visitor had chosen it earlier. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.context().addInitScript(
    ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
    [THEME_KEY, theme] as const,
  );
}

async function themeOfPage(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset['theme']);
}

/** Console errors of the page from now on (a failed request is one too). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

/**
 * Runs axe on the screen as it is and collects what would fail, under the screen's name: serious and
 * critical violations, or every one with `strict`.
 */
async function audit(page: Page, screen: string, theme: Theme, failures: string[], strict = false): Promise<void> {
  expect(await themeOfPage(page), `${screen} is shown in the ${theme} theme`).toBe(theme);
  // Colours are measured once fade-ins are over.
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  const blocking = (await axeViolations(page)).filter((violation) => strict || isBlocking(violation));
  if (blocking.length > 0) failures.push(`${screen} (${theme}):\n${describeViolations(blocking)}`);
}

/**
 * The screen shows what it loaded: nothing marked busy and no "Loading" text left. Not `networkidle`:
 * the live-updates stream keeps a request open for as long as the page is.
 */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown; body: { innerText: string } } }).document;
    return !doc.querySelector('[aria-busy="true"]') && !/Loading/.test(doc.body.innerText);
  });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

describe('accessibility of the public screens', () => {
  // Billing on (the local test-mode prices): the landing page shows its plan cards.
  const journeys = useJourneys({ env: { SUPPORT_EMAIL: 'help@mailscribe.test', SOCIAL_URL: 'https://www.linkedin.com/company/mailscribe' } });

  for (const theme of THEMES) {
    it(`finds no serious or critical violation on the landing page and login in the ${theme} theme`, async () => {
      const page = journeys.page();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      await page.goto('/');
      await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Simple, Transparent Pricing' }).getByRole('link', { name: 'Get Started' }).first().waitFor();
      await page.getByRole('link', { name: 'help@mailscribe.test' }).waitFor();
      await audit(page, 'landing', theme, failures);

      // The FAQ open, and the burger menu of a small screen.
      await page.getByText('What is a token?').click();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).waitFor();
      await audit(page, 'landing at 360 px with the menu open', theme, failures);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await audit(page, 'login', theme, failures);

      for (const [path, title] of [
        ['/termsOfUse', 'Terms of Use'],
        ['/privacyPolicy', 'Privacy Policy'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByRole('article').getByRole('link', { name: 'help@mailscribe.test' }).first().waitFor();
        await audit(page, title, theme, failures);
      }

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it("follows the system's dark preference from the first paint until a theme is chosen, and keeps the choice", async () => {
    const page = journeys.page();
    await page.emulateMedia({ colorScheme: 'dark' });
    const failures: string[] = [];

    await page.goto('/');
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Simple, Transparent Pricing' }).getByRole('link', { name: 'Get Started' }).first().waitFor();
    await audit(page, 'landing, system dark', 'dark', failures);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeOfPage(page)).toBe('light');
    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    expect(await themeOfPage(page)).toBe('dark');
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});

describe('accessibility of the signed-in screens', () => {
  // Billing off: a new user reaches the dashboard without a subscription.
  const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off' } });

  for (const theme of THEMES) {
    it(`finds no serious or critical violation on the dashboard, document details, usage and settings in the ${theme} theme`, async () => {
      const page = journeys.page();
      const { baseUrl } = journeys.app();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      const { token } = await signIn(page);
      await page.getByRole('button', { name: 'Create your first document' }).waitFor();
      await audit(page, 'dashboard, no documents yet', theme, failures);

      await page.goto('/onboarding');
      await page.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor();
      await audit(page, 'onboarding', theme, failures);

      const { documentId } = await createDocumentByApi(baseUrl, token, {
        name: 'Supplier invoices',
        emails: ['accounts@supplier.example'],
        description: 'Amounts and due dates.',
      });
      await page.goto('/dashboard');
      await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'Supplier invoices' }).waitFor();
      await audit(page, 'dashboard', theme, failures);

      // The shared dialogs: a form dialog and a confirmation, each at least 400 px wide.
      await page.getByRole('button', { name: '+ Add New Document' }).click();
      const createDialog = page.getByRole('dialog', { name: 'Add New Document' });
      await createDialog.waitFor();
      expect((await createDialog.boundingBox())?.width).toBeGreaterThanOrEqual(400);
      await audit(page, 'the "Add New Document" dialog', theme, failures);
      await page.keyboard.press('Escape');
      await createDialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Document menu' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete document' });
      await confirm.waitFor();
      expect((await confirm.boundingBox())?.width).toBeGreaterThanOrEqual(400);
      await audit(page, 'the "Delete document" confirmation', theme, failures);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      await page.goto(`/dashboard/doc/${documentId}`);
      await page.getByRole('heading', { name: 'Supplier invoices', level: 1 }).waitFor();
      await page.getByRole('list', { name: 'Allowed Source Emails' }).waitFor();
      await page.getByRole('table', { name: 'Processed Emails' }).waitFor();
      await audit(page, 'document details', theme, failures);

      await page.goto('/dashboard/usage');
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Token Usage' }).waitFor();
      await page.getByRole('heading', { name: 'Added Tokens' }).waitFor();
      await loaded(page);
      await audit(page, 'usage', theme, failures);

      await page.goto('/dashboard/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await loaded(page);
      await audit(page, 'settings', theme, failures);

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  for (const theme of THEMES) {
    it(`finds no serious or critical violation at phone size (390×844), menu drawer included, in the ${theme} theme`, async () => {
      const page = journeys.page();
      const { baseUrl } = journeys.app();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      const { token } = await signIn(page);
      const { documentId } = await createDocumentByApi(baseUrl, token, { name: 'Pocket notes', emails: ['ada@example.com'] });
      await page.setViewportSize({ width: 390, height: 844 });

      await page.goto('/dashboard');
      await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: 'Pocket notes' }).waitFor();
      await loaded(page);
      await audit(page, 'dashboard at 390 px', theme, failures);

      const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menu.click();
      await page.getByRole('navigation', { name: 'Dashboard' }).waitFor({ state: 'visible' });
      await audit(page, 'the menu drawer at 390 px', theme, failures);
      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Dashboard' }).waitFor({ state: 'hidden' });

      for (const [path, name, ready] of [
        [`/dashboard/doc/${documentId}`, 'document details', () => page.getByRole('table', { name: 'Processed Emails' }).waitFor()],
        ['/dashboard/usage', 'usage', () => page.getByRole('heading', { name: 'Added Tokens' }).waitFor()],
        ['/dashboard/settings', 'settings', () => page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()],
      ] as const) {
        await page.goto(path);
        await ready();
        await loaded(page);
        await audit(page, `${name} at 390 px`, theme, failures);
      }

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  it('starts the dashboard with "Skip to content" and puts the focus on the new page\'s heading after each navigation', async () => {
    const page = journeys.page();
    await signIn(page);
    await page.goto('/dashboard/usage');
    await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor();

    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string | null } | null } }).document.activeElement;
      return active ? `${active.tagName.toLowerCase()}: ${(active.textContent ?? '').trim()}` : '';
    });
    expect(await focused()).toBe('a: Skip to content');
    await page.keyboard.press('Enter');
    expect(await focused()).toMatch(/^main: /);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(focused).toBe('h1: Settings');
  });

  it('needs no horizontal scrolling at 360 px on the signed-in screens', async () => {
    const page = journeys.page();
    const { baseUrl } = journeys.app();
    const { token } = await signIn(page);
    const { documentId } = await createDocumentByApi(baseUrl, token, { name: 'Narrow screens', emails: ['a@example.com'] });
    await page.setViewportSize({ width: 360, height: 740 });

    const screens: [string, () => Promise<void>][] = [
      ['/dashboard', () => page.getByRole('list', { name: 'Documents' }).waitFor()],
      [`/dashboard/doc/${documentId}`, () => page.getByRole('table', { name: 'Processed Emails' }).waitFor()],
      ['/dashboard/usage', () => page.getByRole('heading', { name: 'Added Tokens' }).waitFor()],
      ['/dashboard/settings', () => page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()],
      ['/onboarding', () => waitForPath(page, '/dashboard')],
    ];
    const overflowing: string[] = [];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      await loaded(page);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${path}: ${overflow} px too wide`);
    }
    expect(overflowing).toEqual([]);
  });
});

describe('accessibility of the mail panel and the mail search', () => {
  // Billing off, no DNS lookups, a quick job poll: the mail is processed while the test waits.
  const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' } });

  for (const theme of THEMES) {
    it(`finds no violation at all on the document page with filters used and the mail panel open, wide and at 390 px, in the ${theme} theme`, async () => {
      const page = journeys.page();
      const app = journeys.app();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      const { token } = await signIn(page);
      const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Supplier invoices', emails: ['accounts@supplier.example'] });
      await sendMail(app, { from: 'accounts@supplier.example', to: forwardEmail, subject: 'Invoice 42 is due', text: 'Invoice 42 for 1,200 EUR is due on Friday.' });
      await sendMail(app, { from: 'mallory@unknown.test', to: forwardEmail, subject: 'You won a prize', text: 'Click here to claim it.' });
      await page.goto(`/dashboard/doc/${documentId}`);
      await mailRow(page, 'Invoice 42 is due').getByText('Processed', { exact: true }).waitFor({ timeout: 30_000 });
      await mailRow(page, 'You won a prize').getByText('Ignored', { exact: true }).waitFor({ timeout: 30_000 });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.goto(`/dashboard/doc/${documentId}?status=ignored`);
        await mailRow(page, 'You won a prize').waitFor();
        await loaded(page);
        await audit(page, `document page filtered at ${width} px`, theme, failures, true);

        await page.goto(`/dashboard/doc/${documentId}`);
        await mailRow(page, 'Invoice 42 is due').getByRole('button', { name: 'Invoice 42 is due' }).click();
        const panel = page.getByRole('dialog', { name: 'Invoice 42 is due' });
        await panel.getByRole('heading', { name: 'Status history' }).waitFor();
        await loaded(page);
        await audit(page, `the mail panel at ${width} px`, theme, failures, true);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
      }

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/mail?q=invoice');
      await page.getByRole('table', { name: 'All processed emails' }).getByRole('link', { name: 'Supplier invoices' }).waitFor();
      await loaded(page);
      await audit(page, 'the mail search', theme, failures, true);

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('accessibility of the billing screens', () => {
  // Billing on (the local test-mode checkout): the plan page, buying tokens and the payment outcomes.
  const journeys = useJourneys({ env: { SENDER_AUTH: 'off' } });

  for (const theme of THEMES) {
    it(`finds no serious or critical violation on the plan page, purchase tokens and the payment outcomes in the ${theme} theme, wide and at 390 px`, async () => {
      const page = journeys.page();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      await signIn(page, undefined, { lands: 'plans' });
      await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
      await loaded(page);
      await audit(page, 'plan page, no plan yet', theme, failures);
      // The success page asks the server about its checkout: the one just paid.
      let successPath = '';
      page.on('framenavigated', (frame) => {
        const url = new URL(frame.url());
        if (url.pathname === '/success') successPath = `${url.pathname}${url.search}`;
      });
      await subscribeWithLocalCheckout(page);
      expect(successPath).toMatch(/^\/success\?session_id=cs_local_/);

      const screens = [
        ['/subscriptionPage', 'plan page, subscribed', () => page.getByText('You are on the Basic plan.', { exact: false }).waitFor()],
        ['/dashboard/purchaseTokens', 'purchase tokens', () => page.getByRole('button', { name: /purchase/i }).first().waitFor()],
        [successPath, 'payment success', () => page.getByText('You are now on the Basic plan', { exact: false }).waitFor()],
        ['/cancel?type=tokens', 'payment cancelled', () => page.getByRole('link', { name: 'Try Again' }).waitFor()],
      ] as const;
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const [path, name, ready] of screens) {
          await page.goto(path);
          await ready();
          await loaded(page);
          await audit(page, `${name} at ${width} px`, theme, failures);
        }
      }

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
