import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { aCreateBody, createDocument } from '../support/documents.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { ErrorResponse } from '../../src/contract/common.js';

describe.each(databaseKinds())('document calls (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { env: { INBOUND_DOMAIN: 'in.example.com' }, resetAfterEach: true });
  let token: string;

  beforeEach(async () => {
    token = await signIn(app, { email: 'owner@example.com' });
  });

  describe('POST /api/createGoogleDoc', () => {
    it('creates the document and its linked document, answering the contract fields', async () => {
      const body = aCreateBody({ docName: '  Weekly reports  ', description: '  Summarise briefly.  ', allowedEmails: [' Boss@Example.com'] });
      const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: body });
      expect(response.status).toBe(201);
      const created = (await response.json()) as DocumentListItem;
      expect(created).toEqual({
        documentId: body.documentId,
        documentName: 'Weekly reports',
        templateName: '',
        emails: ['boss@example.com'],
        forwardEmail: expect.stringMatching(/^weekly-reports-[a-z2-7]{10}@in\.example\.com$/),
        googleDocumentId: expect.stringMatching(/^local-/),
        documentUrl: `${app.config.PUBLIC_URL}/local-docs/${created.googleDocumentId}`,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const page = await app.fetch(`/local-docs/${created.googleDocumentId}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Weekly reports</h1>');
      const details = (await (await app.fetch(`/api/getDocumentDetails/${body.documentId}`, { token })).json()) as { description: string };
      expect(details.description).toBe('Summarise briefly.');
    });

    it('is idempotent on documentId: a retry answers the same document and links no second one', async () => {
      const body = aCreateBody();
      const first = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: body });
      const again = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: body });
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(await first.json());
      expect(await database.db('local_docs').count({ n: '*' }).first()).toEqual({ n: 1 });
    });

    it('refuses another user\'s documentId without revealing the document', async () => {
      const body = aCreateBody();
      await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: body });
      const intruder = await signIn(app, { email: 'intruder@example.com' });
      const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token: intruder, json: body });
      expect(response.status).toBe(409);
      expect(JSON.stringify(await response.json())).not.toContain('boss@example.com');
    });

    it.each([
      ['an empty name', { docName: '   ' }, 422, 'Document name cannot be empty'],
      ['a name over 70 characters', { docName: 'n'.repeat(71) }, 422, 'Document name is too long (max 70 characters)'],
      ['no source email', { allowedEmails: [] }, 422, 'Add at least one source email.'],
      ['an invalid email', { allowedEmails: ['not-an-email'] }, 422, 'Please enter a valid email address.'],
      ['an email over 100 characters', { allowedEmails: [`${'a'.repeat(95)}@b.com`] }, 422, 'Email is too long. Maximum allowed is 100 characters.'],
      ['a description over 2,000 characters', { description: 'd'.repeat(2001) }, 422, 'Description is too long (max 2000 characters)'],
      ['a documentId that is not a uuid', { documentId: '42' }, 400, 'documentId'],
      ['a missing name', { docName: undefined }, 400, 'docName'],
      ['emails that are not strings', { allowedEmails: [1, 2] }, 400, 'allowedEmails'],
    ])('answers a clear 4xx for %s and stores nothing', async (_, overrides, status, message) => {
      const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: aCreateBody(overrides) });
      expect(response.status).toBe(status);
      expect(((await response.json()) as ErrorResponse).error.message).toContain(message);
      expect(await database.db('documents').count({ n: '*' }).first()).toEqual({ n: 0 });
    });

    it('keeps addresses that differ only in case once', async () => {
    const created = await createDocument(app, token, { allowedEmails: ['Ada@x.com', 'ada@x.com'] });
    expect(created.emails).toEqual(['ada@x.com']);
  });

  it('accepts an email of exactly 100 characters when creating', async () => {
      const email = `${'a'.repeat(94)}@b.com`;
      const created = await createDocument(app, token, { allowedEmails: [email] });
      expect(created.emails).toEqual([email]);
    });
  });

  describe('reading', () => {
    it('lists only the caller\'s documents, newest first, with the contract fields', async () => {
      const older = await createDocument(app, token, { docName: 'Older' });
      const newer = await createDocument(app, token, { docName: 'Newer' });
      const other = await signIn(app, { email: 'other@example.com' });
      await createDocument(app, other, { docName: 'Not mine' });
      const response = await app.fetch('/api/google-docs', { token });
      const list = (await response.json()) as DocumentListItem[];
      expect(list.map((item) => item.documentName)).toEqual(['Newer', 'Older']);
      expect(list[0]).toEqual(newer);
      expect(list[1]).toEqual(older);
    });

    it('answers the details fields', async () => {
      const created = await createDocument(app, token, { description: 'Only action items.' });
      const response = await app.fetch(`/api/getDocumentDetails/${created.documentId}`, { token });
      expect(await response.json()).toEqual({
        documentId: created.documentId,
        documentName: 'Weekly reports',
        description: 'Only action items.',
        emails: ['boss@example.com'],
        forwardEmail: created.forwardEmail,
        googleDocumentId: created.googleDocumentId,
        documentUrl: created.documentUrl,
        overwriteAtBeginning: true,
        processedEmailsCount: 0,
        createdAt: created.createdAt,
        parts: [],
      });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await app.fetch(`/api/getDocumentDetails/${randomUUID()}`, { token })).status).toBe(404);
      expect((await app.fetch('/api/getDocumentDetails/not-a-uuid', { token })).status).toBe(404);
    });

    it('requires a signed-in user for every call', async () => {
      expect((await app.fetch('/api/google-docs')).status).toBe(401);
      expect((await app.fetch('/api/createGoogleDoc', { method: 'POST', json: aCreateBody() })).status).toBe(401);
    });
  });

  describe('changing a document', () => {
    let doc: DocumentListItem;
    beforeEach(async () => {
      doc = await createDocument(app, token);
    });
    const details = async () => (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as Record<string, unknown>;

    it('renames the document and its linked document', async () => {
      const response = await app.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: '  Board minutes ' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect((await details()).documentName).toBe('Board minutes');
      expect(await (await app.fetch(`/local-docs/${doc.googleDocumentId}`)).text()).toContain('<h1>Board minutes</h1>');
      expect((await details()).forwardEmail).toBe(doc.forwardEmail);
    });

    it('refuses an empty or too long title with the documented messages', async () => {
      const empty = await app.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: ' ' } });
      expect(empty.status).toBe(422);
      expect(((await empty.json()) as ErrorResponse).error.message).toBe('Document name cannot be empty');
      const long = await app.fetch(`/api/document/${doc.documentId}/title`, { method: 'PUT', token, json: { title: 't'.repeat(71) } });
      expect(((await long.json()) as ErrorResponse).error.message).toBe('Document name is too long (max 70 characters)');
      expect((await details()).documentName).toBe('Weekly reports');
    });

    it('updates the description and the placement', async () => {
      expect((await app.fetch(`/api/documents/${doc.documentId}/updateDescription`, { method: 'PUT', token, json: { description: ' New ' } })).status).toBe(200);
      expect((await app.fetch(`/api/document/${doc.documentId}/overwrite-at-beginning`, { method: 'PUT', token, json: { overwriteAtBeginning: false } })).status).toBe(200);
      expect(await details()).toMatchObject({ description: 'New', overwriteAtBeginning: false });
    });

    it('refuses a placement that is not a boolean', async () => {
      const response = await app.fetch(`/api/document/${doc.documentId}/overwrite-at-beginning`, { method: 'PUT', token, json: { overwriteAtBeginning: 'yes' } });
      expect(response.status).toBe(400);
      expect((await details()).overwriteAtBeginning).toBe(true);
    });

    it('adds an allowed email and answers the full list, normalised', async () => {
      const response = await app.fetch(`/api/addAllowedEmail/${doc.documentId}/emails`, { method: 'POST', token, json: { email: ' New@Example.com ' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ emails: ['boss@example.com', 'new@example.com'] });
    });

    it.each([
      ['empty', '  ', 422, 'Email cannot be empty.'],
      ['invalid', 'nope', 422, 'Please enter a valid email address.'],
      ['100 characters long', `${'a'.repeat(94)}@b.com`, 422, 'Email is too long. Maximum allowed is 100 characters.'],
      ['already there in another case', ' BOSS@example.com', 409, 'This email is already on the list.'],
    ])('refuses an email that is %s', async (_, email, status, message) => {
      const response = await app.fetch(`/api/addAllowedEmail/${doc.documentId}/emails`, { method: 'POST', token, json: { email } });
      expect(response.status).toBe(status);
      expect(((await response.json()) as ErrorResponse).error.message).toBe(message);
      expect((await details()).emails).toEqual(['boss@example.com']);
    });

    it('removes an allowed email case-insensitively, and removing it again changes nothing', async () => {
      const first = await app.fetch(`/api/deleteAllowedEmail/${doc.documentId}/emails`, { method: 'DELETE', token, json: { email: 'BOSS@example.com' } });
      expect(await first.json()).toEqual({ emails: [] });
      const again = await app.fetch(`/api/deleteAllowedEmail/${doc.documentId}/emails`, { method: 'DELETE', token, json: { email: 'boss@example.com' } });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ emails: [] });
    });

    it('deletes the document: gone from the list, its forward address retired, its local document gone with it', async () => {
      const response = await app.fetch(`/api/deleteGoogleDoc/${doc.documentId}`, { method: 'DELETE', token });
      expect(await response.json()).toEqual({ ok: true });
      expect(await (await app.fetch('/api/google-docs', { token })).json()).toEqual([]);
      expect((await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).status).toBe(404);
      expect((await app.fetch(`/api/deleteGoogleDoc/${doc.documentId}`, { method: 'DELETE', token })).status).toBe(404);
      // The local store's document is the app's own copy, deleted with it (a Google Doc would stay in Drive).
      expect((await app.fetch(`/local-docs/${doc.googleDocumentId}`)).status).toBe(404);
    });
  });

  describe('isolation: another user\'s document answers 404 and changes nothing', () => {
    let doc: DocumentListItem;
    let intruder: string;
    beforeEach(async () => {
      doc = await createDocument(app, token);
      intruder = await signIn(app, { email: 'intruder@example.com' });
    });

    const calls = (id: string): [string, string, unknown][] => [
      ['GET', `/api/getDocumentDetails/${id}`, undefined],
      ['DELETE', `/api/deleteGoogleDoc/${id}`, undefined],
      ['POST', `/api/addAllowedEmail/${id}/emails`, { email: 'evil@example.com' }],
      ['DELETE', `/api/deleteAllowedEmail/${id}/emails`, { email: 'boss@example.com' }],
      ['PUT', `/api/documents/${id}/updateDescription`, { description: 'pwned' }],
      ['PUT', `/api/document/${id}/overwrite-at-beginning`, { overwriteAtBeginning: false }],
      ['PUT', `/api/document/${id}/title`, { title: 'pwned' }],
    ];

    it.each([0, 1, 2, 3, 4, 5, 6])('call #%i', async (index) => {
      const [method, path, json] = calls(doc.documentId)[index] ?? ['GET', '/', undefined];
      const response = await app.fetch(path, { method, token: intruder, ...(json === undefined ? {} : { json }) });
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorResponse).error.code).toBe('DOCUMENT.NOT_FOUND');
      const owners = (await (await app.fetch(`/api/getDocumentDetails/${doc.documentId}`, { token })).json()) as Record<string, unknown>;
      expect(owners).toMatchObject({ documentName: 'Weekly reports', description: 'Keep it short.', emails: ['boss@example.com'], overwriteAtBeginning: true });
    });

    it('the list shows the intruder nothing', async () => {
      expect(await (await app.fetch('/api/google-docs', { token: intruder })).json()).toEqual([]);
    });
  });
});
