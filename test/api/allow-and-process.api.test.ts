import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentDetails, DocumentListItem } from '../../src/contract/documents.js';
import type { AllowAndProcessResponse, ReceivedMail } from '../../src/contract/received-mails.js';
import { ApplyRetention } from '../../src/modules/retention/index.js';
import { createDocument } from '../support/documents.js';
import { sendMail, waitForMails } from '../support/mail.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp, receivingMail } from '../support/use-test-app.js';
import { aDocumentOwner } from '../support/document-owner.js';

describe.each(databaseKinds())('allow and process an ignored mail (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { ...receivingMail(), resetAfterEach: true });
  let token: string;
  let doc: DocumentListItem;

  beforeEach(async () => {
    ({ token, doc } = await aDocumentOwner(app, { allowedEmails: ['ada@example.com'] }));
  });

  const allow = (mailId: string, as = token, documentId = doc.documentId) =>
    app.fetch(`/api/document/${documentId}/received-mails/${mailId}/allow-and-process`, { method: 'POST', token: as });
  const tokensLeft = async () => ((await (await app.fetch('/api/tokens/state', { token })).json()) as { tokenState: { subscriptionTokens: number } }).tokenState.subscriptionTokens;
  const allowList = async () => ((await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as DocumentDetails).emails;
  const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

  async function anIgnoredMail(): Promise<ReceivedMail> {
    await sendMail(app, { from: 'Bob <Bob@Example.com>', to: doc.forwardEmail, subject: 'Quarterly figures', text: 'Revenue grew by 12% in Q3.' });
    const [mail] = await waitForMails(app, token, doc.documentId, 1);
    if (!mail) throw new Error('no mail');
    return mail;
  }

  it('offers to allow the unlisted sender, then adds it and processes the mail once, charging once, however often it is asked', async () => {
    const ignored = await anIgnoredMail();
    expect(ignored).toMatchObject({ status: 'ignored', sourceMail: 'bob@example.com', usedTokens: 0, action: { kind: 'allow-sender', sender: 'bob@example.com' } });

    // A double click: two calls at once.
    const [first, second] = await Promise.all([allow(ignored.id), allow(ignored.id)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((await first.json()) as AllowAndProcessResponse).toEqual({ emails: ['ada@example.com', 'bob@example.com'] });
    expect((await second.json()) as AllowAndProcessResponse).toEqual({ emails: ['ada@example.com', 'bob@example.com'] });

    const [done] = await waitForMails(app, token, doc.documentId, 1, ['processed', 'failed']);
    expect(done).toMatchObject({ id: ignored.id, status: 'processed', usedTokens: 1, reason: null, action: null });
    expect((await allow(ignored.id)).status).toBe(202);
    expect(await tokensLeft()).toBe(499);
    expect(await allowList()).toEqual(['ada@example.com', 'bob@example.com']);
    const details = (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as DocumentDetails;
    expect(details.processedEmailsCount).toBe(1);
  });

  it("answers 404 for another user's document or mail, and changes nothing", async () => {
    const ignored = await anIgnoredMail();
    const intruder = await signIn(app, { email: 'intruder@example.com' });
    const theirs = await createDocument(app, intruder, { allowedEmails: ['eve@example.com'] });

    const asIntruder = await allow(ignored.id, intruder);
    expect(asIntruder.status).toBe(404);
    expect(await errorCode(asIntruder)).toBe('DOCUMENT.NOT_FOUND');
    const viaTheirDocument = await allow(ignored.id, intruder, theirs.documentId);
    expect(viaTheirDocument.status).toBe(404);
    expect(await errorCode(viaTheirDocument)).toBe('MAIL.NOT_FOUND');
    expect((await allow('not-a-uuid')).status).toBe(404);
    expect(await allowList()).toEqual(['ada@example.com']);
    expect((await waitForMails(app, token, doc.documentId, 1))[0]?.status).toBe('ignored');
  });

  it('answers 409 MAIL.NOT_ALLOWABLE for a mail that was let in', async () => {
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: 'Hello', text: 'Hello there.' });
    const [processed] = await waitForMails(app, token, doc.documentId, 1);
    expect(processed).toMatchObject({ status: 'processed', action: null });

    const response = await allow(processed?.id ?? '');
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('MAIL.NOT_ALLOWABLE');
  });

  it('drops the kept content after HOLD_DAYS (the retention job): then the row offers nothing and the call answers 409', async () => {
    const ignored = await anIgnoredMail();
    await database.db('inbound_messages').where({ id: ignored.id }).update({ finished_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });
    await app.container.resolve(ApplyRetention).execute();

    expect((await waitForMails(app, token, doc.documentId, 1))[0]).toMatchObject({ status: 'ignored', action: null });
    const response = await allow(ignored.id);
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('MAIL.NOT_ALLOWABLE');
    expect(await allowList()).toEqual(['ada@example.com']);
  });
});
