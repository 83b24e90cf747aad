// A real Chromium (the distribution's, driven by playwright-core) and the per-file harness the journeys
// share: one app process per file and one browser per run, a fresh browser context (empty storage) per test,
// and a test that fails on any uncaught error in the page.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, onTestFailed } from 'vitest';
import { startApp, type RunningApp } from './app-process.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/** How long one step (a click, a navigation, an element to appear) may take. */
export const STEP_TIMEOUT_MS = 15_000;

/** For `expect.poll(…, UNTIL_STEP)`: a value the page shows may take as long as a step (vitest's default is 1 s). */
export const UNTIL_STEP = { timeout: STEP_TIMEOUT_MS, interval: 100 } as const;

type PageGlobals = { location: { href: string }; document: { body: { innerText: string } | null } };

/** Where the page really is (page.url() can miss a replace during load) and what it shows. */
async function describePage(page: Page): Promise<string> {
  try {
    const { href, text } = await page.evaluate(() => {
      const scope = globalThis as unknown as PageGlobals;
      return { href: scope.location.href, text: scope.document.body?.innerText ?? '' };
    });
    return `${href}\npage text (start): ${text.replace(/\s+/g, ' ').slice(0, 300)}`;
  } catch {
    return page.url();
  }
}

/**
 * The run's shared Chromium (started once by global-setup.ts), or a browser of its own when the file runs
 * without that global setup. `close()` on a connected browser closes only this file's contexts.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint, { timeout: 60_000 });
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

export interface Journeys {
  app(): RunningApp;
  /** This test's page, in a context of its own. */
  page(): Page;
  /** This test's browser context (to wait for a page a link opens in a new tab). */
  context(): BrowserContext;
}

export interface JourneyOptions {
  /** App variables for this file's app (e.g. `{ BILLING: 'off', SENDER_AUTH: 'off' }`). */
  env?: Record<string, string>;
}

/** Registers the hooks of a journey file; call it once at the top of the file (or describe block). */
export function useJourneys(options: JourneyOptions = {}): Journeys {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];
  let consoleLines: string[] = [];
  let lastUrl = '(no page)';

  beforeAll(async () => {
    const [startedApp, launched] = await Promise.allSettled([startApp(options.env), launchBrowser()]);
    if (startedApp.status === 'fulfilled') app = startedApp.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (startedApp.status === 'rejected') throw startedApp.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    if (!app || !browser) throw new Error('the app or the browser did not start');
    pageErrors = [];
    consoleLines = [];
    lastUrl = '(no page)';
    context = await browser.newContext({ baseURL: app.baseUrl });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
    // Every page of the context, also one a link opens in a new tab.
    context.on('page', (opened) => {
      opened.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
      opened.on('crash', () => pageErrors.push('the page crashed'));
      opened.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
      // Requests that failed or were refused: a journey that stalls usually shows why here.
      opened.on('requestfailed', (request) => consoleLines.push(`[request failed] ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`));
      opened.on('response', (response) => {
        if (response.status() >= 400) consoleLines.push(`[response ${response.status()}] ${response.request().method()} ${response.url()}`);
      });
    });
    page = await context.newPage();

    // Runs after afterEach, so it reads what afterEach saved.
    const failedApp = app;
    onTestFailed(() => {
      console.error(
        [
          `page URL at the end of the test: ${lastUrl}`,
          `browser console:\n${consoleLines.join('\n') || '(empty)'}`,
          `app output (tail):\n${failedApp.output().slice(-4_000) || '(empty)'}`,
        ].join('\n\n'),
      );
    });
  });

  afterEach(async () => {
    const errors = pageErrors;
    if (page && !page.isClosed()) lastUrl = await describePage(page);
    await context?.close();
    context = undefined;
    page = undefined;
    if (errors.length > 0) throw new Error(`uncaught error(s) in the page:\n${errors.join('\n')}`);
  });

  return {
    app: () => {
      if (!app) throw new Error('the app is not running');
      return app;
    },
    page: () => {
      if (!page) throw new Error('no page: page() is only available inside a test');
      return page;
    },
    context: () => {
      if (!context) throw new Error('no context: context() is only available inside a test');
      return context;
    },
  };
}
