// Journeys (polish acceptance), continued from accessibility.test.ts in a file of its own so that two journey
// files run side by side: the mail panel and the mail search, the plan page, purchase tokens and the payment
// outcomes, in both themes, wide and on a phone.
import { describe, expect, it } from 'vitest';
import { audit, consoleErrors, loaded, THEMES, useTheme } from './support/accessibility.js';
import { useJourneys } from './support/browser.js';
import { sendMail } from './support/mail.js';
import { createDocumentByApi, mailRow, signIn, subscribeWithLocalCheckout } from './support/steps.js';

describe('accessibility of the mail panel and the mail search', () => {
  // Billing off, no DNS lookups, a quick job poll: the mail is processed while the test waits.
  const journeys = useJourneys({ env: { BILLING: 'off', SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' } });

  for (const theme of THEMES) {
    it(`finds no violation at all on the document page with filters used and the mail panel open, wide and at 390 px, in the ${theme} theme`, async () => {
      const page = journeys.page();
      const app = journeys.app();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      const { token } = await signIn(page);
      const { documentId, forwardEmail } = await createDocumentByApi(app.baseUrl, token, { name: 'Supplier invoices', emails: ['accounts@supplier.example'] });
      await sendMail(app, { from: 'accounts@supplier.example', to: forwardEmail, subject: 'Invoice 42 is due', text: 'Invoice 42 for 1,200 EUR is due on Friday.' });
      await sendMail(app, { from: 'mallory@unknown.test', to: forwardEmail, subject: 'You won a prize', text: 'Click here to claim it.' });
      await page.goto(`/dashboard/doc/${documentId}`);
      await mailRow(page, 'Invoice 42 is due').getByText('Processed', { exact: true }).waitFor({ timeout: 30_000 });
      await mailRow(page, 'You won a prize').getByText('Ignored', { exact: true }).waitFor({ timeout: 30_000 });

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.goto(`/dashboard/doc/${documentId}?status=ignored`);
        await mailRow(page, 'You won a prize').waitFor();
        await loaded(page);
        await audit(page, `document page filtered at ${width} px`, theme, failures, true);

        await page.goto(`/dashboard/doc/${documentId}`);
        await mailRow(page, 'Invoice 42 is due').getByRole('button', { name: 'Invoice 42 is due' }).click();
        const panel = page.getByRole('dialog', { name: 'Invoice 42 is due' });
        await panel.getByRole('heading', { name: 'Status history' }).waitFor();
        await loaded(page);
        await audit(page, `the mail panel at ${width} px`, theme, failures, true);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
      }

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/mail?q=invoice');
      await page.getByRole('table', { name: 'All processed emails' }).getByRole('link', { name: 'Supplier invoices' }).waitFor();
      await loaded(page);
      await audit(page, 'the mail search', theme, failures, true);

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('accessibility of the billing screens', () => {
  // Billing on (the local test-mode checkout): the plan page, buying tokens and the payment outcomes.
  const journeys = useJourneys({ env: { SENDER_AUTH: 'off' } });

  for (const theme of THEMES) {
    it(`finds no serious or critical violation on the plan page, purchase tokens and the payment outcomes in the ${theme} theme, wide and at 390 px`, async () => {
      const page = journeys.page();
      await useTheme(page, theme);
      const errors = consoleErrors(page);
      const failures: string[] = [];

      await signIn(page, undefined, { lands: 'plans' });
      await page.getByRole('heading', { name: 'Choose Your Plan', level: 1 }).waitFor();
      await loaded(page);
      await audit(page, 'plan page, no plan yet', theme, failures);
      // The success page asks the server about its checkout: the one just paid.
      let successPath = '';
      page.on('framenavigated', (frame) => {
        const url = new URL(frame.url());
        if (url.pathname === '/success') successPath = `${url.pathname}${url.search}`;
      });
      await subscribeWithLocalCheckout(page);
      expect(successPath).toMatch(/^\/success\?session_id=cs_local_/);

      const screens = [
        ['/subscriptionPage', 'plan page, subscribed', () => page.getByText('You are on the Basic plan.', { exact: false }).waitFor()],
        ['/dashboard/purchaseTokens', 'purchase tokens', () => page.getByRole('button', { name: /purchase/i }).first().waitFor()],
        [successPath, 'payment success', () => page.getByText('You are now on the Basic plan', { exact: false }).waitFor()],
        ['/cancel?type=tokens', 'payment cancelled', () => page.getByRole('link', { name: 'Try Again' }).waitFor()],
      ] as const;
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const [path, name, ready] of screens) {
          await page.goto(path);
          await ready();
          await loaded(page);
          await audit(page, `${name} at ${width} px`, theme, failures);
        }
      }

      expect(failures, failures.join('\n\n')).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
