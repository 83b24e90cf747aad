// The filters of a mail list (a document's Processed Emails, the search across documents), kept in the
// page's URL query so a reload, a shared link and Back show the same list: `q` (a substring of the
// subject or the sender), `status`, and `from`/`to` (YYYY-MM-DD, inclusive), as the server takes them
// (docs/api.md § Received mail).
import { MAX_SEARCH_LENGTH } from '@contract/common';
import type { ReceivedMailStatus } from '../api/types';

export type MailFilters = { q: string; status: ReceivedMailStatus | ''; from: string; to: string };

export const NO_MAIL_FILTERS: MailFilters = { q: '', status: '', from: '', to: '' };

/** The statuses a user can filter on, in the order the pipeline reaches them. */
export const MAIL_STATUSES: readonly ReceivedMailStatus[] = ['received', 'processing', 'processed', 'held', 'failed', 'ignored', 'duplicate', 'expired'];

const FILTER_KEYS = ['q', 'status', 'from', 'to'] as const;

const isStatus = (value: string): value is ReceivedMailStatus => (MAIL_STATUSES as readonly string[]).includes(value);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The filters a URL query names; anything the server would refuse (an unknown status, a malformed day) is dropped. */
export function mailFiltersOf(search: URLSearchParams): MailFilters {
  const q = (search.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const status = search.get('status') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return { q, status: isStatus(status) ? status : '', from: isIsoDay(from) ? from : '', to: isIsoDay(to) ? to : '' };
}

/** The URL query with `filters` in it (empty ones removed); every other parameter is kept. */
export function withMailFilters(search: URLSearchParams, filters: MailFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export const hasMailFilters = (filters: MailFilters): boolean => FILTER_KEYS.some((key) => filters[key] !== '');

/** The filters as query parameters for the server: only those set. */
export function mailFilterParams(filters: MailFilters): Partial<MailFilters> {
  const params: Partial<MailFilters> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) Object.assign(params, { [key]: value });
  }
  return params;
}
