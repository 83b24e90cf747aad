import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AesGcmSecretSealer } from '../../src/modules/identity/infra/aes-gcm.secret-sealer.js';
import { KnexProviderCredentials } from '../../src/modules/identity/infra/knex.provider-credentials.js';
import { createDocument } from '../support/documents.js';
import { startFakeGoogleDocs, type FakeGoogleDocs } from '../support/fakes/fake-google-docs.server.js';
import { signIn } from '../support/sign-in.js';
import { TEST_ENCRYPTION_KEY } from '../support/test-config.js';
import { useTestApp } from '../support/use-test-app.js';
import { DOC_STORE } from '../../src/modules/documents/index.js';
import { override } from '../../src/platform/wiring/overrides.js';
import { googleStoreOn } from '../support/fakes/fake-google-docs.store.js';

describe('documents on Google Docs (fake Docs and Drive, real googleapis client)', () => {
  const sealer = new AesGcmSecretSealer(TEST_ENCRYPTION_KEY);
  let google: FakeGoogleDocs;
  let token: string;

  // Registered before the app: the fake starts first and closes last.
  beforeAll(async () => {
    google = await startFakeGoogleDocs();
  });
  afterAll(() => google.close());
  const { app, database } = useTestApp('pglite', (opened) => ({
    overrides: [
      override(DOC_STORE, googleStoreOn(google, new KnexProviderCredentials(opened.db, sealer))),
    ],
  }));
  beforeAll(async () => {
    token = await signIn(app, { email: 'ada@example.com' });
    // What a Google sign-in stores: the sealed refresh token of the account.
    await database.db('users').update({ provider_refresh_token_enc: sealer.seal(google.issueRefreshToken('ada')) });
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
    const [row] = (await database.db('users').select('provider_refresh_token_enc')) as { provider_refresh_token_enc: string }[];
    google.revokeRefreshToken(sealer.open(row?.provider_refresh_token_enc ?? ''));
    const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: { documentId: crypto.randomUUID(), docName: 'Revoked', description: '', allowedEmails: ['a@b.co'] } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('DOC_STORE.ACCESS_REVOKED');
  });
});
