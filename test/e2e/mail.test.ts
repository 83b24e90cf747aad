// Journey (pipeline acceptance): mail sent over SMTP to a document's forward address shows up on its
// details page, processed into the linked document when the sender is allowed, ignored otherwise.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentInUi, forwardAddressOnDetails, mailRow, processedEmailsTable, signIn, waitForPath } from './support/steps.js';

const INBOUND_DOMAIN = 'in.mailscribe.test';
const CONFIRMATION_LINK = 'https://mail-settings.google.com/mail/vf-%5BANGjdJ9e2e%5D-Zm9yd2FyZA';

const journeys = useJourneys({
  // No billing (unlimited tokens), no DNS lookups for sender authentication, a quick job poll.
  env: { BILLING: 'off', SENDER_AUTH: 'off', INBOUND_DOMAIN, JOB_POLLING_SECONDS: '0.5' },
});

/** Mail settles within seconds; the table asks again every 5 s while one is on its way. */
const SETTLE_TIMEOUT_MS = 20_000;

/** What a user does after forwarding a mail: back to the list, and into the document again. */
async function reopenFromList(page: Page, documentId: string, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Back to documents' }).click();
  await waitForPath(page, '/dashboard/docs');
  await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name, exact: true }).click();
  await waitForPath(page, `/dashboard/doc/${documentId}`);
  await processedEmailsTable(page).waitFor();
}

describe('mail in the browser', () => {
  it('processes mail from an allowed sender into the document, and ignores a stranger with the reason', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page);
    const documentId = await createDocumentInUi(page, { name: 'Boss mail', emails: ['boss@example.com'], description: 'Decisions and deadlines.' });
    const forwardAddress = await forwardAddressOnDetails(page);
    expect(forwardAddress.endsWith(`@${INBOUND_DOMAIN}`)).toBe(true);
    await processedEmailsTable(page).getByText(`No emails yet. Forward an email to ${forwardAddress} to see it here.`).waitFor();

    // Setting up forwarding in Gmail sends a confirmation mail to the address; the page shows its code and link.
    await sendMail(app, {
      from: 'Gmail Team <forwarding-noreply@google.com>',
      to: forwardAddress,
      subject: '(#482913057) Gmail Forwarding Confirmation - Receive Mail from ada.lovelace@gmail.com',
      text: [
        `ada.lovelace@gmail.com has requested to automatically forward mail to your email address ${forwardAddress}.`,
        'Confirmation code: 482913057',
        'To allow ada.lovelace@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:',
        CONFIRMATION_LINK,
      ].join('\n\n'),
    });

    // An allowed sender: the row turns Processed without reloading the page (the table polls).
    const subject = 'Quarterly budget approved';
    await sendMail(app, {
      from: 'Boss <boss@example.com>',
      to: forwardAddress,
      subject,
      text: 'Hello team,\n\nThe quarterly budget is approved. Please send the final invoices by Friday.\n\nBest,\nBoss',
    });
    // The confirmation is read off the mail in the background; the page asks for it when it opens.
    await expect
      .poll(() => callApi<{ forwardingConfirmation: unknown }>(app.baseUrl, token, 'GET', `document/${documentId}/forwarding-confirmation`), {
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toMatchObject({ forwardingConfirmation: { code: '482913057' } });
    await reopenFromList(page, documentId, 'Boss mail');
    const notice = page.getByRole('region', { name: 'Confirm Gmail forwarding' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Gmail asked to confirm forwarding from ada.lovelace@gmail.com');
    await notice.getByText('482913057', { exact: true }).waitFor();
    const confirmLink = notice.getByRole('link', { name: 'Open confirmation link' });
    expect(await confirmLink.getAttribute('href')).toBe(CONFIRMATION_LINK);
    expect(await confirmLink.getAttribute('target')).toBe('_blank');
    expect(await confirmLink.getAttribute('rel')).toBe('noopener noreferrer');

    const processed = mailRow(page, subject);
    await processed.getByText('Processed', { exact: true }).waitFor({ timeout: SETTLE_TIMEOUT_MS });
    const cells = await processed.getByRole('cell').allInnerTexts();
    expect(cells[0]).toContain('boss@example.com');
    expect(Number(cells[2])).toBeGreaterThanOrEqual(1);

    // The summary is in the linked document, under the mail's subject.
    const linkCard = page.locator('section', { has: page.getByRole('heading', { name: 'Document Link', exact: true }) });
    const [linked] = await Promise.all([journeys.context().waitForEvent('page'), linkCard.getByRole('link', { name: 'Open document' }).click()]);
    await linked.waitForLoadState();
    await linked.getByRole('heading', { name: 'Boss mail', level: 1 }).waitFor();
    await linked.getByRole('heading', { name: subject, level: 2 }).waitFor();
    await linked.close();

    // A sender not on the allow-list: Ignored, and the reason says why.
    const strangerSubject = 'You won a prize';
    await sendMail(app, { from: 'stranger@example.org', to: forwardAddress, subject: strangerSubject, text: 'Click here to claim it.' });
    await reopenFromList(page, documentId, 'Boss mail');
    const ignored = mailRow(page, strangerSubject);
    await ignored.getByText('Ignored', { exact: true }).waitFor({ timeout: SETTLE_TIMEOUT_MS });
    expect(await ignored.innerText()).toMatch(/stranger@example\.org is not on this document's allow-list/);
    expect(await ignored.getByRole('cell').nth(2).innerText()).toBe('0');
    // Newest first: the stranger's, the boss's, and Gmail's confirmation (which is not summarised).
    const rows = await processedEmailsTable(page).getByRole('row').all();
    const subjects = await Promise.all(rows.slice(1).map((row) => row.getByRole('cell').nth(1).innerText()));
    expect(subjects[0]).toBe(strangerSubject);
    expect(subjects[1]).toBe(subject);
    expect(subjects).toHaveLength(3);
  });
});
