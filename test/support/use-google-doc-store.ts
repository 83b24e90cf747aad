import { afterEach, beforeEach } from 'vitest';
import type { DocBlock, DocOwner } from '../../src/modules/documents/application/ports/doc-store.port.js';
import type { GoogleDocsDocStore } from '../../src/modules/documents/infra/google-docs.doc-store.js';
import { startFakeGoogleDocs, type FakeDocument, type FakeGoogleDocs, type FakeParagraph } from './fakes/fake-google-docs.server.js';
import { googleStoreOn, StoredGrants } from './fakes/fake-google-docs.store.js';
import { late } from './late.js';

// The set-up of the Google Docs adapter's own tests: for each test a fresh fake Google Docs, Ada's grant
// stored, and the real adapter pointed at both; what a test reads back from the fake's documents.

export const ADA: DocOwner = { userId: 'user-ada' };

export function aBlock(overrides: Partial<DocBlock> = {}): DocBlock {
  return {
    heading: 'Quarterly numbers',
    meta: 'From grace@example.com · 21 Nov 2026, 13:00',
    body: 'Revenue is up 4%.\n\nAction: reply to Grace by Friday.',
    ...overrides,
  };
}

export interface UsedGoogleDocStore {
  /** This test's fake Google Docs. */
  google: FakeGoogleDocs;
  /** The stored grants the adapter reads: Ada's refresh token to begin with. */
  grants: StoredGrants;
  /** The refresh token stored for Ada in this test. */
  refreshToken(): string;
  /** The adapter on this test's fake and grants. */
  store: GoogleDocsDocStore;
  /** Another adapter on this test's fake and grants, tuned (timeout, retries). */
  storeWith(tuning?: Parameters<typeof googleStoreOn>[2]): GoogleDocsDocStore;
  /** The fake's document `id`; fails the test when there is none. */
  documentOf(id: string): FakeDocument;
}

/** Registers, for every test of the file, a fake Google Docs started before it and closed after it. */
export function useGoogleDocStore(): UsedGoogleDocStore {
  let current: { google: FakeGoogleDocs; grants: StoredGrants; refreshToken: string; store: GoogleDocsDocStore } | null = null;
  const started = () => {
    if (!current) throw new Error('useGoogleDocStore: read inside a test, after its beforeEach ran');
    return current;
  };
  beforeEach(async () => {
    const google = await startFakeGoogleDocs();
    const grants = new StoredGrants();
    const refreshToken = google.issueRefreshToken('ada');
    grants.tokens.set(ADA.userId, refreshToken);
    current = { google, grants, refreshToken, store: googleStoreOn(google, grants) };
  });
  afterEach(async () => {
    await current?.google.close();
    current = null;
  });
  return {
    google: late(() => started().google),
    grants: late(() => started().grants),
    refreshToken: () => started().refreshToken,
    store: late(() => started().store),
    storeWith: (tuning = {}) => googleStoreOn(started().google, started().grants, tuning),
    documentOf: (id) => {
      const doc = started().google.document(id);
      if (!doc) throw new Error(`the fake has no document ${id}`);
      return doc;
    },
  };
}

/** Each paragraph as its text and named style. */
export function summary(paragraphs: FakeParagraph[]): [string, string][] {
  return paragraphs.map((p) => [p.text, p.namedStyleType]);
}

/** The text runs that carry a link. */
export function links(paragraphs: FakeParagraph[]): unknown[] {
  return paragraphs.flatMap((p) => p.runs.filter((run) => run.style.link !== undefined));
}
