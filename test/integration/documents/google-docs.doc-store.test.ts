// The Google Docs adapter against a fake Google: its documents, its failures and its access tokens. How it
// writes a block is in google-docs.doc-store.writing.test.ts.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreBusyError,
  DocStoreUnavailableError,
  type DocOwner,
} from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { failureOf } from '../../support/rejections.js';
import { ADA, aBlock, summary, useGoogleDocStore } from '../../support/use-google-doc-store.js';

const BATCH_UPDATE = ':batchUpdate';

const { google, grants, refreshToken, store, storeWith, documentOf } = useGoogleDocStore();

describe('GoogleDocsDocStore: documents', () => {
  it('creates a document with the title and the intro and returns its id', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Summaries of mail sent to Mailscribe.' });

    const doc = documentOf(externalId);
    expect(doc.title).toBe('Board mail');
    expect(doc.account).toBe('ada');
    expect(summary(doc.paragraphs)).toEqual([['Summaries of mail sent to Mailscribe.', 'NORMAL_TEXT']]);
    expect(google.count('POST', '/v1/documents')).toBe(2);
    expect(google.count('POST', BATCH_UPDATE)).toBe(1);
  });

  it('renames the document in Drive', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });

    await store.rename(ADA, externalId, 'Board mail 2026');

    expect(documentOf(externalId).title).toBe('Board mail 2026');
    expect(google.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `/drive/v3/files/${externalId}`, body: { name: 'Board mail 2026' } });
  });

  it('reads the whole text of the document', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    await store.write(ADA, externalId, aBlock({ body: 'Short.' }), 'end');

    expect(await store.readText(ADA, externalId)).toBe(
      'Intro\n\nQuarterly numbers\nFrom grace@example.com · 21 Nov 2026, 13:00\nShort.\n',
    );
  });

  it('links to the document in Google Docs', () => {
    expect(store.urlOf('1AbC-xyz_09')).toBe('https://docs.google.com/document/d/1AbC-xyz_09/edit');
  });

  it('trashes a half-made document when its intro cannot be written, so a retry leaves no duplicate', async () => {
    google.failNext('POST', BATCH_UPDATE, 503);

    await expect(store.create(ADA, { title: 'Board mail', intro: 'Intro' })).rejects.toBeInstanceOf(DocStoreUnavailableError);

    const created = google.requests.find((r) => r.method === 'PATCH');
    expect(created?.body).toEqual({ trashed: true });
  });
});

describe('GoogleDocsDocStore: failures', () => {
  it('answers a write refused with 429 with DocStoreBusyError at once (no retry within the minute), and the next write lands once', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.failNext('POST', BATCH_UPDATE, 429, 1);

    const error = await failureOf(store.write(ADA, externalId, aBlock(), 'beginning'));
    expect(error).toBeInstanceOf(DocStoreBusyError);
    expect((error as DocStoreBusyError).retryAfterSeconds).toBe(60);
    await store.write(ADA, externalId, aBlock(), 'beginning');

    expect(google.requests.filter((r) => r.path.endsWith(BATCH_UPDATE)).map((r) => r.status)).toEqual([200, 429, 200]);
    const text = await store.readText(ADA, externalId);
    expect(text.split('Quarterly numbers')).toHaveLength(2);
  });

  it('gives up with DocStoreUnavailableError after the configured retries of a read answered 503', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.failNext('GET', `/v1/documents/${externalId}`, 503, 10);

    const error = await failureOf(store.readText(ADA, externalId));

    expect(error).toBeInstanceOf(DocStoreUnavailableError);
    expect(error.message).toContain('after 3 attempts');
    expect(google.count('GET', `/v1/documents/${externalId}`)).toBe(3);
  });

  it('gives up with DocStoreUnavailableError after the configured retries of a write answered 503', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.failNext('POST', BATCH_UPDATE, 503, 10);

    await expect(store.write(ADA, externalId, aBlock(), 'beginning')).rejects.toBeInstanceOf(DocStoreUnavailableError);

    expect(google.count('POST', BATCH_UPDATE)).toBe(1 + 3);
    expect(documentOf(externalId).text).toBe('Intro\n');
  });

  it('retries a read that timed out', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    const impatient = storeWith({ timeoutMs: 100 });
    google.delayNext('GET', `/v1/documents/${externalId}`, 300);

    expect(await impatient.readText(ADA, externalId)).toBe('Intro\n');
  });

  it('retries a write whose token refresh failed, since the write itself was never sent', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    const fresh = storeWith();
    google.failNext('POST', '/token', 503);

    await fresh.write(ADA, externalId, aBlock(), 'beginning');

    expect(google.requests.filter((r) => r.path === '/token').map((r) => r.status)).toEqual([200, 503, 200]);
    expect(google.count('POST', BATCH_UPDATE)).toBe(2);
  });

  it('throws DocNotFoundError for a document that is gone', async () => {
    await expect(store.readText(ADA, 'deleted-doc')).rejects.toBeInstanceOf(DocNotFoundError);
    await expect(store.write(ADA, 'deleted-doc', aBlock(), 'beginning')).rejects.toBeInstanceOf(DocNotFoundError);
    await expect(store.write(ADA, 'deleted-doc', aBlock(), 'end')).rejects.toBeInstanceOf(DocNotFoundError);
    await expect(store.rename(ADA, 'deleted-doc', 'New name')).rejects.toBeInstanceOf(DocNotFoundError);
  });

  it('throws DocNotFoundError for a document of another Google account', async () => {
    const theirs = google.seedDocument('grace', 'Grace notes', ['Private']);

    await expect(store.readText(ADA, theirs)).rejects.toBeInstanceOf(DocNotFoundError);
  });

  it('throws DocAccessRevokedError once the user revoked the grant, without leaking a token', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.revokeRefreshToken(refreshToken());

    const error = await failureOf(store.write(ADA, externalId, aBlock(), 'end'));

    expect(error).toBeInstanceOf(DocAccessRevokedError);
    const everything = inspect(error, { depth: 10 });
    expect(everything).not.toContain(refreshToken());
    expect(everything).not.toContain('ya29.');
    expect(everything).not.toContain(google.clientSecret);
  });

  it('throws DocAccessRevokedError when a fresh token refresh is refused with invalid_grant', async () => {
    google.revokeRefreshToken(refreshToken());

    await expect(store.readText(ADA, 'any-doc')).rejects.toBeInstanceOf(DocAccessRevokedError);
    expect(google.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /token 400']);
  });

  it('throws DocAccessRevokedError without calling Google when no refresh token is stored', async () => {
    grants.tokens.clear();

    await expect(store.create(ADA, { title: 'Board mail', intro: 'Intro' })).rejects.toBeInstanceOf(DocAccessRevokedError);
    expect(google.requests).toEqual([]);
  });

  it('throws DocAccessRevokedError when Google answers 403 even after a fresh access token', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.failNext('GET', `/v1/documents/${externalId}`, 403, 2);

    await expect(store.readText(ADA, externalId)).rejects.toBeInstanceOf(DocAccessRevokedError);
    expect(google.count('GET', `/v1/documents/${externalId}`)).toBe(2);
  });

  it('works again with the new grant after the user signed in again', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.revokeRefreshToken(refreshToken());
    await expect(store.readText(ADA, externalId)).rejects.toBeInstanceOf(DocAccessRevokedError);

    grants.tokens.set(ADA.userId, google.issueRefreshToken('ada'));

    expect(await store.readText(ADA, externalId)).toBe('Intro\n');
  });
});

describe('GoogleDocsDocStore: access tokens', () => {
  it('reuses the access token across calls until it expires', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    await store.write(ADA, externalId, aBlock(), 'end');
    await store.rename(ADA, externalId, 'Renamed');
    await store.readText(ADA, externalId);

    expect(google.count('POST', '/token')).toBe(1);
  });

  it('refreshes an access token Google no longer accepts and completes the call', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.expireAccessTokens();

    await store.write(ADA, externalId, aBlock(), 'beginning');

    expect(google.count('POST', '/token')).toBe(2);
    expect(google.requests.filter((r) => r.path.includes(externalId)).map((r) => `${r.method} ${r.status}`)).toEqual([
      'POST 200',
      'GET 401',
      'GET 200',
      'POST 200',
    ]);
    expect(documentOf(externalId).text.split('Quarterly numbers')).toHaveLength(2);
  });

  it('keeps one access token per user', async () => {
    const grace: DocOwner = { userId: 'user-grace' };
    grants.tokens.set(grace.userId, google.issueRefreshToken('grace'));
    const { externalId: adas } = await store.create(ADA, { title: 'Ada', intro: 'Intro' });
    const { externalId: graces } = await store.create(grace, { title: 'Grace', intro: 'Intro' });

    await expect(store.readText(grace, adas)).rejects.toBeInstanceOf(DocNotFoundError);
    expect(await store.readText(grace, graces)).toBe('Intro\n');
    expect(await store.readText(ADA, adas)).toBe('Intro\n');
    expect(google.count('POST', '/token')).toBe(2);
  });
});
