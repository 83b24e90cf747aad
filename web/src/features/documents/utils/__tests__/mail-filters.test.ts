import { describe, expect, it } from 'vitest';
import { hasMailFilters, isIsoDay, mailFilterParams, mailFiltersOf, NO_MAIL_FILTERS, withMailFilters } from '../mail-filters';

describe('mail filters in the URL', () => {
  it('reads the search, a known status and real days from the query', () => {
    const filters = mailFiltersOf(new URLSearchParams('q=%20invoice%20&status=failed&from=2026-11-01&to=2026-11-30&mail=x'));
    expect(filters).toEqual({ q: 'invoice', status: 'failed', from: '2026-11-01', to: '2026-11-30' });
  });

  it('drops what the server would refuse: an unknown status and days that do not exist', () => {
    const filters = mailFiltersOf(new URLSearchParams('status=lost&from=2026-02-30&to=yesterday'));
    expect(filters).toEqual(NO_MAIL_FILTERS);
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-13-01')).toBe(false);
  });

  it('writes only the filters that are set and keeps the other parameters', () => {
    const next = withMailFilters(new URLSearchParams('mail=m1&q=old'), { q: '', status: 'held', from: '', to: '2026-11-30' });
    expect(next.toString()).toBe('mail=m1&status=held&to=2026-11-30');
  });

  it('sends the server only the filters that are set, and knows when any is', () => {
    expect(mailFilterParams({ q: 'acme', status: '', from: '', to: '' })).toEqual({ q: 'acme' });
    expect(hasMailFilters(NO_MAIL_FILTERS)).toBe(false);
    expect(hasMailFilters({ ...NO_MAIL_FILTERS, from: '2026-11-01' })).toBe(true);
  });
});
