// Journeys (polish acceptance): axe-core, injected into the real page, finds no serious or critical
// violation on the landing page, login, the dashboard, a document's details, usage and settings (and
// the legal pages, onboarding and the shared dialogs), in the light and in the dark theme, on a wide
// screen and on a 390×844 phone (with the menu drawer open too); those screens log no console error,
// and the signed-in ones need no horizontal scrolling at 360 px. The mail panel, the mail search and the
// billing screens: accessibility-mail-and-billing.test.ts.
import { describe, expect, it } from 'vitest';
import { audit, consoleErrors, horizontalOverflow, loaded, themeOfPage, THEMES, useTheme } from './support/accessibility.js';
import { useJourneys } from './support/browser.js';
import { createDocumentByApi, signIn, waitForPath } from './support/steps.js';

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
