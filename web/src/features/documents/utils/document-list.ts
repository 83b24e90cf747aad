// Searching and sorting the documents list (spec §2 "Documents list").
import type { DocumentListItem } from '../api/types';

export const SORT_OPTIONS = [
  { value: 'nameAsc', label: 'Name (A–Z)' },
  { value: 'nameDesc', label: 'Name (Z–A)' },
  { value: 'dateAsc', label: 'Date created (oldest first)' },
  { value: 'dateDesc', label: 'Date created (newest first)' },
] as const;

export type DocumentSort = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SORT: DocumentSort = 'nameAsc';

export function isDocumentSort(value: string): value is DocumentSort {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** Names compare the Polish way: "Lublin" < "Łódź" < "Zebra". */
const byName = (a: DocumentListItem, b: DocumentListItem) => a.documentName.localeCompare(b.documentName, 'pl');
const byDate = (a: DocumentListItem, b: DocumentListItem) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byName(a, b);

const comparators: Record<DocumentSort, (a: DocumentListItem, b: DocumentListItem) => number> = {
  nameAsc: byName,
  nameDesc: (a, b) => byName(b, a),
  dateAsc: byDate,
  dateDesc: (a, b) => byDate(b, a),
};

/** The documents whose name contains the query (any case), in the chosen order. */
export function visibleDocuments(items: readonly DocumentListItem[], query: string, sort: DocumentSort): DocumentListItem[] {
  const needle = query.trim().toLocaleLowerCase();
  const matching = needle ? items.filter((item) => item.documentName.toLocaleLowerCase().includes(needle)) : [...items];
  return matching.sort(comparators[sort]);
}
