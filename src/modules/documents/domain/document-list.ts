// The documents list as the app shows it (docs/product.md § Documents list): a case-insensitive name search and
// four orders, names compared the Polish way. The database may do the same in SQL; this is the rule.

export const DOCUMENT_SORTS = ['nameAsc', 'nameDesc', 'dateAsc', 'dateDesc'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export interface DocumentListQuery {
  /** Matched as a case-insensitive substring of the name; empty matches every document. */
  q: string;
  sortBy: DocumentSort;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** What a document card shows: the allow-list's size, not the list. */
export interface DocumentCard {
  id: string;
  name: string;
  allowedEmailsCount: number;
  forwardEmail: string;
  externalId: string;
  createdAt: Date;
}

export interface DocumentCardPage {
  cards: DocumentCard[];
  /** Matching documents on all pages. */
  total: number;
}

/** The fields the order and the search need. */
export interface DocumentListKey {
  id: string;
  name: string;
  createdAt: Date;
}

// One collator for the process: building one per comparison is what makes localeCompare slow.
const polish = new Intl.Collator('pl');

/** Ties go by creation, then id, so a page boundary never moves between two reads of the same list. */
function byName(a: DocumentListKey, b: DocumentListKey): number {
  return polish.compare(a.name, b.name) || a.createdAt.getTime() - b.createdAt.getTime() || compareIds(a.id, b.id);
}

function byDate(a: DocumentListKey, b: DocumentListKey): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || compareIds(a.id, b.id);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const comparators: Record<DocumentSort, (a: DocumentListKey, b: DocumentListKey) => number> = {
  nameAsc: byName,
  nameDesc: (a, b) => byName(b, a),
  dateAsc: byDate,
  dateDesc: (a, b) => byDate(b, a),
};

/** Lower-cased without a locale, so the answer does not depend on the server's settings. */
export const foldCase = (text: string) => text.toLowerCase();

export function nameMatches(name: string, q: string): boolean {
  return q === '' || foldCase(name).includes(foldCase(q));
}

/** The matching keys in the chosen order: every page's rows and the total come from this. */
export function orderDocuments<Key extends DocumentListKey>(keys: readonly Key[], q: string, sortBy: DocumentSort): Key[] {
  return keys.filter((key) => nameMatches(key.name, q)).sort(comparators[sortBy]);
}

/** The rows of one page of an ordered list (from 0). */
export const pageOffset = (query: Pick<DocumentListQuery, 'page' | 'pageSize'>) => (query.page - 1) * query.pageSize;
