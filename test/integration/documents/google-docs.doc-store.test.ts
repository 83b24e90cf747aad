import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreBusyError,
  DocStoreUnavailableError,
  type DocBlock,
  type DocOwner,
} from '../../../src/modules/documents/application/ports/doc-store.port.js';
import type { GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import { googleStoreOn, StoredGrants } from '../../support/fakes/fake-google-docs.store.js';
import {
  startFakeGoogleDocs,
  type FakeDocument,
  type FakeParagraph,
  type FakeGoogleDocs,
} from '../../support/fakes/fake-google-docs.server.js';

const ADA: DocOwner = { userId: 'user-ada' };
const BATCH_UPDATE = ':batchUpdate';

function aBlock(overrides: Partial<DocBlock> = {}): DocBlock {
  return {
    heading: 'Quarterly numbers',
    meta: 'From grace@example.com · 21 Nov 2026, 13:00',
    body: 'Revenue is up 4%.\n\nAction: reply to Grace by Friday.',
    ...overrides,
  };
}

let google: FakeGoogleDocs;
let grants: StoredGrants;
let refreshToken: string;
let store: GoogleDocsDocStore;

const storeWith = (tuning: Parameters<typeof googleStoreOn>[2] = {}): GoogleDocsDocStore => googleStoreOn(google, grants, tuning);

function documentOf(id: string): FakeDocument {
  const doc = google.document(id);
  if (!doc) throw new Error(`the fake has no document ${id}`);
  return doc;
}

function summary(paragraphs: FakeParagraph[]): [string, string][] {
  return paragraphs.map((p) => [p.text, p.namedStyleType]);
}

function links(paragraphs: FakeParagraph[]): unknown[] {
  return paragraphs.flatMap((p) => p.runs.filter((run) => run.style.link !== undefined));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error(`rejected with a non-error: ${String(error)}`);
  return error;
}

beforeEach(async () => {
  google = await startFakeGoogleDocs();
  grants = new StoredGrants();
  refreshToken = google.issueRefreshToken('ada');
  grants.tokens.set(ADA.userId, refreshToken);
  store = storeWith();
});

afterEach(async () => {
  await google.close();
});

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

describe('GoogleDocsDocStore: writing a block', () => {
  it('appends a block at the end, after the existing content, as one batchUpdate', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    const before = google.count('POST', BATCH_UPDATE);

    await store.write(ADA, externalId, aBlock(), 'end');

    const doc = documentOf(externalId);
    expect(summary(doc.paragraphs)).toEqual([
      ['Intro', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['Quarterly numbers', 'HEADING_2'],
      ['From grace@example.com · 21 Nov 2026, 13:00', 'NORMAL_TEXT'],
      ['Revenue is up 4%.', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['Action: reply to Grace by Friday.', 'NORMAL_TEXT'],
    ]);
    expect(google.count('POST', BATCH_UPDATE) - before).toBe(1);
    const write = google.requests.at(-1);
    expect(write?.body).toMatchObject({ writeControl: { requiredRevisionId: expect.any(String) } });
  });

  it('writes a block at the very beginning of the body, before the intro', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });

    await store.write(ADA, externalId, aBlock({ body: 'Revenue is up 4%.' }), 'beginning');

    expect(summary(documentOf(externalId).paragraphs)).toEqual([
      ['Quarterly numbers', 'HEADING_2'],
      ['From grace@example.com · 21 Nov 2026, 13:00', 'NORMAL_TEXT'],
      ['Revenue is up 4%.', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['Intro', 'NORMAL_TEXT'],
    ]);
    // At the beginning the read before the write asks for the revision and the markers, never the body.
    const reads = google.requests.filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.query.fields)).toEqual(['revisionId,namedRanges']);
    expect(google.requests.at(-1)?.body).toMatchObject({ writeControl: { requiredRevisionId: expect.any(String) } });
  });

  it('styles the heading as HEADING_2, the meta line italic and grey, and the summary as plain text without links', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });

    await store.write(ADA, externalId, aBlock({ body: 'See https://example.com/report for details.' }), 'end');

    const [, , heading, meta, body] = documentOf(externalId).paragraphs;
    expect(heading?.runs).toEqual([{ text: 'Quarterly numbers', style: {} }]);
    expect(meta?.runs).toEqual([
      {
        text: 'From grace@example.com · 21 Nov 2026, 13:00',
        style: { italic: true, foregroundColor: { color: { rgbColor: { red: 0.4, green: 0.4, blue: 0.4 } } } },
      },
    ]);
    expect(body?.runs).toEqual([{ text: 'See https://example.com/report for details.', style: {} }]);
  });

  it('puts a second block at the beginning above the first, each paragraph keeping its own style', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    await store.write(ADA, externalId, aBlock({ heading: 'First', body: 'One.' }), 'beginning');

    // The document now starts with a heading, whose style new paragraphs inserted there would copy.
    await store.write(ADA, externalId, aBlock({ heading: 'Second', body: 'Two.' }), 'beginning');

    expect(summary(documentOf(externalId).paragraphs)).toEqual([
      ['Second', 'HEADING_2'],
      ['From grace@example.com · 21 Nov 2026, 13:00', 'NORMAL_TEXT'],
      ['Two.', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['First', 'HEADING_2'],
      ['From grace@example.com · 21 Nov 2026, 13:00', 'NORMAL_TEXT'],
      ['One.', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['Intro', 'NORMAL_TEXT'],
    ]);
  });

  it('does not carry a link or a bullet of the last paragraph into a block written after it', async () => {
    const id = google.seedDocument('ada', 'Notes', ['Reading list', 'Report']);
    google.edit(id, [
      { createParagraphBullets: { range: { startIndex: 14, endIndex: 20 }, bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
      { updateTextStyle: { range: { startIndex: 14, endIndex: 20 }, textStyle: { link: { url: 'https://example.com' } }, fields: 'link' } },
    ]);

    await store.write(ADA, id, aBlock({ body: 'Plain.' }), 'end');

    const paragraphs = documentOf(id).paragraphs;
    expect(paragraphs.map((p) => [p.text, p.bullet])).toEqual([
      ['Reading list', false],
      ['Report', true],
      ['', false],
      ['Quarterly numbers', false],
      ['From grace@example.com · 21 Nov 2026, 13:00', false],
      ['Plain.', false],
    ]);
    expect(links(paragraphs.slice(2))).toEqual([]);
    expect(links(paragraphs.slice(1, 2))).toHaveLength(1);
  });

  it('lands a block with emoji and Polish letters with every style range on its own text', async () => {
    const { externalId } = await store.create(ADA, { title: 'Zażółć', intro: 'Wstęp 📬' });
    // Two mails (an identical block would be the same one, not written twice), differing in their reference.
    const blockFor = (ref: string): DocBlock =>
      aBlock({
        heading: 'Zażółć gęślą jaźń 🎉 𝒳',
        meta: `Od Łukasz Żółć · 21 lis 2026 🕐 · ${ref}`,
        body: 'Ćma 🦋 leci.\r\n\r\nŹdźbło 👍🏽 i\u0007 już.',
      });

    await store.write(ADA, externalId, blockFor('ref 1'), 'end');
    await store.write(ADA, externalId, blockFor('ref 2'), 'beginning');

    const paragraphs = documentOf(externalId).paragraphs;
    const expected = (ref: string): [string, string][] => [
      ['Zażółć gęślą jaźń 🎉 𝒳', 'HEADING_2'],
      [`Od Łukasz Żółć · 21 lis 2026 🕐 · ${ref}`, 'NORMAL_TEXT'],
      ['Ćma 🦋 leci.', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ['Źdźbło 👍🏽 i już.', 'NORMAL_TEXT'],
    ];
    expect(summary(paragraphs)).toEqual([
      ...expected('ref 2'),
      ['', 'NORMAL_TEXT'],
      ['Wstęp 📬', 'NORMAL_TEXT'],
      ['', 'NORMAL_TEXT'],
      ...expected('ref 1'),
    ]);
    for (const [meta, ref] of [[paragraphs[1], 'ref 2'], [paragraphs[9], 'ref 1']] as const) {
      expect(meta?.runs).toEqual([{ text: `Od Łukasz Żółć · 21 lis 2026 🕐 · ${ref}`, style: expect.objectContaining({ italic: true }) }]);
    }
    for (const heading of [paragraphs[0], paragraphs[8]]) expect(heading?.runs).toEqual([{ text: 'Zażółć gęślą jaźń 🎉 𝒳', style: {} }]);
  });

  it('reads again and retries when the document changed between its read and the write at the end', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.afterNext('GET', `/v1/documents/${externalId}`, () =>
      google.edit(externalId, [{ insertText: { endOfSegmentLocation: {}, text: '\nTyped by the user' } }]),
    );

    await store.write(ADA, externalId, aBlock({ body: 'Short.' }), 'end');

    expect(summary(documentOf(externalId).paragraphs).map(([text]) => text)).toEqual([
      'Intro',
      'Typed by the user',
      '',
      'Quarterly numbers',
      'From grace@example.com · 21 Nov 2026, 13:00',
      'Short.',
    ]);
    expect(google.requests.filter((r) => r.path.endsWith(BATCH_UPDATE)).map((r) => r.status)).toEqual([200, 400, 200]);
  });
});

describe('GoogleDocsDocStore: failures', () => {
  it('answers a write refused with 429 with DocStoreBusyError at once (no retry within the minute), and the next write lands once', async () => {
    const { externalId } = await store.create(ADA, { title: 'Board mail', intro: 'Intro' });
    google.failNext('POST', BATCH_UPDATE, 429, 1);

    const error = await rejection(store.write(ADA, externalId, aBlock(), 'beginning'));
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

    const error = await rejection(store.readText(ADA, externalId));

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
    google.revokeRefreshToken(refreshToken);

    const error = await rejection(store.write(ADA, externalId, aBlock(), 'end'));

    expect(error).toBeInstanceOf(DocAccessRevokedError);
    const everything = inspect(error, { depth: 10 });
    expect(everything).not.toContain(refreshToken);
    expect(everything).not.toContain('ya29.');
    expect(everything).not.toContain(google.clientSecret);
  });

  it('throws DocAccessRevokedError when a fresh token refresh is refused with invalid_grant', async () => {
    google.revokeRefreshToken(refreshToken);

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
    google.revokeRefreshToken(refreshToken);
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
