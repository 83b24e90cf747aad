import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { documentKeys } from '@/features/documents/api/query-keys';
import { tokenStateKeys } from '@/lib/query-keys';
import { applyLiveEvent } from '../live-updates';

const page = { page: 2, pageSize: 10, sortBy: 'subject', sortOrder: 'asc' } as const;

function seeded() {
  const client = new QueryClient();
  client.setQueryData(documentKeys.receivedMailsPage('doc-1', page), { data: [], total: 0 });
  client.setQueryData(documentKeys.receivedMailsPage('doc-2', page), { data: [], total: 0 });
  client.setQueryData(documentKeys.details('doc-1'), {});
  client.setQueryData(documentKeys.details('doc-2'), {});
  client.setQueryData(documentKeys.list(), []);
  client.setQueryData(tokenStateKeys.all, {});
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey))
      .sort();
  return { client, stale };
}

describe('live events into the query cache', () => {
  it('a mail event refetches that document\'s mails (the page and sort shown), its details, the card counts and the held count, nothing else', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, { id: '3', event: 'mail', data: { documentId: 'doc-1', mailId: 'm-1' } });
    expect(stale()).toEqual(
      [documentKeys.details('doc-1'), documentKeys.list(), documentKeys.receivedMailsPage('doc-1', page), tokenStateKeys.all].map((key) => JSON.stringify(key)).sort(),
    );
  });

  it('a balance event refetches the token panel only', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, { id: '4', event: 'balance', data: {} });
    expect(stale()).toEqual([JSON.stringify(tokenStateKeys.all)]);
  });

  it('a resync refetches every document and the balance', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, { id: '5', event: 'resync', data: {} });
    expect(stale()).toHaveLength(6);
  });

  it('ignores an event it does not know or a malformed one', () => {
    const { client, stale } = seeded();
    applyLiveEvent(client, { id: '6', event: 'mail', data: { mailId: 'no-document' } });
    applyLiveEvent(client, { id: '7', event: 'later-feature', data: {} });
    expect(stale()).toEqual([]);
  });
});
