// Journeys (landing acceptance): a visitor reads the landing page, goes to the pricing section and on to
// sign-up; the theme they choose survives a reload; the page works at 360 px with its burger menu; the
// legal pages are one click away. And a new account starts with the onboarding guide.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleErrors, themeOfPage } from './support/accessibility.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { continueWithGoogle, expectDashboardShell, pathOf, uniqueEmail, waitForPath } from './support/steps.js';

type PageGlobals = {
  document: { documentElement: { dataset: Record<string, string>; scrollWidth: number; clientWidth: number }; activeElement: { id?: string } | null };
  innerHeight: number;
  localStorage: { getItem(key: string): string | null };
  getComputedStyle(element: unknown): { backgroundColor: string };
};

function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as PageGlobals & { document: { body: unknown } };
    return scope.getComputedStyle(scope.document.body).backgroundColor;
  });
}

/** Whether the element's top edge sits just under the sticky navbar (scrolled to), within the viewport. */
async function scrolledTo(page: Page, id: string): Promise<boolean> {
  return page.evaluate((sectionId) => {
    const scope = globalThis as unknown as { document: { getElementById(id: string): { getBoundingClientRect(): { top: number } } | null } };
    const element = scope.document.getElementById(sectionId);
    if (!element) return false;
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < 120;
  }, id);
}

describe('the landing page in the browser', () => {
  // Billing on, with the local test-mode prices: Basic $9 for 500 tokens, Professional $29 for 2,000, a token $0.02.
  const journeys = useJourneys({ env: { SUPPORT_EMAIL: 'help@mailscribe.test', SOCIAL_URL: 'https://www.linkedin.com/company/mailscribe' } });

  it('goes from the landing page to the pricing section, and from "Get Started" to register', async () => {
    const page = journeys.page();
    const errors = consoleErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    // The storefront shows before the rest of the app is loaded: no router, no other screen.
    expect(scripts.some((path) => /\/assets\/boot-/.test(path))).toBe(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    const pricing = page.getByRole('region', { name: 'Simple, Transparent Pricing' });
    await expect.poll(() => scrolledTo(page, 'subscription'), UNTIL_STEP).toBe(true);
    expect(new URL(page.url()).hash).toBe('#subscription');

    await pricing.getByRole('heading', { name: 'Professional', level: 3 }).waitFor();
    const text = await pricing.innerText();
    for (const expected of [
      'Choose the plan that fits your needs. No hidden fees, cancel anytime.',
      'Tax included in prices',
      'Explore our core features with limited usage',
      'Full-featured plan',
      'Most Popular',
      '$0.0180 per token',
      '$0.0145 per token',
      'Need extra tokens ?',
      '$0.0200 per token',
      'How tokens are calculated:',
    ]) {
      expect(text).toContain(expected);
    }
    const cards = pricing.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Get Started' }) });
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(1).innerText()).toContain('Most Popular');
    expect(await cards.nth(0).innerText()).not.toContain('Most Popular');

    await cards.nth(0).getByRole('link', { name: 'Get Started' }).click();
    await waitForPath(page, '/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();

    // Back: the landing page again, now inside the app.
    await page.goBack();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('keeps the chosen theme over a reload and on the other screens', async () => {
    const page = journeys.page();
    await page.goto('/');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
    await toggle.waitFor();
    expect(await themeOfPage(page)).toBe('light');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const lightBackground = await bodyBackground(page);

    await toggle.click();
    expect(await themeOfPage(page)).toBe('dark');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await bodyBackground(page)).not.toBe(lightBackground);

    await page.reload();
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    expect(await themeOfPage(page)).toBe('dark');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await themeOfPage(page)).toBe('dark');

    // And back to light, remembered as well.
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 }).waitFor();
    expect(await themeOfPage(page)).toBe('light');
  });

  it('works at 360 px: no horizontal scrolling, and a burger menu with the navbar items', async () => {
    const page = journeys.page();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('region', { name: 'Simple, Transparent Pricing' }).getByRole('link', { name: 'Get Started' }).first().waitFor();

    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as PageGlobals).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const burger = page.getByRole('button', { name: 'Menu' });
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['How it works', 'Features', 'Pricing', 'FAQ', 'Privacy Policy', 'Terms Of Use', 'Sign In', 'Start']);

    await menu.getByRole('link', { name: 'FAQ' }).click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => scrolledTo(page, 'faq'), UNTIL_STEP).toBe(true);

    // The FAQ opens with the keyboard.
    const question = page.getByText('What happens to my mail when I run out of tokens?');
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Nothing is lost.', { exact: false }).waitFor();

    await burger.click();
    await menu.getByRole('link', { name: 'Start' }).click();
    await waitForPath(page, '/register');
  });

  it('reaches the legal pages from the footer, with the support address of the configuration', async () => {
    const page = journeys.page();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'help@mailscribe.test' }).getAttribute('href')).toBe('mailto:help@mailscribe.test');
    expect(await footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe('https://www.linkedin.com/company/mailscribe');

    await footer.getByRole('link', { name: 'Terms Of Use' }).click();
    await waitForPath(page, '/termsOfUse');
    const terms = page.getByRole('article');
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
    await terms.getByRole('link', { name: 'help@mailscribe.test' }).first().waitFor();
    const termsText = await terms.innerText();
    expect(termsText).toContain('Last updated: 1 September 2025');
    expect(termsText).toContain('at least 30 days notice');
    expect(termsText).toContain('are non-refundable');
    expect(termsText).toContain('[Jurisdiction to be specified]');

    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await waitForPath(page, '/privacyPolicy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await page.getByRole('article').innerText()).toContain('Last updated: 1 September 2025');

    // Straight to a legal page (its code loads on demand).
    await page.goto('/termsOfUse');
    await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
  });

  it('opens /pricing at the pricing section for a visitor', async () => {
    const page = journeys.page();
    await page.goto('/pricing');
    await waitForPath(page, '/');
    await page.getByRole('region', { name: 'Simple, Transparent Pricing' }).getByRole('link', { name: 'Get Started' }).first().waitFor();
    await expect.poll(() => scrolledTo(page, 'subscription'), UNTIL_STEP).toBe(true);
    expect(pathOf(page)).toBe('/');
  });
});

describe('the landing video in the browser', () => {
  const videoUrl = 'https://www.youtube-nocookie.com/embed/mailscribe-tour';
  const journeys = useJourneys({ env: { LANDING_VIDEO_URL: videoUrl } });

  it('loads nothing from the video host until Play, then embeds the configured video as the CSP allows', async () => {
    const page = journeys.page();
    const cspMessages: string[] = [];
    const videoRequests: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspMessages.push(message.text());
    });
    page.on('request', (request) => {
      if (request.url().startsWith('https://www.youtube-nocookie.com/')) videoRequests.push(request.url());
    });

    await page.goto('/');
    const play = page.getByRole('button', { name: 'Play the product video' });
    await play.waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(videoRequests).toEqual([]);

    await play.click();
    const frame = page.getByTitle('Mailscribe product video');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${videoUrl}?autoplay=1`);
    // The host may be unreachable from the test machine; what matters is that the page may frame it.
    await expect.poll(() => videoRequests.length, UNTIL_STEP).toBeGreaterThan(0);
    expect(cspMessages).toEqual([]);
  });
});

describe('the onboarding guide in the browser', () => {
  // Billing off: a new user reaches the documents without a subscription.
  const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off' } });

  it('greets a new account after sign-up, walks through the steps and is gone once the first document exists', async () => {
    const page = journeys.page();
    const errors = consoleErrors(page);

    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Start' }).click();
    await waitForPath(page, '/register');
    await continueWithGoogle(page, { email: uniqueEmail(), name: 'New Customer', decision: 'Allow' });

    await waitForPath(page, '/onboarding-after-signup');
    await page.getByRole('heading', { name: 'Welcome to Mailscribe', level: 1 }).waitFor();
    await page.getByText('Step 1 of 3').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Set up forwarding', level: 2 }).waitFor();
    const walkthrough = await page.locator('details', { hasText: 'Gmail, step by step' }).innerText();
    expect(walkthrough).toContain('Confirm Gmail forwarding');
    expect(walkthrough).toContain('Copy code');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Watch summaries arrive', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Create my first document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Document' });
    await dialog.getByLabel('Document Name').fill('First document');
    await dialog.getByLabel('Source Emails').fill('boss@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/doc/'));
    await page.getByRole('heading', { name: 'First document', level: 1 }).waitFor();

    // With a document, the guide is not shown again.
    await page.goto('/onboarding');
    await waitForPath(page, '/dashboard');
    await expectDashboardShell(page);
    expect(errors).toEqual([]);
  });

  it('can be skipped, and is offered again from the empty documents list', async () => {
    const page = journeys.page();
    await page.goto('/register');
    await continueWithGoogle(page, { email: uniqueEmail(), decision: 'Allow' });
    await waitForPath(page, '/onboarding-after-signup');

    await page.getByRole('link', { name: 'Skip guide' }).click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: 'New here? Follow the setup guide' }).click();
    await waitForPath(page, '/onboarding');
    await page.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor();
  });

  it('sends a signed-in visitor of the landing page to the dashboard', async () => {
    const page = journeys.page();
    await page.goto('/login');
    await continueWithGoogle(page, { email: uniqueEmail(), decision: 'Allow' });
    await waitForPath(page, '/dashboard');
    // Signed in and settled: the dashboard has verified the session before the visitor leaves it.
    await expectDashboardShell(page);

    await page.goto('/');
    await expectDashboardShell(page);
    // The page's own address: the redirect replaces history while the page is still loading, which
    // page.url() does not always catch.
    expect(await page.evaluate(() => (globalThis as unknown as { location: { pathname: string } }).location.pathname)).toBe('/dashboard');
  });
});
