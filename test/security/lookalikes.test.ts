import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentDetails, DocumentListItem } from '../../src/contract/documents.js';
import type { AllowAndProcessResponse } from '../../src/contract/received-mails.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { compose } from '../support/mime-samples.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

/** `ada@example.com` with a Cyrillic а (U+0430): it renders as the real address. */
const HOMOGLYPH = 'ada@ex\u0430mple.com';
/** Bidi controls and invisible characters: an override, isolates, marks, zero-width ones, a tag. */
const FORMAT_CHARACTERS = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;

interface Block {
  heading: string;
  meta: string;
  body: string;
}

describe.each(databaseKinds())('look-alikes are shown for what they are (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { ...receivingMail(), resetAfterEach: true });
  let token: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    ({ token, doc } = await aDocumentOwner(app, { allowedEmails: ['ada@example.com'] }));
  });

  const blocks = async (): Promise<Block[]> => {
    const local = await database.db('local_docs').where({ id: doc.googleDocumentId }).first<{ id: string } | undefined>();
    expect(local).toBeDefined();
    return (await database.db('local_doc_blocks').where({ doc_id: doc.googleDocumentId }).orderBy('position').select('heading', 'meta', 'body')) as Block[];
  };
  const allowList = async () => ((await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as DocumentDetails).emails;

  it("offers to allow a homoglyph sender by its ASCII form, flagged, and allows the address as received, never the one it imitates", async () => {
    // nodemailer writes the domain in punycode, as real mail carries it; the parser reads it back as Unicode.
    await sendMail(app, { from: `Ada <${HOMOGLYPH}>`, to: doc.forwardEmail, subject: 'Updated bank details', text: 'Please use our new account from today.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);

    expect(mail).toMatchObject({ status: 'ignored', sourceMail: HOMOGLYPH });
    expect(mail?.action).toEqual({ kind: 'allow-sender', sender: HOMOGLYPH, senderAscii: 'ada@xn--exmple-4nf.com', lookalike: true, looksLike: 'ada@example.com' });

    const response = await app.fetch(`/api/document/${doc.documentId}/received-mails/${mail?.id ?? ''}/allow-and-process`, { method: 'POST', token });
    expect(response.status).toBe(202);
    expect(((await response.json()) as AllowAndProcessResponse).emails).toEqual(['ada@example.com', HOMOGLYPH]);
    expect(await allowList()).not.toContain('ada@xn--exmple-4nf.com');
    const [done] = await waitForMails(app, token, doc.documentId, 1, ['processed', 'failed']);
    expect(done).toMatchObject({ status: 'processed', action: null });
  });

  it('offers a plain sender as it is, without the flag', async () => {
    await sendMail(app, { from: 'Bob <bob@example.com>', to: doc.forwardEmail, subject: 'Hello', text: 'Hello there.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail?.action).toEqual({ kind: 'allow-sender', sender: 'bob@example.com', senderAscii: 'bob@example.com', lookalike: false, looksLike: null });
  });

  it("does not write a display name posing as another address or header into the block's sender line", async () => {
    const raw = [
      'From: "From: ceo@evil.example <script>" <ada@example.com>',
      `To: ${doc.forwardEmail}`,
      'Subject: Quarterly figures',
      'Date: Tue, 4 Mar 2025 09:00:00 +0000',
      'Message-ID: <display-name-1@example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Revenue grew by 12% in Q3.',
      '',
    ].join('\r\n');
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);

    expect(mail).toMatchObject({ status: 'processed', sourceMail: 'ada@example.com' });
    const [block] = await blocks();
    expect(block?.meta).toMatch(/^From ada@example\.com · /);
    for (const part of [block?.heading, block?.meta, block?.body]) {
      expect(part).not.toContain('ceo@evil.example');
      expect(part).not.toContain('<script>');
      expect(part).not.toContain('From: ');
    }
  });

  it('removes bidi and zero-width characters from the heading, the API subject and the sender line, of a mail and of the sender a forward quotes', async () => {
    // "Invoice <RLO>fdp.exe" reads "Invoice exe.pdf"; the rest hide or reorder text the same way.
    const subject = 'Invoice \u202Efdp.exe\u202C for\u200B Q3\u2066 \u2067now\u2069\u200F\uFEFF';
    await sendMail(app, { from: 'Ada \u202ELovelace <ada@example.com>', to: doc.forwardEmail, subject, text: 'Invoice 2291 is due on 15 December.' });
    const forward = await compose({
      from: 'ada@example.com',
      to: doc.forwardEmail,
      subject: 'Fwd: Contract \u202Efdp.exe\u200B renewal',
      text: [
        'See below.',
        '',
        '---------- Forwarded message ---------',
        'From: Bob\u200B Builder\u202E <bob@supplier.example>',
        'Date: Mon, 3 Mar 2025 at 10:00',
        'Subject: Contract \u202Efdp.exe\u200B renewal',
        'To: Ada <ada@example.com>',
        '',
        'The contract renews on 1 April 2025.',
      ].join('\n'),
    });
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw: forward.toString('latin1') });
    const mails = await waitForMails(app, token, doc.documentId, 2);

    expect(mails.map((mail) => mail.status)).toEqual(['processed', 'processed']);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Contract fdp.exe renewal', 'Invoice fdp.exe for Q3 now']);
    const written = await blocks();
    expect(written.map((block) => block.heading).sort()).toEqual(['Contract fdp.exe renewal', 'Invoice fdp.exe for Q3 now']);
    for (const block of written) {
      expect(block.heading).not.toMatch(FORMAT_CHARACTERS);
      expect(block.meta).not.toMatch(FORMAT_CHARACTERS);
    }
    expect(written.map((block) => block.meta.split(' · ')[0]).sort()).toEqual(['From Ada Lovelace <ada@example.com>', 'From Bob Builder <bob@supplier.example>']);
  });
});
