// Searching, sorting and paging the documents list (docs/product.md § Documents list).
import type { DocumentsPageQuery } from '../api/types';
import { DEFAULT_DOCUMENTS_PAGE_SIZE } from '@contract/documents';

export const SORT_OPTIONS = [
  { value: 'nameAsc', label: 'Name (A–Z)' },
  { value: 'nameDesc', label: 'Name (Z–A)' },
  { value: 'dateAsc', label: 'Date created (oldest first)' },
  { value: 'dateDesc', label: 'Date created (newest first)' },
] as const;

export type DocumentSort = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SORT: DocumentSort = 'nameAsc';

/**
 * Cards per page read from the server: the contract's default, which fills grids of 1, 2, 3 or 4 columns
 * evenly. An account with no more documents than this gets them all in the first page and searches and
 * sorts them here, at once; a larger one has the server do it. (100 cards cost the server ~4× as much per
 * visit: 33 kB of JSON where 24 travel in 8 kB.)
 */
export const LIST_PAGE_SIZE = DEFAULT_DOCUMENTS_PAGE_SIZE;

/** How long the typing must pause before a large account's search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The first page in the server's default order: every account's first read. */
export const FIRST_PAGE: DocumentsPageQuery = { sortBy: DEFAULT_SORT, page: 1, pageSize: LIST_PAGE_SIZE };

export function isDocumentSort(value: string): value is DocumentSort {
  return SORT_OPTIONS.some((option) => option.value === value);
}

type Listed = { documentName: string; createdAt: string };

// One collator: localeCompare builds one per call. Names compare the Polish way: "Lublin" < "Łódź" < "Zebra".
const polish = new Intl.Collator('pl');
const byName = (a: Listed, b: Listed) => polish.compare(a.documentName, b.documentName);
const byDate = (a: Listed, b: Listed) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byName(a, b);

const comparators: Record<DocumentSort, (a: Listed, b: Listed) => number> = {
  nameAsc: byName,
  nameDesc: (a, b) => byName(b, a),
  dateAsc: byDate,
  dateDesc: (a, b) => byDate(b, a),
};

/** The documents whose name contains the query (any case), in the chosen order. */
export function visibleDocuments<Item extends Listed>(items: readonly Item[], query: string, sort: DocumentSort): Item[] {
  const needle = query.trim().toLocaleLowerCase();
  const matching = needle ? items.filter((item) => item.documentName.toLocaleLowerCase().includes(needle)) : [...items];
  return matching.sort(comparators[sort]);
}
