// Journey (issue: the document as its reader sees it): with the embedded local document store, the block
// of a processed mail has the structure the Google Docs requests describe: the subject as a heading, the
// labels bold, the key points as a list, the action items as a checklist a reader can tick, and an "Open
// in Mailscribe" link that leads back to the mail's row, where the mail's panel opens.
import { describe, expect, it } from 'vitest';
import type { FakeChatAnswer } from '../support/fakes/fake-openai.server.js';
import { useJourneys } from './support/browser.js';
import { mailJourneyEnv, sendMail, useFakeModel } from './support/mail.js';
import { createDocumentByApi, mailRow, processedEmailsTable, signIn } from './support/steps.js';

/** Mail settles within seconds; generous for a busy machine. */
const SETTLE = { timeout: 30_000 };
const SUBJECT = 'Quarterly budget approved';

const openai = await useFakeModel(
  (): FakeChatAnswer => ({
    content: JSON.stringify({
      title: 'Budget approved',
      summary: 'The quarterly budget is approved and the final invoices are due on Friday.',
      keyPoints: ['The quarterly budget is approved', 'Invoices close on Friday'],
      actionItems: ['Send the final invoices by Friday'],
    }),
  }),
);

const journeys = useJourneys({ env: mailJourneyEnv(openai, { DOC_STORE: 'local' }) });

describe('the local document in the browser', () => {
  it('shows a block with its heading, bold labels, a list, a checklist and a link that opens the mail on its row', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { token } = await signIn(page);
    const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Budget mail', emails: ['boss@example.com'] });
    await sendMail(app, { from: 'Boss <boss@example.com>', to: forwardEmail, subject: SUBJECT, text: 'Hello team,\n\nThe quarterly budget is approved. Please send the final invoices by Friday.\n\nBoss' });

    await page.goto(`${app.baseUrl}/dashboard/doc/${documentId}`);
    await processedEmailsTable(page).waitFor();
    await mailRow(page, SUBJECT).getByText('Processed', { exact: true }).waitFor(SETTLE);

    const linkCard = page.locator('section', { has: page.getByRole('heading', { name: 'Document Link', exact: true }) });
    const [doc] = await Promise.all([journeys.context().waitForEvent('page'), linkCard.getByRole('link', { name: 'Open document' }).click()]);
    await doc.waitForLoadState();
    const block = doc.locator('section', { has: doc.getByRole('heading', { name: SUBJECT, level: 2 }) });
    await block.waitFor();

    // Meta in its muted paragraph; the labels bold; the items without typed bullets.
    expect(await block.locator('.meta').innerText()).toMatch(/^From Boss <boss@example\.com> · .* · ref [0-9a-f]{12}$/);
    expect(await block.locator('strong').allInnerTexts()).toEqual(['Key points:', 'Action items:']);
    const keyPoints = block.getByRole('list').first();
    expect(await keyPoints.getByRole('listitem').allInnerTexts()).toEqual(['The quarterly budget is approved', 'Invoices close on Friday']);
    expect(await block.innerText()).not.toContain('•');

    // The action item is a checkbox a reader can tick.
    const item = block.getByRole('checkbox', { name: 'Send the final invoices by Friday' });
    expect(await item.isChecked()).toBe(false);
    await item.check();
    expect(await item.isChecked()).toBe(true);

    // The link leads back to the mail's row, where the mail's panel opens.
    const back = block.getByRole('link', { name: 'Open in Mailscribe' });
    const href = new URL((await back.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(`${app.baseUrl}/dashboard/doc/${documentId}`);
    expect(href.searchParams.get('mail')).toMatch(/^[0-9a-f-]{36}$/);
    await back.click();
    await doc.waitForURL((url) => url.pathname === `/dashboard/doc/${documentId}`);
    const panel = doc.getByRole('dialog', { name: SUBJECT });
    await panel.waitFor();
    await panel.getByText('Send the final invoices by Friday').waitFor();
    expect(new URL(doc.url()).searchParams.get('mail')).toBe(href.searchParams.get('mail'));
  });
});
