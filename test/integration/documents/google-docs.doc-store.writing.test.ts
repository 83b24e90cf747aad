// How the Google Docs adapter writes a block into a document, against a fake Google: where it lands, how
// it is styled, and a user's edit in between.
import { describe, expect, it } from 'vitest';
import type { DocBlock } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { ADA, aBlock, links, summary, useGoogleDocStore } from '../../support/use-google-doc-store.js';

const BATCH_UPDATE = ':batchUpdate';

const { google, store, documentOf } = useGoogleDocStore();

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
