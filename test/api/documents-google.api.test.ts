import { beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '../support/documents.js';
import { signIn } from '../support/sign-in.js';
import { useGoogleDocsApp } from '../support/use-google-docs-app.js';

describe('documents on Google Docs (fake Docs and Drive, real googleapis client)', () => {
  const { app, database, google, grantGoogle } = useGoogleDocsApp('pglite');
  let token: string;
  let refreshToken: string;

  beforeAll(async () => {
    token = await signIn(app, { email: 'ada@example.com' });
    refreshToken = await grantGoogle('ada');
  });

  it('creates a Google Doc titled after the document and links to it', async () => {
    const created = await createDocument(app, token, { docName: 'Board minutes' });
    const doc = google.document(created.googleDocumentId);
    expect(doc).toMatchObject({ title: 'Board minutes', account: 'ada' });
    expect(doc?.text).toContain('Summaries of the emails forwarded for "Board minutes" appear here.');
    expect(created.documentUrl).toBe(`https://docs.google.com/document/d/${created.googleDocumentId}/edit`);
  });

  it('renames the Google Doc with the document', async () => {
    const created = await createDocument(app, token, { docName: 'Old name' });
    const response = await app.fetch(`/api/document/${created.documentId}/title`, { method: 'PUT', token, json: { title: 'New name' } });
    expect(response.status).toBe(200);
    expect(google.document(created.googleDocumentId)?.title).toBe('New name');
  });

  it('answers 503 with a clear message and keeps nothing when Google is down', async () => {
    google.failNext('POST', /\/v1\/documents$/, 503, 1);
    const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: { documentId: crypto.randomUUID(), docName: 'Later', description: '', allowedEmails: ['a@b.co'] } });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('Google Docs is not answering');
    expect(await database.db('documents').where({ name: 'Later' }).first()).toBeUndefined();
  });

  it('tells the user to sign in again when the Google grant was revoked', async () => {
    google.revokeRefreshToken(refreshToken);
    const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: { documentId: crypto.randomUUID(), docName: 'Revoked', description: '', allowedEmails: ['a@b.co'] } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('DOC_STORE.ACCESS_REVOKED');
  });
});
