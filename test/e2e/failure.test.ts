// Journeys (failure that looks designed): with the app's server stopped, the app says "Offline —
// reconnecting" and the banner goes by itself once the server answers again; a page whose code is gone
// after a deployment (its chunk deleted from the served files) reloads the page once by itself and then
// shows the app's error screen, never React Router's developer page; a page whose code cannot load
// while the server is down shows the error screen, and its "Try again" opens the page once the server
// is back. The banner and the error screen have no serious axe violation in either theme.
//
// The app serves a copy of the built web app (WEB_DIR), so deleting a chunk breaks nothing for the
// other journey files that use dist/web.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/app-process.js';
import { axeViolations, describeViolations, isBlocking } from './support/axe.js';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { sidebarNav, signIn } from './support/steps.js';

const webCopy = mkdtempSync(join(tmpdir(), 'mailscribe-e2e-web-'));
// Registered before useJourneys' hooks, so the copy exists when the app starts.
beforeAll(() => cpSync(join(ROOT, 'dist/web'), webCopy, { recursive: true }));
afterAll(() => rmSync(webCopy, { recursive: true, force: true }));

const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off', WEB_DIR: webCopy } });

/** Deletes a page's code from the served files (every encoding), as a deployment that renamed it does. */
function deleteChunk(prefix: string): string[] {
  const assets = join(webCopy, 'assets');
  const gone = readdirSync(assets).filter((file) => file.startsWith(prefix) && /\.js(\.br|\.gz)?$/.test(file));
  if (gone.length === 0) throw new Error(`no chunk named ${prefix}*.js in ${assets}`);
  for (const file of gone) rmSync(join(assets, file));
  return gone;
}

type Marked = { __failureJourneyMarker?: string };

/** Marks the document: a reload (a new document) drops the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => void ((globalThis as unknown as Marked).__failureJourneyMarker = 'before'));
}

async function documentMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as Marked).__failureJourneyMarker === 'before');
}

async function audit(page: Page, screen: string, failures: string[]): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    // The toggle (aria-pressed) says whether the dark theme is on.
    const toggle = page.getByRole('button', { name: 'Dark theme' }).first();
    if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
    // Colours are measured once the theme's transitions are over (the banner's pulse never ends).
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] } }).document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );
    const blocking = (await axeViolations(page)).filter(isBlocking);
    if (blocking.length > 0) failures.push(`${screen} (${theme}):\n${describeViolations(blocking)}`);
  }
}

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Offline — reconnecting' });

describe('failure that looks designed', () => {
  it('says "Offline — reconnecting" while the server is stopped, and the banner goes by itself when it is back', async () => {
    const page = journeys.page();
    const app = journeys.app();
    await signIn(page);
    expect(await offlineBanner(page).count()).toBe(0);

    await app.halt();
    try {
      await offlineBanner(page).waitFor({ timeout: 20_000 });
      const failures: string[] = [];
      await audit(page, 'the offline banner', failures);
      expect(failures, failures.join('\n\n')).toEqual([]);
    } finally {
      await app.start();
    }

    await offlineBanner(page).waitFor({ state: 'detached', timeout: 20_000 });
    // The page is the app's still, with its data.
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
  });

  it('reloads once by itself when a page\'s code is gone after a deployment, then shows the error screen, not the developer page', async () => {
    const page = journeys.page();
    await signIn(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    deleteChunk('usage-page-');
    await markDocument(page);

    await sidebarNav(page).getByRole('link', { name: 'Usage', exact: true }).click();

    await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' }).count()).toBe(1);
    // One automatic reload, and only one.
    expect(await documentMarked(page)).toBe(false);
    expect(loads).toHaveLength(1);
    expect(new URL(loads[0] ?? '').pathname).toBe('/dashboard/usage');
    expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('mailscribe.chunk-reload'))).not.toBeNull();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await page.getByText('Hey developer').count()).toBe(0);
    // The shell stays: the other pages are a click away.
    await sidebarNav(page).getByRole('link', { name: 'Documents', exact: true }).waitFor();
    await expect.poll(() => loads.length, UNTIL_STEP).toBe(1);

    const failures: string[] = [];
    await audit(page, 'the error screen', failures);
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  it('shows the error screen for a page that cannot load while the server is down, and "Try again" opens it once the server is back', async () => {
    const page = journeys.page();
    const app = journeys.app();
    await signIn(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    await app.halt();
    try {
      // Settings has not been opened yet: its code is not in the page.
      await sidebarNav(page).getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor({ timeout: 20_000 });
      await offlineBanner(page).waitFor();
      // No reload while the server is down (that would show the browser's own error page).
      expect(loads).toHaveLength(0);
    } finally {
      await app.start();
    }

    await offlineBanner(page).waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(loads).toHaveLength(1);
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
  });
});
