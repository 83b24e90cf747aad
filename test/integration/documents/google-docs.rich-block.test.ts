import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocBlock, DocOwner } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { type GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import { blockMarker } from '../../../src/modules/documents/infra/google-docs.requests.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import { startFakeGoogleDocs, type FakeDocument, type FakeGoogleDocs, type FakeParagraph } from '../../support/fakes/fake-google-docs.server.js';
import { googleStoreOn } from '../../support/fakes/fake-google-docs.store.js';

const ADA: DocOwner = { userId: 'user-ada' };
const LINK = 'https://app.test/dashboard/doc/0b6c7d1e-0000-4000-8000-000000000001?mail=0f9e8d7c-6b5a-4321-9876-543210fedcba';

function richBlock(overrides: Partial<DocBlock> = {}): DocBlock {
  return {
    heading: 'Contract',
    meta: 'From Jane <jane@acme.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a\nForwarded by Bob <bob@example.com>: FYI\nAttachments: contract.pdf (read, 3 pages)',
    body: 'Jane sent the contract.\n\nKey points:\n• Three-year term\n• Price fixed\n\nAction items:\n• Sign and return the contract\n• Book the signing',
    link: LINK,
    ...overrides,
  };
}

let google: FakeGoogleDocs;
let refreshToken: string;
let store: GoogleDocsDocStore;

beforeEach(async () => {
  google = await startFakeGoogleDocs();
  refreshToken = google.issueRefreshToken('ada');
  const credentials: ProviderCredentials = { refreshTokenOf: () => Promise.resolve(refreshToken) };
  store = googleStoreOn(google, credentials);
});

afterEach(async () => {
  await google.close();
});

function documentOf(id: string): FakeDocument {
  const doc = google.document(id);
  if (!doc) throw new Error(`the fake has no document ${id}`);
  return doc;
}

const byText = (paragraphs: FakeParagraph[], text: string): FakeParagraph => {
  const found = paragraphs.find((paragraph) => paragraph.text === text);
  if (!found) throw new Error(`no paragraph "${text}" in ${JSON.stringify(paragraphs.map((p) => p.text))}`);
  return found;
};

/** documents.get as a Docs API client reads it (the fake's answer over HTTP, with a token of its own endpoint). */
async function documentsGet(id: string): Promise<{ body: { content: { paragraph?: { bullet?: { listId: string }; elements: { textRun?: { content: string } }[] } }[] }; lists?: Record<string, { listProperties: { nestingLevels: { glyphSymbol?: string; glyphType?: string }[] } }> }> {
  const token = (await (
    await fetch(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: google.clientId, client_secret: google.clientSecret }),
    })
  ).json()) as { access_token: string };
  const answer = await fetch(`${google.rootUrl}v1/documents/${id}`, { headers: { authorization: `Bearer ${token.access_token}` } });
  return (await answer.json()) as Awaited<ReturnType<typeof documentsGet>>;
}

describe('GoogleDocsDocStore: a rich block in the document', () => {
  it('writes key points as a bulleted list and action items as a checklist, the items without "• "', async () => {
    const { externalId } = await store.create(ADA, { title: 'Contracts', intro: 'Intro' });

    await store.write(ADA, externalId, richBlock(), 'end');

    const paragraphs = documentOf(externalId).paragraphs;
    expect(paragraphs.map((p) => [p.text, p.preset])).toEqual([
      ['Intro', null],
      ['', null],
      ['Contract', null],
      ['From Jane <jane@acme.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a', null],
      ['Forwarded by Bob <bob@example.com>: FYI', null],
      ['Attachments: contract.pdf (read, 3 pages)', null],
      ['Jane sent the contract.', null],
      ['', null],
      ['Key points:', null],
      ['Three-year term', 'BULLET_DISC_CIRCLE_SQUARE'],
      ['Price fixed', 'BULLET_DISC_CIRCLE_SQUARE'],
      ['', null],
      ['Action items:', null],
      ['Sign and return the contract', 'BULLET_CHECKBOX'],
      ['Book the signing', 'BULLET_CHECKBOX'],
      ['Open in Mailscribe', null],
    ]);
    expect(documentOf(externalId).text).not.toContain('•');
    // One list per section: both key points share one, both action items another.
    expect(byText(paragraphs, 'Three-year term').listId).toBe(byText(paragraphs, 'Price fixed').listId);
    expect(byText(paragraphs, 'Sign and return the contract').listId).toBe(byText(paragraphs, 'Book the signing').listId);
    expect(byText(paragraphs, 'Three-year term').listId).not.toBe(byText(paragraphs, 'Book the signing').listId);
  });

  it('answers documents.get with each item\'s listId and the lists\' glyphs, telling bullets from checkboxes', async () => {
    const { externalId } = await store.create(ADA, { title: 'Contracts', intro: '' });
    await store.write(ADA, externalId, richBlock(), 'end');

    const json = await documentsGet(externalId);
    const listOf = (text: string) => json.body.content.find((element) => element.paragraph?.elements.map((e) => e.textRun?.content).join('') === `${text}\n`)?.paragraph?.bullet?.listId ?? '';
    expect(json.lists?.[listOf('Price fixed')]?.listProperties.nestingLevels[0]?.glyphSymbol).toBe('●');
    const checklist = json.lists?.[listOf('Book the signing')]?.listProperties.nestingLevels[0];
    expect(checklist?.glyphSymbol).toBeUndefined();
    expect(checklist?.glyphType).toBe('GLYPH_TYPE_UNSPECIFIED');
  });

  it('bolds the labels, keeps the meta lines italic grey and links the last line to the mail\'s row', async () => {
    const { externalId } = await store.create(ADA, { title: 'Contracts', intro: 'Intro' });
    await store.write(ADA, externalId, richBlock(), 'end');

    const paragraphs = documentOf(externalId).paragraphs;
    expect(paragraphs.flatMap((p) => p.bold)).toEqual(['Attachments:', 'Key points:', 'Action items:']);
    for (const line of richBlock().meta.split('\n')) expect(byText(paragraphs, line).runs.every((run) => run.style.italic === true)).toBe(true);
    expect(paragraphs.flatMap((p) => p.links)).toEqual([{ text: 'Open in Mailscribe', url: LINK }]);
  });

  it('at the beginning of a document that starts with a list, the block\'s lists are its own and nothing after it gains a bullet', async () => {
    const id = google.seedDocument('ada', 'Notes', ['Reading list', 'Report']);
    google.edit(id, [{ createParagraphBullets: { range: { startIndex: 1, endIndex: 20 }, bulletPreset: 'BULLET_CHECKBOX' } }]);

    await store.write(ADA, id, richBlock(), 'beginning');

    const paragraphs = documentOf(id).paragraphs;
    expect(paragraphs.filter((p) => p.preset === 'BULLET_CHECKBOX').map((p) => p.text)).toEqual(['Sign and return the contract', 'Book the signing', 'Reading list', 'Report']);
    expect(byText(paragraphs, 'Book the signing').listId).not.toBe(byText(paragraphs, 'Reading list').listId);
    expect(paragraphs.filter((p) => p.bullet && !p.preset)).toEqual([]);
    expect(byText(paragraphs, 'Open in Mailscribe').bullet).toBe(false);
    expect(paragraphs[paragraphs.indexOf(byText(paragraphs, 'Open in Mailscribe')) + 1]).toMatchObject({ text: '', bullet: false });
  });

  it('a block ending with an action item and no link, written at the end, keeps its checklist to its own items', async () => {
    const { externalId } = await store.create(ADA, { title: 'Contracts', intro: 'Intro' });

    await store.write(ADA, externalId, richBlock({ link: null }), 'end');

    const paragraphs = documentOf(externalId).paragraphs;
    expect(paragraphs.at(-1)).toMatchObject({ text: 'Book the signing', preset: 'BULLET_CHECKBOX' });
    expect(paragraphs.flatMap((p) => p.links)).toEqual([]);
  });
});

describe('GoogleDocsDocStore: a rich block is still written once', () => {
  it('a retry of the same block finds its marker and writes nothing more, link or not', async () => {
    const { externalId } = await store.create(ADA, { title: 'Contracts', intro: 'Intro' });
    await store.write(ADA, externalId, richBlock(), 'end');
    const written = documentOf(externalId).text;
    const writes = google.count('POST', ':batchUpdate');

    await store.write(ADA, externalId, richBlock(), 'end');
    await store.write(ADA, externalId, richBlock({ link: null }), 'beginning');

    expect(documentOf(externalId).text).toBe(written);
    expect(google.count('POST', ':batchUpdate')).toBe(writes);
    expect(documentOf(externalId).namedRanges.map((range) => range.name)).toEqual([blockMarker(richBlock())]);
  });

  it('recognises a block the old plain layout wrote (typed "•" lines, same marker), and does not write it again', async () => {
    const old = richBlock({ link: null });
    const id = google.seedDocument('ada', 'Contracts', ['Intro']);
    // What the previous writer put in: every line plain text, the marker over heading to body.
    const text = `\n\n${old.heading}\n${old.meta}\n${old.body}`;
    google.edit(id, [
      { insertText: { location: { index: 6 }, text } },
      { createNamedRange: { name: blockMarker(old), range: { startIndex: 8, endIndex: 6 + text.length } } },
    ]);
    const before = documentOf(id).text;
    const writes = google.count('POST', ':batchUpdate');

    await store.write(ADA, id, richBlock(), 'end');

    expect(documentOf(id).text).toBe(before);
    expect(google.count('POST', ':batchUpdate')).toBe(writes);
  });
});
