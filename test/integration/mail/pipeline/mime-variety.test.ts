import { beforeAll, describe, expect, it } from 'vitest';
import { sendMail, waitForMails } from '../../../support/mail.js';
import { mimeSamples } from '../../../support/mime-samples.js';
import type { DocumentListItem } from '../../../../src/contract/documents.js';
import { useTestApp, receivingMail } from '../../../support/use-test-app.js';
import { aDocumentOwner } from '../../../support/document-owner.js';

const DONE = ['processed', 'ignored', 'failed', 'held', 'expired', 'duplicate'];

describe('a variety of real-world MIME through SMTP and the pipeline', () => {
  const { app } = useTestApp('pglite', receivingMail());
  let token: string;
  let doc: DocumentListItem;

  beforeAll(async () => {
    // The samples come from these senders; the owner also forwards some by hand.
    ({ token, doc } = await aDocumentOwner(app, { allowedEmails: ['ada@example.com', 'bob@supplier.example', 'lukasz@example.pl'] }));
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
