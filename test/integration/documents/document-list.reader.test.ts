// The documents list's pages against a real database: the same pages whether the database orders the
// names (Postgres with ICU's Polish collation) or the app does (PGlite), and in the web app's order.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_SORTS, type DocumentCardPage, type DocumentListQuery } from '../../../src/modules/documents/domain/document-list.js';
import { KnexDocumentListReader } from '../../../src/modules/documents/infra/knex.document-list.reader.js';
import { ordersPolishNames } from '../../../src/modules/documents/infra/polish-collation.js';
import { databaseKinds } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const WORDS = ['Łódź', 'Lublin', 'lody', 'żaba', 'Zebra', 'źródło', 'Ćma', 'cebula', 'Ósemka', 'owoce', 'Śląsk', 'sad', 'ąb', 'ab', 'Ęga', 'ela', 'Ńa', 'na', '100%', 'a_b', '  spacja', 'Äpfel', 'apteka', 'ZEBRA', 'back\\slash', 'line\nbreak', 'tab\tname'];
const DOCUMENTS = 240;

/** A deterministic mix: repeated names, cases and diacritics, equal creation times in places. */
function seedNames(): { id: string; name: string; createdAt: Date }[] {
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  const start = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: DOCUMENTS }, (_, n) => {
    const first = WORDS[next() % WORDS.length] ?? '';
    const name = next() % 3 === 0 ? `${first} ${WORDS[next() % WORDS.length] ?? ''}` : first;
    // Every fourth document shares its creation time with the one before it.
    return { id: randomUUID(), name, createdAt: new Date(start + (n - (n % 4 === 3 ? 1 : 0)) * 60_000) };
  });
}

describe.each(databaseKinds())('the documents list reader (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let owner: string;
  let other: string;
  const seeded = seedNames();

  beforeAll(async () => {
    const { db } = database;
    owner = await aUser(db, 'owner@example.com');
    other = await aUser(db, 'other@example.com');
    const row = (ownerId: string, name: string, createdAt: Date, extra: Record<string, unknown> = {}, id: string = randomUUID()) => {
      return { id, owner_id: ownerId, name, forward_token: id, forward_email: `${id}@in.test`, external_id: `local-${id}`, created_at: createdAt, ...extra };
    };
    const rows = seeded.map(({ id, name, createdAt }) => row(owner, name, createdAt, {}, id));
    await db('documents').insert(rows);
    await db('document_allowed_emails').insert(rows.flatMap((doc, n) => Array.from({ length: n % 3 }, (_, k) => ({ document_id: doc.id, email: `s${k}@example.com` }))));
    await db('documents').insert([
      row(other, 'Łódź', new Date()),
      row(owner, 'Łódź deleted', new Date(), { deleted_at: new Date() }),
      row(owner, 'Łódź being created', new Date(), { external_id: null }),
    ]);
  });

  const query = (overrides: Partial<DocumentListQuery>): DocumentListQuery => ({ q: '', sortBy: 'nameAsc', page: 1, pageSize: 24, ...overrides });

  async function everyPage(reader: KnexDocumentListReader, base: Partial<DocumentListQuery>): Promise<DocumentCardPage[]> {
    const pages: DocumentCardPage[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await reader.page(owner, query({ ...base, page, pageSize: 37 }));
      pages.push(answer);
      if (answer.cards.length < 37) return pages;
    }
  }

  it('orders names in SQL exactly where the database orders them the Polish way', async () => {
    expect(await ordersPolishNames(database.db)).toBe(kind === 'postgres');
  });

  it('orders by name as the web app does: Intl Polish comparison, equal names by creation', async () => {
    const reader = new KnexDocumentListReader(database.db);
    const pages = await everyPage(reader, { sortBy: 'nameAsc' });
    const cards = pages.flatMap((page) => page.cards);

    expect(cards).toHaveLength(DOCUMENTS);
    expect(pages.every((page) => page.total === DOCUMENTS)).toBe(true);
    const expected = seeded
      .toSorted((a, b) => a.name.localeCompare(b.name, 'pl') || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((doc) => doc.id);
    expect(cards.map((card) => card.id)).toEqual(expected);
  });

  it.each(DOCUMENT_SORTS.flatMap((sortBy) => ['', 'ł', 'Ż', 'a', '%', '_', 'ZEB', 'spacja'].map((q) => [sortBy, q] as const)))(
    'gives the same pages in SQL and in the app for %s, search %j',
    async (sortBy, q) => {
      const inSql = new KnexDocumentListReader(database.db);
      const inApp = new KnexDocumentListReader(database.db, () => Promise.resolve(false));

      const [sql, app] = [await everyPage(inSql, { sortBy, q }), await everyPage(inApp, { sortBy, q })];

      expect(sql).toEqual(app);
      const total = app[0]?.total ?? -1;
      expect(total).toBe(seeded.filter((doc) => doc.name.toLowerCase().includes(q.toLowerCase())).length);
    },
  );

  it('counts each card\'s allowed emails', async () => {
    const reader = new KnexDocumentListReader(database.db);
    const cards = (await everyPage(reader, { sortBy: 'dateAsc' })).flatMap((page) => page.cards);
    const counts = (await database.db('document_allowed_emails').select('document_id').count({ n: '*' }).groupBy('document_id')) as { document_id: string; n: number }[];
    const byId = new Map(counts.map((row) => [row.document_id, Number(row.n)]));
    expect(cards.map((card) => card.allowedEmailsCount)).toEqual(cards.map((card) => byId.get(card.id) ?? 0));
    expect(cards.some((card) => card.allowedEmailsCount === 2)).toBe(true);
  });

  it('answers the total past the last page', async () => {
    const reader = new KnexDocumentListReader(database.db);
    expect(await reader.page(owner, query({ page: 50 }))).toEqual({ cards: [], total: DOCUMENTS });
    expect(await reader.page(other, query({ q: 'łódź' }))).toMatchObject({ total: 1 });
  });
});
