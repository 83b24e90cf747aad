import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentListItem, DocumentsPage } from '../../src/contract/documents.js';
import type { ErrorResponse } from '../../src/contract/common.js';
import { createDocument } from '../support/documents.js';
import { rawRequest } from '../support/raw-http.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';

// The web app's comparison (web/src/features/documents/utils/document-list.ts): the server's pages must
// come in exactly this order.
const polishOrder = (names: readonly string[]) => [...names].sort((a, b) => a.localeCompare(b, 'pl'));

describe.each(databaseKinds())('GET /api/google-docs, paged (%s)', (kind) => {
  const { app } = useTestApp(kind, { env: { INBOUND_DOMAIN: 'in.example.com' }, resetAfterEach: true });
  let token: string;

  beforeEach(async () => {
    token = await signIn(app, { email: 'owner@example.com' });
  });

  async function page(query: string, as = token): Promise<DocumentsPage> {
    const response = await app.fetch(`/api/google-docs?${query}`, { token: as });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as DocumentsPage;
  }
  const namesOf = (answer: DocumentsPage) => answer.data.map((card) => card.documentName);

  /** Creates the documents one after another, so their creation times follow the given order. */
  async function createNamed(names: readonly string[], as = token): Promise<DocumentListItem[]> {
    const created: DocumentListItem[] = [];
    for (const docName of names) created.push(await createDocument(app, as, { docName }));
    return created;
  }

  it('answers the whole list as before when no paging parameter is given', async () => {
    const [older, newer] = await createNamed(['Older', 'Newer']);
    const response = await app.fetch('/api/google-docs', { token });
    expect(await response.json()).toEqual([newer, older]);
  });

  it('shows a rename, an added allowed email and a deletion in the whole list at once', async () => {
    const [first, second] = await createNamed(['First', 'Second']);
    const whole = async () => ((await (await app.fetch('/api/google-docs', { token })).json()) as DocumentListItem[]).map((item) => `${item.documentName} ${item.emails.join(',')}`);
    expect(await whole()).toEqual(['Second boss@example.com', 'First boss@example.com']);
    expect((await app.fetch(`/api/document/${first?.documentId}/title`, { method: 'PUT', token, json: { title: 'Renamed' } })).status).toBe(200);
    expect(await whole()).toEqual(['Second boss@example.com', 'Renamed boss@example.com']);
    expect((await app.fetch(`/api/addAllowedEmail/${second?.documentId}/emails`, { method: 'POST', token, json: { email: 'ada@example.com' } })).status).toBe(200);
    expect(await whole()).toEqual(['Second boss@example.com,ada@example.com', 'Renamed boss@example.com']);
    expect((await app.fetch(`/api/deleteGoogleDoc/${second?.documentId}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await whole()).toEqual(['Renamed boss@example.com']);
  });

  it('answers slim cards with the count of allowed emails, the total and the page asked for', async () => {
    const [created] = await createNamed(['Invoices']);
    if (!created) throw new Error('not created');
    await app.fetch(`/api/addAllowedEmail/${created.documentId}/emails`, { method: 'POST', token, json: { email: 'ada@example.com' } });

    const answer = await page('page=1');

    expect(answer).toEqual({
      data: [
        {
          documentId: created.documentId,
          documentName: 'Invoices',
          allowedEmailsCount: 2,
          forwardEmail: created.forwardEmail,
          documentUrl: created.documentUrl,
          createdAt: created.createdAt,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 24,
    });
  });

  it('cuts the ordered list into pages that together hold every document once, each with the total', async () => {
    const names = ['Echo', 'Alfa', 'Delta', 'Bravo', 'Charlie'];
    await createNamed(names);

    const pages = [await page('pageSize=2&page=1'), await page('pageSize=2&page=2'), await page('pageSize=2&page=3')];

    expect(pages.map(namesOf)).toEqual([['Alfa', 'Bravo'], ['Charlie', 'Delta'], ['Echo']]);
    expect(pages.map((answer) => [answer.total, answer.page, answer.pageSize])).toEqual([
      [5, 1, 2],
      [5, 2, 2],
      [5, 3, 2],
    ]);
    expect(await page('pageSize=2&page=4')).toEqual({ data: [], total: 5, page: 4, pageSize: 2 });
  });

  describe('orders', () => {
    // Created in this order: dates follow it.
    const names = ['Zebra', 'żaba', 'Łódź', 'Lublin', 'apteka', 'Ćma', 'cebula', 'Żubr', 'lody'];

    it('orders names the Polish way by default (Ł after L, ż after z), as the web app does', async () => {
      await createNamed(names);

      const answer = await page('page=1');

      expect(namesOf(answer)).toEqual(['apteka', 'cebula', 'Ćma', 'lody', 'Lublin', 'Łódź', 'Zebra', 'żaba', 'Żubr']);
      expect(namesOf(answer)).toEqual(polishOrder(names));
    });

    it.each([
      ['nameAsc', ['apteka', 'cebula', 'Ćma', 'lody', 'Lublin', 'Łódź', 'Zebra', 'żaba', 'Żubr']],
      ['nameDesc', ['Żubr', 'żaba', 'Zebra', 'Łódź', 'Lublin', 'lody', 'Ćma', 'cebula', 'apteka']],
      ['dateAsc', names],
      ['dateDesc', [...names].reverse()],
    ])('orders by %s, the same on every page', async (sortBy, expected) => {
      await createNamed(names);

      const pages = [await page(`sortBy=${sortBy}&pageSize=4&page=1`), await page(`sortBy=${sortBy}&pageSize=4&page=2`), await page(`sortBy=${sortBy}&pageSize=4&page=3`)];

      expect(pages.flatMap(namesOf)).toEqual(expected);
    });

    it('breaks ties of equal names by creation time, reversed for Name (Z–A)', async () => {
      const [first, second, third] = await createNamed(['Notes', 'Notes', 'Notes']);
      const ids = (answer: DocumentsPage) => answer.data.map((card) => card.documentId);

      expect(ids(await page('sortBy=nameAsc'))).toEqual([first?.documentId, second?.documentId, third?.documentId]);
      expect(ids(await page('sortBy=nameDesc'))).toEqual([third?.documentId, second?.documentId, first?.documentId]);
      expect(ids(await page('sortBy=nameAsc&pageSize=1&page=2'))).toEqual([second?.documentId]);
    });
  });

  describe('search', () => {
    it.each([
      ['ŁÓDŹ', ['Łódź centrum']],
      ['łódź', ['Łódź centrum']],
      ['ŻAB', ['żaba i Zebra']],
      ['zebra', ['żaba i Zebra']],
      ['%', ['100% done']],
      ['_', ['snake_case']],
      ['  centrum ', ['Łódź centrum']],
      ['e', ['100% done', 'Łódź centrum', 'snake_case', 'żaba i Zebra']],
      ['nothing like it', []],
    ])('matches %j as a case-insensitive part of the name', async (q, expected) => {
      await createNamed(['Łódź centrum', 'żaba i Zebra', '100% done', 'snake_case', 'Lodz']);

      const answer = await page(`q=${encodeURIComponent(q)}`);

      expect(namesOf(answer)).toEqual(expected);
      expect(answer.total).toBe(expected.length);
    });

    it('counts the matching documents in the total, not all of them', async () => {
      await createNamed(['Invoices 1', 'Invoices 2', 'Invoices 3', 'Newsletters']);

      const answer = await page('q=invoices&pageSize=2&page=2');

      expect(namesOf(answer)).toEqual(['Invoices 3']);
      expect(answer.total).toBe(3);
    });
  });

  it("never lists another user's documents, nor deleted ones", async () => {
    const [kept, deleted] = await createNamed(['Reports kept', 'Reports deleted']);
    await app.fetch(`/api/deleteGoogleDoc/${deleted?.documentId}`, { method: 'DELETE', token });
    const other = await signIn(app, { email: 'other@example.com' });
    await createNamed(['Reports of someone else'], other);

    for (const query of ['page=1', 'q=reports', 'sortBy=dateDesc', 'sortBy=nameDesc&q=R']) {
      const answer = await page(query);
      expect(answer.data.map((card) => card.documentId), query).toEqual([kept?.documentId]);
      expect(answer.total, query).toBe(1);
    }
    expect(namesOf(await page('q=reports', other))).toEqual(['Reports of someone else']);
  });

  it.each([
    ['sortBy=name', 'sortBy'],
    ['page=0', 'page'],
    ['page=two', 'page'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    [`q=${'q'.repeat(201)}`, 'q'],
  ])('refuses %s, naming the field', async (query, field) => {
    const response = await app.fetch(`/api/google-docs?${query}`, { token });

    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorResponse;
    expect(error.code).toBe('REQUEST.INVALID');
    expect(error.details).toEqual([expect.objectContaining({ path: field })]);
    expect(error.message).toMatch(new RegExp(`^${field}: `));
  });

  it('refuses an unknown parameter beside the paging ones', async () => {
    const response = await app.fetch('/api/google-docs?page=1&sort=name', { token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorResponse).error.message).toContain('sort');
  });

  it('answers 304 to an unchanged page and the new page once a name changes', async () => {
    const [doc] = await createNamed(['Invoices', 'Newsletters']);
    const path = '/api/google-docs?sortBy=nameAsc&page=1&pageSize=10';
    const read = (headers: Record<string, string> = {}) => rawRequest(app.url, path, { headers: { authorization: `Bearer ${token}`, ...headers } });
    const first = await read();
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    expect((await read({ 'if-none-match': etag })).status).toBe(304);

    await app.fetch(`/api/document/${doc?.documentId}/title`, { method: 'PUT', token, json: { title: 'Receipts' } });
    const changed = await read({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect((JSON.parse(changed.body.toString()) as DocumentsPage).data.map((card) => card.documentName)).toEqual(['Newsletters', 'Receipts']);
  });
});
