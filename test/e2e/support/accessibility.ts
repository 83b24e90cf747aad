// The accessibility journeys' shared steps: the theme a page starts in, axe's audit, console errors, overflow.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, describeViolations, isBlocking } from './axe.js';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const THEME_KEY = 'mailscribe.theme';

/** Every page of the test starts in `theme`, as if the visitor had chosen it earlier. */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.context().addInitScript(
    ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
    [THEME_KEY, theme] as const,
  );
}

export async function themeOfPage(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset['theme']);
}

/** Console errors of the page from now on (a failed request is one too). */
export function consoleErrors(page: Page): string[] {
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
export async function audit(page: Page, screen: string, theme: Theme, failures: string[], strict = false): Promise<void> {
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
export async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown; body: { innerText: string } } }).document;
    return !doc.querySelector('[aria-busy="true"]') && !/Loading/.test(doc.body.innerText);
  });
}

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}
