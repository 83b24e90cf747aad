import { useCallback, useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { toast } from '@/components/ui/toast/toast-store';
import { retryReceivedMail } from '../api/retry-received-mail';
import type { ReceivedMail, ReceivedMailSortKey } from '../api/types';
import { useReceivedMails } from '../hooks/use-received-mails';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { serverMessageOf } from '@/lib/server-message';
import { ReceivedMailStatusBadge } from './received-mail-status';

/** The table's columns: the server's sort keys, plus the status (not sortable). */
type ColumnId = ReceivedMailSortKey | 'status';

/**
 * A mail as the table shows it. The row carries what its cells show: DataTable keeps each row's cell
 * content until the data changes, so a cell must not read state from the column's closure.
 */
type MailRow = ReceivedMail & { retrying: boolean };

const RETRY_FAILED = 'Could not retry the mail. Try again.';

type ProcessedEmailsSectionProps = {
  documentId: string;
  forwardEmail: string;
};

/**
 * Spec §2 "Processed Emails": the mail sent to the document (Source mail, Subject, Tokens, Time, all
 * sortable and paged, §4 defaults receivedAt descending, page 1, 5 rows) with each mail's status and
 * reason, and Retry for a failed one. Source mail and subject are cut shorter on narrower windows.
 */
export function ProcessedEmailsSection({ documentId, forwardEmail }: ProcessedEmailsSectionProps) {
  const headingId = useId();
  const table = useTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  // The status column cannot be sorted, so the query never names it; the fallback only satisfies the types.
  const serverQuery = { page, pageSize, sortBy: sortBy === 'status' ? 'receivedAt' : sortBy, sortOrder } as const;
  const { rows, total, loading, reload } = useReceivedMails(documentId, serverQuery);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(() => new Set());
  const limits = receivedMailTextLimits(useWindowWidth());

  const retry = useCallback(
    async (mail: ReceivedMail) => {
      setRetrying((current) => new Set(current).add(mail.id));
      try {
        await retryReceivedMail(documentId, mail.id);
      } catch (error) {
        console.warn('Could not retry the mail.', error);
        toast.error((await serverMessageOf(error)) ?? RETRY_FAILED);
      } finally {
        setRetrying((current) => {
          const next = new Set(current);
          next.delete(mail.id);
          return next;
        });
        // After a refusal too: the mail's state has changed since the page was shown.
        reload();
      }
    },
    [documentId, reload],
  );

  const data = useMemo<MailRow[]>(() => rows.map((mail) => ({ ...mail, retrying: retrying.has(mail.id) })), [rows, retrying]);

  const columns = useMemo<DataTableColumn<MailRow, ColumnId>[]>(
    () => [
      { id: 'sourceMail', header: 'Source mail', cell: (mail) => mail.sourceMail, truncate: limits.sourceMail },
      { id: 'subject', header: 'Subject', cell: (mail) => mail.subject || '(no subject)', truncate: limits.subject },
      { id: 'usedTokens', header: 'Tokens', cell: (mail) => mail.usedTokens.toLocaleString(), align: 'end' },
      { id: 'receivedAt', header: 'Time', cell: (mail) => new Date(mail.receivedAt).toLocaleString() },
      {
        id: 'status',
        header: 'Status',
        sortable: false,
        cell: (mail) => (
          <div className="mail-status-cell">
            <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} />
            {mail.status === 'failed' ? (
              <button
                type="button"
                className="button button--secondary mail-status-cell__retry"
                disabled={mail.retrying}
                onClick={() => void retry(mail)}
              >
                {mail.retrying ? 'Retrying…' : 'Retry'}
              </button>
            ) : null}
          </div>
        ),
      },
    ],
    [limits.sourceMail, limits.subject, retry],
  );

  return (
    <section className="details-card card details-card--wide" aria-labelledby={headingId}>
      <h2 id={headingId} className="details-card__title">
        Processed Emails
      </h2>
      <DataTable
        {...table.bind}
        labelledBy={headingId}
        columns={columns}
        data={data}
        total={total}
        loading={loading}
        getRowId={(mail) => mail.id}
        emptyMessage={`No emails yet. Forward an email to ${forwardEmail} to see it here.`}
      />
    </section>
  );
}
