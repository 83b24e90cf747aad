// Journey (issue 14, actions on each row): on a document's page, a mail from a sender not on the
// allow-list shows Ignored with "Allow <sender> and process"; one click adds the sender and the row
// turns Processed, without a reload. A mail the model refuses shows Failed with "Retry"; once the model
// answers again, Retry turns it Processed. The model is a local OpenAI-compatible fake, so it can refuse.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FakeChatAnswer } from '../support/fakes/fake-openai.server.js';
import { STEP_TIMEOUT_MS, useJourneys } from './support/browser.js';
import { mailJourneyEnv, sendMail, useFakeModel } from './support/mail.js';
import { createDocumentInUi, forwardAddressOnDetails, mailRow, processedEmailsTable, signIn } from './support/steps.js';

/** Mail settles within seconds; generous for a busy machine. */
const SETTLE = { timeout: 30_000 };

let refuse = false;
const openai = await useFakeModel(
  (): FakeChatAnswer =>
    refuse
      ? { refusal: 'I cannot summarise this.' }
      : { content: JSON.stringify({ title: 'Summary', summary: 'The figures for the quarter are in.', keyPoints: ['Revenue grew'], actionItems: [] }) },
);

const journeys = useJourneys({ env: mailJourneyEnv(openai) });

type Marked = { __mailActionsMarker?: string };

/** A value set on the window now is gone after any reload. */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  const marker = randomUUID();
  await page.evaluate((value) => ((globalThis as Marked).__mailActionsMarker = value), marker);
  return async () => (await page.evaluate(() => (globalThis as Marked).__mailActionsMarker)) === marker;
}

function allowedEmails(page: Page) {
  return page.getByRole('region', { name: 'Allowed Source Emails' }).getByRole('list', { name: 'Allowed Source Emails' });
}

describe('actions on received mail in the browser', () => {
  it('allows an unlisted sender from its Ignored row and processes that mail, no reload', async () => {
    refuse = false;
    const page = journeys.page();
    await signIn(page);
    await createDocumentInUi(page, { name: 'Row actions', emails: ['boss@example.com'] });
    const forwardAddress = await forwardAddressOnDetails(page);
    await processedEmailsTable(page).waitFor();
    const notReloaded = await markPage(page);

    const subject = 'Figures from Bob';
    await sendMail(journeys.app(), { from: 'Bob <bob@example.com>', to: forwardAddress, subject, text: 'Revenue grew by 12% in the third quarter.' });
    const row = mailRow(page, subject);
    await row.getByText('Ignored', { exact: true }).waitFor(SETTLE);
    expect(await row.innerText()).toContain("bob@example.com is not on this document's allow-list");
    expect(await allowedEmails(page).getByText('bob@example.com', { exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Allow bob@example.com and process' }).click();

    await row.getByText('Processed', { exact: true }).waitFor(SETTLE);
    await allowedEmails(page).getByText('bob@example.com', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    // No action left (the subject is the row's own button, opening the mail panel).
    expect(await row.getByRole('cell').nth(4).getByRole('button').count()).toBe(0);
    expect(Number(await row.getByRole('cell').nth(2).innerText())).toBeGreaterThanOrEqual(1);
    expect(await notReloaded()).toBe(true);
  });

  it('retries a failed mail from its row once the model answers again, no reload', async () => {
    refuse = true;
    const page = journeys.page();
    await signIn(page);
    await createDocumentInUi(page, { name: 'Retry mail', emails: ['boss@example.com'] });
    const forwardAddress = await forwardAddressOnDetails(page);
    await processedEmailsTable(page).waitFor();
    const notReloaded = await markPage(page);

    const subject = 'Budget numbers';
    await sendMail(journeys.app(), { from: 'Boss <boss@example.com>', to: forwardAddress, subject, text: 'The budget for next year is attached.' });
    const row = mailRow(page, subject);
    await row.getByText('Failed', { exact: true }).waitFor(SETTLE);
    expect(await row.innerText()).toContain('refused');

    refuse = false;
    await row.getByRole('button', { name: 'Retry' }).click();

    await row.getByText('Processed', { exact: true }).waitFor(SETTLE);
    // No action left (the subject is the row's own button, opening the mail panel).
    expect(await row.getByRole('cell').nth(4).getByRole('button').count()).toBe(0);
    expect(await notReloaded()).toBe(true);
  });
});
