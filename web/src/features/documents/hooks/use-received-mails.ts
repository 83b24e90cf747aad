import { useCallback, useEffect, useState } from 'react';
import type { TableQuery } from '@/components/ui/data-table/use-table-query';
import { getReceivedMails } from '../api/get-received-mails';
import type { ReceivedMail, ReceivedMailSortKey, ReceivedMailStatus } from '../api/types';
import { useOnReturn } from './use-on-return';

/** How often the table asks again while a mail on the shown page is still on its way. */
export const RECEIVED_MAILS_POLL_MS = 5000;

/** Statuses that still change without the user doing anything. */
const PENDING: ReadonlySet<ReceivedMailStatus> = new Set(['received', 'processing', 'held']);

export const isPendingMail = (mail: Pick<ReceivedMail, 'status'>) => PENDING.has(mail.status);

type Loaded = { key: string; rows: ReceivedMail[]; total: number };

const keyOf = (documentId: string, { page, pageSize, sortBy, sortOrder }: TableQuery<ReceivedMailSortKey>) =>
  `${documentId}|${page}|${pageSize}|${sortBy}|${sortOrder}`;

/**
 * The page of received mail `query` describes, loaded again whenever it changes (an answer for an older
 * query is dropped), on `reload()`, when the user comes back to the page, and every 5 s while a shown mail is
 * received, processing or held. Spec §8: a failure is logged only and ends the loading state.
 */
export function useReceivedMails(documentId: string, query: TableQuery<ReceivedMailSortKey>) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Bumped to ask for the same page again.
  const [generation, setGeneration] = useState(0);
  const { page, pageSize, sortBy, sortOrder } = query;

  useEffect(() => {
    const controller = new AbortController();
    const request = { page, pageSize, sortBy, sortOrder };
    const key = keyOf(documentId, request);
    getReceivedMails(documentId, request, controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setLoaded({ key, rows: list.data, total: list.total });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the processed emails.', error);
        setLoaded((previous) => ({ key, rows: previous?.rows ?? [], total: previous?.total ?? 0 }));
      },
    );
    return () => controller.abort();
  }, [documentId, page, pageSize, sortBy, sortOrder, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  // One timer per answer: the next poll starts 5 s after the previous one was answered, never overlapping.
  const pending = loaded?.rows.some(isPendingMail) ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, RECEIVED_MAILS_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, loaded, reload]);

  // Coming back from the mail client (where the mail was forwarded) shows what arrived meanwhile.
  useOnReturn(reload);

  return {
    rows: loaded?.rows ?? [],
    total: loaded?.total ?? 0,
    loading: loaded?.key !== keyOf(documentId, query),
    reload,
  };
}
