// Journey (documents acceptance): create a document, find it, sort, open it, change everything the
// details page offers, open the linked document, and delete it from the list.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { createDocumentByApi, createDocumentInUi, pathOf, signIn, waitForPath } from './support/steps.js';

// Billing is not what this journey is about: off, so no subscription is needed to reach the dashboard.
const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off' } });

/** The full names on the cards of the documents list, in the order shown (a card cuts long ones, its link's title has all). */
async function cardNames(page: Page): Promise<string[]> {
  const links = page.getByRole('list', { name: 'Documents' }).getByRole('heading', { level: 2 }).getByRole('link');
  return links.evaluateAll((elements) => elements.map((element) => element.getAttribute('title') ?? ''));
}

function card(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Waits until the blocking "Please wait…" overlay of a change is gone. */
async function changeSettled(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Please wait…' }).waitFor({ state: 'hidden' });
}

describe('documents in the browser', () => {
  it('creates, finds, sorts, edits, opens the linked document of, and deletes a document', async () => {
    const page = journeys.page();
    const { baseUrl } = journeys.app();
    const { token } = await signIn(page);
    // Another document, so that search and sort have something to tell apart.
    await createDocumentByApi(baseUrl, token, { name: 'Archive notes', emails: ['archive@example.com'] });

    // Create: the dialog leads to the new document's details page.
    const documentId = await createDocumentInUi(page, {
      name: 'Supplier invoices',
      emails: ['boss@example.com'],
      description: 'Amounts and due dates.',
    });
    expect(pathOf(page)).toBe(`/dashboard/doc/${documentId}`);
    await page.getByRole('list', { name: 'Allowed Source Emails' }).getByText('boss@example.com', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Amounts and due dates.');

    // Back to the list: both documents, Name (A–Z) first.
    await page.getByRole('link', { name: 'Back to documents' }).click();
    await waitForPath(page, '/dashboard/docs');
    // The list shows the new card at once and the other one when its refresh is answered.
    await expect.poll(() => cardNames(page), UNTIL_STEP).toEqual(['Archive notes', 'Supplier invoices']);

    // Search: a case-insensitive part of the name finds it alone.
    const search = page.getByRole('searchbox', { name: 'Search documents' });
    await search.fill('INVOIC');
    await card(page, 'Archive notes').waitFor({ state: 'detached' });
    expect(await cardNames(page)).toEqual(['Supplier invoices']);
    await search.press('Escape');
    await card(page, 'Archive notes').waitFor();

    // Sort: Name (Z–A) turns the order round.
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Name (Z–A)' });
    await expect.poll(() => cardNames(page), UNTIL_STEP).toEqual(['Supplier invoices', 'Archive notes']);

    // Open it from its card.
    await card(page, 'Supplier invoices').getByRole('link', { name: 'Supplier invoices', exact: true }).click();
    await waitForPath(page, `/dashboard/doc/${documentId}`);
    await page.getByRole('heading', { name: 'Supplier invoices', level: 1 }).waitFor();

    // Rename: click the title, type, Enter.
    await page.getByRole('heading', { level: 1 }).getByRole('button', { name: 'Supplier invoices' }).click();
    const nameField = page.getByRole('textbox', { name: 'Document name' });
    await nameField.fill('Supplier invoices 2026');
    await nameField.press('Enter');
    await page.getByRole('heading', { name: 'Supplier invoices 2026', level: 1 }).waitFor();
    await changeSettled(page);

    // Add an email, then remove it through the "Remove Email" confirmation.
    const allowed = page.getByRole('list', { name: 'Allowed Source Emails' });
    await page.getByRole('textbox', { name: 'New source email' }).fill('accounts@example.com');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await allowed.getByText('accounts@example.com', { exact: true }).waitFor();
    await changeSettled(page);
    await allowed.getByRole('button', { name: 'Remove accounts@example.com' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Email' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Are you sure you want to remove this email from the list');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await allowed.getByText('accounts@example.com', { exact: true }).waitFor({ state: 'detached' });
    await changeSettled(page);
    expect(await allowed.getByRole('listitem').allInnerTexts()).toEqual(['boss@example.com']);

    // Content Placement: Beginning → End.
    const placement = page.getByRole('combobox', { name: 'Content Placement' });
    expect(await placement.inputValue()).toBe('beginning');
    await placement.selectOption({ label: 'End' });
    // The select shows the new placement once the server has taken it.
    await expect.poll(() => placement.inputValue(), UNTIL_STEP).toBe('end');
    await changeSettled(page);

    // Description: edit and Save.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('Only the totals, please.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Description saved.').waitFor();

    // Everything above was stored: a fresh load of the page shows it.
    await page.reload();
    await page.getByRole('heading', { name: 'Supplier invoices 2026', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Only the totals, please.');
    expect(await page.getByRole('combobox', { name: 'Content Placement' }).inputValue()).toBe('end');
    expect(await page.getByRole('list', { name: 'Allowed Source Emails' }).getByRole('listitem').allInnerTexts()).toEqual(['boss@example.com']);

    // The Document Link opens the linked (local) document in a new tab, under the new name.
    const linkCard = page.locator('section', { has: page.getByRole('heading', { name: 'Document Link', exact: true }) });
    const [linked] = await Promise.all([journeys.context().waitForEvent('page'), linkCard.getByRole('link', { name: 'Open document' }).click()]);
    await linked.waitForLoadState();
    await linked.getByRole('heading', { name: 'Supplier invoices 2026', level: 1 }).waitFor();
    expect(new URL(linked.url()).pathname).toMatch(/^\/local-docs\//);
    await linked.close();

    // Back on the list, delete it through the confirmation.
    await page.getByRole('link', { name: 'Back to documents' }).click();
    await waitForPath(page, '/dashboard/docs');
    const ours = card(page, 'Supplier invoices 2026');
    await ours.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete document' });
    await deletion.waitFor();
    expect(await deletion.innerText()).toContain('Are you sure you want to delete the document');
    expect(await deletion.innerText()).toContain('Supplier invoices 2026');
    await deletion.getByRole('button', { name: 'Delete', exact: true }).click();
    await ours.waitFor({ state: 'detached' });
    expect(await cardNames(page)).toEqual(['Archive notes']);

    // Gone for good: not on a fresh list, and its page is not found.
    await page.reload();
    await card(page, 'Archive notes').waitFor();
    expect(await cardNames(page)).toEqual(['Archive notes']);
    await page.goto(`/dashboard/doc/${documentId}`);
    await page.getByRole('heading', { name: 'Nie znaleziono dokumentu.' }).waitFor();
  });
});
