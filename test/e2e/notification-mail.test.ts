// Journey (notifications acceptance): with no SMTP server configured, the development outbox at /dev/outbox
// receives the notification emails. A mail held for want of a plan sends "waiting for tokens" once; after
// subscribing, a large mail that leaves 10% of the plan's tokens sends "running low" once, and the held
// mail's charge that follows sends nothing more. The unsubscribe
// link in the email works in a browser that is not signed in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { UNTIL_STEP, useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { callApi, createDocumentByApi, signIn, subscribeWithLocalCheckout, waitForPath } from './support/steps.js';
import type { NotificationSettingsResponse } from '../../src/contract/notifications.js';
import type { ReceivedMail } from '../../src/contract/received-mails.js';

const journeys = useJourneys({
  // A 20-token plan and 100 characters a token, so one mail can take the balance to 10%.
  env: { SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5', LOCAL_PLAN_BASIC_TOKENS: '20', CHARS_PER_TOKEN: '100' },
});

const HELD = 'Forwarded emails are waiting for tokens';
const LOW = 'Your Mailscribe tokens are running low';

/** The subjects of the emails the development outbox shows, newest first. */
async function outboxSubjects(page: Page): Promise<string[]> {
  await page.goto('/dev/outbox');
  await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
  return page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();
}

describe('notification emails in the development outbox', () => {
  it('receives the held-mail and the low-balance emails once each, and their unsubscribe link works signed out', async () => {
    const page = journeys.page();
    const app = journeys.app();
    const { email, token } = await signIn(page, undefined, { lands: 'plans' });
    const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Notified', emails: ['boss@example.com'] });

    // No plan yet: the mail waits, and the outbox says so within seconds.
    await sendMail(app, { from: 'boss@example.com', to: forwardEmail, subject: 'Small note', text: 'See you on Monday.' });
    await expect.poll(() => outboxSubjects(page), UNTIL_STEP).toEqual([HELD]);
    const held = page.getByRole('article', { name: HELD });
    await expect.poll(() => held.innerText(), UNTIL_STEP).toContain(`To ${email}`);

    // Subscribe (20 tokens). About 1,750 characters cost 18 tokens: 2 are left, 10% of the plan.
    await page.goto('/subscriptionPage');
    await subscribeWithLocalCheckout(page);
    await sendMail(app, { from: 'boss@example.com', to: forwardEmail, subject: 'Big report', text: 'abcdefghi '.repeat(174) });
    await expect.poll(async () => (await outboxSubjects(page)).sort(), { ...UNTIL_STEP, timeout: 30_000 }).toEqual([HELD, LOW].sort());
    const low = page.getByRole('article', { name: LOW });
    expect(await low.innerText()).toMatch(/You have \d tokens? left of the 20 in your plan this period\./);

    // The held mail resumes on the new plan (1 token): the balance moves again but stays low, and no new email comes.
    await expect
      .poll(async () => (await callApi<{ data: ReceivedMail[] }>(app.baseUrl, token, 'GET', `document/${documentId}/received-mails?pageSize=25`)).data.find((mail) => mail.subject === 'Small note')?.status, { ...UNTIL_STEP, timeout: 90_000 })
      .toBe('processed');
    expect((await outboxSubjects(page)).sort()).toEqual([HELD, LOW].sort());

    // The email's unsubscribe link, opened in a browser with no session: confirm, and that kind is off.
    const unsubscribeUrl = await page.getByRole('article', { name: LOW }).getByRole('link', { name: /\/unsubscribe\?token=/ }).getAttribute('href');
    expect(unsubscribeUrl).toBeTruthy();
    const stranger = await journeys.context().browser()?.newContext();
    if (!stranger) throw new Error('no browser');
    try {
      const signedOut = await stranger.newPage();
      await signedOut.goto(new URL(new URL(unsubscribeUrl ?? '').pathname + new URL(unsubscribeUrl ?? '').search, app.baseUrl).toString());
      await signedOut.getByText('Stop emails about your tokens running low?').waitFor();
      await signedOut.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
      await signedOut.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    } finally {
      await stranger.close();
    }
    const settings = await callApi<NotificationSettingsResponse>(app.baseUrl, token, 'GET', 'notification-settings');
    expect(settings.settings).toEqual({ lowBalance: false, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true });

    // Settings shows the switch off.
    await page.goto('/settings');
    await waitForPath(page, '/settings');
    const section = page.getByRole('region', { name: 'Email notifications' });
    await expect.poll(() => section.getByRole('switch', { name: /Tokens running low/ }).isChecked(), UNTIL_STEP).toBe(false);
    expect(await section.getByRole('switch', { name: /Emails waiting for tokens/ }).isChecked()).toBe(true);
  });
});
