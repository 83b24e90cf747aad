// What a user does and sees, in the words of the screens (roles and labels, not CSS).
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';

export const AUTH_TOKEN_KEY = 'auth_token';

/** The page's own storage; the test tsconfig has no DOM types, hence the narrow shape. */
type PageStorage = { localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void } };

export function uniqueEmail(): string {
  return `e2e-${randomUUID()}@example.test`;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => (globalThis as unknown as PageStorage).localStorage.getItem(key), AUTH_TOKEN_KEY);
}

export function storeToken(page: Page, token: string): Promise<void> {
  return page.evaluate(
    ([key, value]) => (globalThis as unknown as PageStorage).localStorage.setItem(key, value),
    [AUTH_TOKEN_KEY, token] as const,
  );
}

/** The dashboard's sidebar navigation (Documents / Usage / Settings). */
export function sidebarNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** Waits until the dashboard shell shows its sidebar with the three links and the Logout button. */
export async function expectDashboardShell(page: Page): Promise<void> {
  const nav = sidebarNav(page);
  for (const label of ['Documents', 'Usage', 'Settings']) {
    await nav.getByRole('link', { name: label, exact: true }).waitFor({ state: 'visible' });
  }
  await page.getByRole('button', { name: 'Logout', exact: true }).waitFor({ state: 'visible' });
}

export interface ConsentChoice {
  email?: string;
  name?: string;
  /** The "Allow access to documents" box; ticked by default. */
  grantDocs?: boolean;
  decision: 'Allow' | 'Deny';
}

/** On /login: "Continue with Google", then the dev consent page, then Allow or Deny. */
export async function continueWithGoogle(page: Page, choice: ConsentChoice): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await waitForPath(page, '/oauth/dev/authorize');
  await page.getByLabel('Email', { exact: true }).fill(choice.email ?? uniqueEmail());
  await page.getByLabel('Name', { exact: true }).fill(choice.name ?? 'E2E User');
  const grant = page.getByRole('checkbox', { name: 'Allow access to documents' });
  if (choice.grantDocs === false) await grant.uncheck();
  else await grant.check();
  await page.getByRole('button', { name: choice.decision, exact: true }).click();
}

function base64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped token whose `exp` lies in the past (the signature is junk: the server never sees it). */
export function expiredToken(secondsAgo = 3_600): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({ sub: randomUUID(), sid: randomUUID(), iat: now - secondsAgo - 3_600, exp: now - secondsAgo });
  return `${header}.${payload}.${base64url('not-a-real-signature')}`;
}

/** A new user signs in through the dev consent page and lands on the documents list. */
export async function signIn(page: Page, email = uniqueEmail(), options: { lands?: 'dashboard' | 'plans' } = {}): Promise<{ email: string; token: string }> {
  await page.goto('/login');
  await continueWithGoogle(page, { email, name: 'E2E User', decision: 'Allow' });
  if (options.lands === 'plans') {
    // With billing on, a new account has no plan yet: the subscription guard sends it to plan selection.
    await waitForPath(page, '/subscriptionPage');
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
  } else {
    await waitForPath(page, '/dashboard');
    await expectDashboardShell(page);
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
  }
  const token = await storedToken(page);
  if (!token) throw new Error('signed in, but no token was stored');
  return { email, token };
}

export interface NewDocument {
  name: string;
  emails: string[];
  description?: string;
}

/** From the documents list: "+ Add New Document", fill the dialog, Create; resolves on the details page with its id. */
export async function createDocumentInUi(page: Page, document: NewDocument): Promise<string> {
  await page.getByRole('button', { name: '+ Add New Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Document' });
  await dialog.getByLabel('Document Name').fill(document.name);
  for (const email of document.emails) {
    await dialog.getByLabel('Source Emails').fill(email);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('list', { name: 'Added source emails' }).getByText(email, { exact: true }).waitFor();
  }
  if (document.description !== undefined) await dialog.getByLabel('Description').fill(document.description);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/doc/'));
  await page.getByRole('heading', { name: document.name, level: 1 }).waitFor();
  return pathOf(page).slice('/dashboard/doc/'.length);
}

/** A call to the app's /api with the user's token (to set up what a journey is not about). */
export async function callApi<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} /api/${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a document through the API; resolves with its forward address. */
export async function createDocumentByApi(baseUrl: string, token: string, document: NewDocument): Promise<{ documentId: string; forwardEmail: string }> {
  const documentId = randomUUID();
  const created = await callApi<{ forwardEmail: string }>(baseUrl, token, 'POST', 'createGoogleDoc', {
    documentId,
    docName: document.name,
    description: document.description ?? '',
    allowedEmails: document.emails,
  });
  return { documentId, forwardEmail: created.forwardEmail };
}

/** On the details page: the address shown on the "Forward mail" card. */
export async function forwardAddressOnDetails(page: Page): Promise<string> {
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Forward mail', exact: true }) });
  const address = (await card.getByRole('button').first().innerText()).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new Error(`the Forward mail card shows no address: "${address}"`);
  return address;
}

/** The details page's "Processed Emails" table. */
export function processedEmailsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Processed Emails' });
}

/** The row of the Processed Emails table whose subject is `subject`. */
export function mailRow(page: Page, subject: string): Locator {
  return processedEmailsTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: subject, exact: true }) });
}

/** On plan selection: choose Basic, pay on the local test-mode checkout, and go to the dashboard. */
export async function subscribeWithLocalCheckout(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Basic' }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/local-checkout/'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await waitForPath(page, '/success');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await waitForPath(page, '/dashboard');
  await expectDashboardShell(page);
}
