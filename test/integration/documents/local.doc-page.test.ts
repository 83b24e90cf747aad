import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderLocalDocPage } from '../../../src/modules/documents/http/local-doc.page.js';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const owner = { userId: '00000000-0000-4000-8000-000000000001' };
const LINK = 'http://app.test/dashboard/doc/0b6c7d1e-0000-4000-8000-000000000001?mail=0f9e8d7c-6b5a-4321-9876-543210fedcba';
const rich = {
  heading: 'Contract',
  meta: 'From Jane <jane@acme.example> · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a\nAttachments: contract.pdf (read, 3 pages)',
  body: 'Jane sent the contract.\n\nKey points:\n• Three-year term\n• Price fixed\n\nAction items:\n• Sign and return the contract',
  link: LINK,
};

describe.each(databaseKinds())('the local document with rich blocks (%s)', (kind) => {
  let database: TestDatabase;
  let store: LocalDocStore;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = new LocalDocStore(database.db, 'http://app.test');
  });
  afterEach(() => database.reset());
  afterAll(() => database.release());

  it('keeps the block\'s link, while its text stays heading, meta and body', async () => {
    const { externalId } = await store.create(owner, { title: 'Contracts', intro: 'Intro.' });
    await store.write(owner, externalId, rich, 'end');

    expect((await store.view(externalId))?.blocks).toEqual([rich]);
    expect(await store.readText(owner, externalId)).toBe(`Contracts\n\nIntro.\n\n${rich.heading}\n${rich.meta}\n${rich.body}`);
  });

  it('renders the block as accessible HTML: heading, muted meta, bold labels, a list, a checklist and the link back', async () => {
    const { externalId } = await store.create(owner, { title: 'Contracts', intro: 'Intro.' });
    await store.write(owner, externalId, rich, 'end');
    const view = await store.view(externalId);
    if (!view) throw new Error('no view');

    const html = renderLocalDocPage(view);
    expect(html).toContain('<section id="ref-0f9e8d7c6b5a">\n<h2>Contract</h2>');
    expect(html).toContain(
      '<p class="meta">From Jane &lt;jane@acme.example&gt; · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a<br><strong>Attachments:</strong> contract.pdf (read, 3 pages)</p>',
    );
    expect(html).toContain('<p class="label"><strong>Key points:</strong></p>\n<ul class="bullets">\n<li>Three-year term</li>\n<li>Price fixed</li>\n</ul>');
    expect(html).toContain('<p class="label"><strong>Action items:</strong></p>\n<ul class="checklist">\n<li><label><input type="checkbox"> Sign and return the contract</label></li>\n</ul>');
    expect(html).toContain(`<p class="open"><a href="${LINK}">Open in Mailscribe</a></p>`);
    expect(html).not.toContain('•');
    expect(html).not.toContain('<script');
  });

  it('renders a block written before links (no link) without one, and its text as before', async () => {
    const { externalId } = await store.create(owner, { title: 'Contracts', intro: '' });
    await store.write(owner, externalId, { heading: 'Old', meta: 'From a@b.co · ref 0123456789ab', body: 'One.\n\nTwo.' }, 'end');
    const view = await store.view(externalId);
    if (!view) throw new Error('no view');

    expect(view.blocks).toEqual([{ heading: 'Old', meta: 'From a@b.co · ref 0123456789ab', body: 'One.\n\nTwo.' }]);
    const html = renderLocalDocPage(view);
    expect(html).toContain('<h2>Old</h2>\n<p class="meta">From a@b.co · ref 0123456789ab</p>\n<p>One.</p>\n<p>Two.</p>\n</section>');
    expect(html).not.toContain('Open in Mailscribe');
  });

  it('escapes everything a mail put in the block, and never renders a link that is not a web address', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: '' });
    await store.write(
      owner,
      externalId,
      { heading: '<img src=x onerror=alert(1)>', meta: 'From "evil" <e@x.co> · ref 0123456789ab', body: 'Key points:\n• <b>bold</b> & "quoted"', link: 'javascript:alert(1)' },
      'end',
    );
    const view = await store.view(externalId);
    if (!view) throw new Error('no view');

    const html = renderLocalDocPage(view);
    expect(html).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html).toContain('<li>&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;</li>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
  });
});
