// A document that fills up continues in a new Google Doc: the real pipeline, the real googleapis client,
// the local fake Google Docs server. The threshold is set low and the document seeded close to it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentDetails, DocumentListItem } from '../../../src/contract/documents.js';
import { GrantTokens } from '../../../src/modules/token-ledger/index.js';
import { activateLocalSubscription } from '../../support/billing/subscribe.js';
import { createDocument } from '../../support/documents.js';
import { sendMail, waitForMails } from '../../support/mail.js';
import { signIn } from '../../support/sign-in.js';
import { databaseKinds } from '../../support/test-database.js';
import { useGoogleDocsApp } from '../../support/use-google-docs-app.js';

const THRESHOLD = 10_000;
const ENV = { JOB_POLLING_SECONDS: '0.5', JOB_MAINTENANCE_SECONDS: '1', INBOUND_DOMAIN: 'in.example.com', DOC_CONTINUATION_CHARACTERS: String(THRESHOLD) };
const docUrl = (id: string) => `https://docs.google.com/document/d/${id}/edit`;

describe.each(databaseKinds())('a Google Doc that fills up continues in a new one (%s)', (kind) => {
  const { app, google, grantGoogle } = useGoogleDocsApp(kind, { env: ENV, roles: ['http', 'smtp', 'worker'], resetAfterEach: true });
  let token: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    token = await signIn(app, { email: 'ada@example.com' });
    const userId = ((await (await app.fetch('/api/status', { token })).json()) as { user: { id: string } }).user.id;
    await grantGoogle('ada', userId);
    await activateLocalSubscription(app.container, userId);
    await app.container.resolve(GrantTokens).execute({ userId, sourceKey: `${userId}:grant`, tokens: 20, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
    doc = await createDocument(app, token, { docName: 'Invoices', allowedEmails: ['boss@example.com'] });
    // What months of summaries leave: the document a little under the threshold.
    const room = THRESHOLD - 100 - (google.document(doc.googleDocumentId)?.text.length ?? 0);
    const filler = Array.from({ length: Math.ceil(room / 100) }, (_, n) => `Earlier summary line ${n} `.padEnd(99, '.')).join('\n').slice(0, room);
    google.edit(doc.googleDocumentId, [{ insertText: { location: { index: 1 }, text: filler } }]);
  });

  const details = async () => (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as DocumentDetails;

  it('creates "<name> (2)", ends the full one with a link to it, writes the block there once, and shows the parts', async () => {
    const full = doc.googleDocumentId;
    expect(google.document(full)?.text.length).toBeGreaterThan(THRESHOLD - 110);
    // The block's write into the new document lands, but its answer is lost: the retry must not write it again.
    google.afterNext('POST', `${full}:batchUpdate`, () => google.failNext('POST', ':batchUpdate', 503, 1, { applied: true }));

    await sendMail(app, { from: 'Boss <boss@example.com>', to: doc.forwardEmail, subject: 'November invoice', text: 'The November invoice from Acme is attached. Pay by Friday.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    expect(mail).toMatchObject({ status: 'processed', reason: expect.stringContaining('Invoices (2)') });

    const now = await details();
    const next = now.googleDocumentId;
    expect(next).not.toBe(full);
    expect(google.document(next)).toMatchObject({ title: 'Invoices (2)', account: 'ada' });
    expect(google.document(next)?.text).toContain(docUrl(full));
    // One block: one heading, one reference.
    expect(google.document(next)?.text.match(/^November invoice$/gm)).toHaveLength(1);
    expect(google.document(next)?.text.match(/\bref [0-9a-f]{12}\b/g)).toHaveLength(1);
    expect(google.document(full)?.text).not.toContain('November invoice');
    expect(google.requests.some((request) => request.path.endsWith(`${next}:batchUpdate`) && request.status === 503)).toBe(true);
    expect(google.document(full)?.text.trimEnd().endsWith(`Continued in Invoices (2): ${docUrl(next)}`)).toBe(true);
    expect(now.documentUrl).toBe(docUrl(next));
    expect(now.parts).toEqual([
      { number: 1, documentUrl: docUrl(full), startedAt: now.createdAt },
      { number: 2, documentUrl: docUrl(next), startedAt: expect.any(String) },
    ]);

    // The next mail goes straight to part 2: no third document, no second link line.
    await sendMail(app, { from: 'boss@example.com', to: doc.forwardEmail, subject: 'December invoice', text: 'The December invoice is attached.' });
    await waitForMails(app, token, doc.documentId, 2, ['processed']);
    expect(google.document(next)?.text).toContain('December invoice');
    expect(google.count('POST', /\/v1\/documents$/)).toBe(2);
    expect(google.document(full)?.text.split('Continued in').length).toBe(2);
  });
});
