import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLocalSubscription } from '../../../support/billing/subscribe.js';
import { createDocument } from '../../../support/documents.js';
import { sendMail, verdictOf, waitForMails } from '../../../support/mail.js';
import { mimeSamples } from '../../../support/mime-samples.js';
import { signIn } from '../../../support/sign-in.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database.js';
import type { DocumentListItem } from '../../../../src/contract/documents.js';

const DONE = ['processed', 'ignored', 'failed', 'held', 'expired', 'duplicate'];

describe('a variety of real-world MIME through SMTP and the pipeline', () => {
  let database: TestDatabase;
  let app: TestApp;
  let token: string;
  let doc: DocumentListItem;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await startTestApp(database, {
      env: { JOB_POLLING_SECONDS: '0.5', INBOUND_DOMAIN: 'in.example.com' },
      roles: ['http', 'smtp', 'worker'],
      overrides: { senderAuthenticator: verdictOf('none') },
    });
    token = await signIn(app, { email: 'owner@example.com' });
    const userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
    // The samples come from these senders; the owner also forwards some by hand.
    doc = await createDocument(app, token, { allowedEmails: ['ada@example.com', 'bob@supplier.example', 'lukasz@example.pl'] });
    await activateLocalSubscription(app.container, userId);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('ends every sample with a status, and a reason where it did not process', async () => {
    const names = Object.keys(mimeSamples) as (keyof typeof mimeSamples)[];
    for (const name of names) {
      const sample = await mimeSamples[name]();
      await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw: sample.raw.toString('latin1') });
    }
    const mails = await waitForMails(app, token, doc.documentId, names.length, DONE, 60_000);
    expect(mails).toHaveLength(names.length);
    for (const mail of mails) {
      expect(DONE).toContain(mail.status);
      if (mail.status !== 'processed') expect(mail.reason, JSON.stringify(mail)).toBeTruthy();
    }
    const notProcessed = mails.filter((mail) => mail.status !== 'processed').map((mail) => [mail.status, mail.reason]);
    expect(notProcessed.sort()).toEqual([
      ['failed', 'The mail could not be read (malformed MIME).'],
      // Unsigned: only a confirmation that passes Google's DKIM check is believed.
      ['ignored', "A message claiming to be a Gmail forwarding confirmation did not pass Google's DKIM check (test verdict none), so it was ignored."],
      ['ignored', 'The mail has no sender address.'],
    ]);
    expect(mails.find((mail) => mail.sourceMail === 'lukasz@example.pl')?.subject).toBe('Zażółć gęślą jaźń');
  }, 90_000);
});
