import { useCallback, useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { toast } from '@/components/ui/toast/toast-store';
import { useAllowAndProcess, useAllowOutcomes } from '../api/allow-and-process';
import { useReceivedMails } from '../api/get-received-mails';
import { useRetryingMailIds, useRetryReceivedMail } from '../api/retry-received-mail';
import type { ReceivedMail, ReceivedMailSortKey } from '../api/types';
import { useMailFilters } from '../hooks/use-mail-filters';
import { useOpenMail } from '../hooks/use-open-mail';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/server-message';
import { MailFiltersBar } from './mail-filters';
import { MailOpenButton } from './mail-open-button';
import { MailPanel } from './mail-panel';
import './mail.css';
import { ReceivedMailAction, type MailActionState } from './received-mail-action';
import { ReceivedMailStatusBadge } from './received-mail-status';

/** The table's columns: the server's sort keys, plus the status (not sortable). */
type ColumnId = ReceivedMailSortKey | 'status';

/**
 * A mail as the table shows it. The row carries what its cells show: DataTable keeps each row's cell
 * content until the data changes, so a cell must not read state from the column's closure.
 */
type MailRow = ReceivedMail & Omit<MailActionState, 'mail'>;

const RETRY_FAILED = 'Could not retry the mail. Try again.';

type ProcessedEmailsSectionProps = {
  documentId: string;
  forwardEmail: string;
};

/**
 * Spec §2 "Processed Emails": the mail sent to the document (Source mail, Subject, Tokens, Time, all
 * sortable and paged, §4 defaults receivedAt descending, page 1, 5 rows) with each mail's status and
 * reason, and the action the server offers for it (allow the sender, Retry, tokens or a plan). Source mail
 * and subject are cut shorter on narrower windows; a mail with attachments shows how many beside its subject.
 * Search and filters (in the URL) narrow the list; a row opens the mail in a panel (`?mail=<id>`).
 * From 1024 px the status and action are always in view (the table fits its card); on a phone each mail
 * is a card.
 */
export function ProcessedEmailsSection({ documentId, forwardEmail }: ProcessedEmailsSectionProps) {
  const headingId = useId();
  const table = useTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  const { filters, setFilters, clearFilters, active: filtered } = useMailFilters();
  const { mailId, openMail, closeMail } = useOpenMail();
  const open = useCallback((mail: ReceivedMail) => openMail(mail.id), [openMail]);
  // The status column cannot be sorted, so the query never names it; the fallback only satisfies the types.
  const serverQuery = { page, pageSize, sortBy: sortBy === 'status' ? 'receivedAt' : sortBy, sortOrder } as const;
  const mails = useReceivedMails(documentId, serverQuery, filters);

  // New filters show their first page.
  const { onPageChange } = table.bind;
  const filterKey = `${filters.q}|${filters.status}|${filters.from}|${filters.to}`;
  useEffect(() => onPageChange(1), [filterKey, onPageChange]);
  const { rows, total, loading } = mails;
  const { mutateAsync: retryMail } = useRetryReceivedMail(documentId);
  const retrying = useRetryingMailIds(documentId);
  const { mutate: allowSender } = useAllowAndProcess(documentId);
  const allowOutcomes = useAllowOutcomes(documentId);
  const limits = receivedMailTextLimits(useWindowWidth());

  // The table is reloaded after each retry, a refusal too (api/retry-received-mail).
  const retry = useCallback(
    async (mail: ReceivedMail) => {
      try {
        await retryMail(mail.id);
      } catch (error) {
        console.warn('Could not retry the mail.', error);
        toast.error((await serverMessageOf(error)) ?? RETRY_FAILED);
      }
    },
    [retryMail],
  );

  // Its outcome shows in the row (api/allow-and-process keeps the server's message).
  const allow = useCallback((mail: ReceivedMail) => allowSender(mail.id), [allowSender]);

  const data = useMemo<MailRow[]>(
    () => rows.map((mail) => ({ ...mail, retrying: retrying.includes(mail.id), allow: allowOutcomes.get(mail.id) ?? null })),
    [rows, retrying, allowOutcomes],
  );

  const columns = useMemo<DataTableColumn<MailRow, ColumnId>[]>(
    () => [
      { id: 'sourceMail', header: 'Source mail', cell: (mail) => mail.sourceMail, truncate: limits.sourceMail, nowrap: true, width: '22%' },
      { id: 'subject', header: 'Subject', cell: (mail) => <MailOpenButton mail={mail} onOpen={open} />, truncate: limits.subject },
      { id: 'usedTokens', header: 'Tokens', cell: (mail) => mail.usedTokens.toLocaleString(), align: 'end', width: '5rem' },
      { id: 'receivedAt', header: 'Time', cell: (mail) => new Date(mail.receivedAt).toLocaleString(), width: '7.5rem' },
      {
        id: 'status',
        header: 'Status',
        sortable: false,
        width: '30%',
        cell: (mail) => (
          <div className="mail-status-cell">
            <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} authentication={mail.authentication ?? null} />
            <ReceivedMailAction mail={mail} retrying={mail.retrying} allow={mail.allow} onAllow={allow} onRetry={(failed) => void retry(failed)} />
          </div>
        ),
      },
    ],
    [limits.sourceMail, limits.subject, retry, allow, open],
  );

  const emptyMessage = filtered ? 'No mail matches these filters.' : `No emails yet. Forward an email to ${forwardEmail} to see it here.`;

  return (
    <section className="details-card card details-card--wide processed-emails" aria-labelledby={headingId}>
      <div className="processed-emails__head">
        <h2 id={headingId} className="details-card__title">
          Processed Emails
        </h2>
        <Link className="processed-emails__all" to={paths.mailSearch.getHref()}>
          Search all documents
        </Link>
      </div>
      <MailFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} active={filtered} label="Filter processed emails" />
      <DataTable
        fit
        stacked
        openRows
        {...table.bind}
        labelledBy={headingId}
        columns={columns}
        data={data}
        total={total}
        loading={loading}
        getRowId={(mail) => mail.id}
        emptyMessage={emptyMessage}
        failure={mails.failed ? { message: 'The processed emails could not be loaded.', onRetry: mails.retry, retrying: mails.retrying } : null}
      />
      {mailId ? <MailPanel documentId={documentId} mailId={mailId} onClose={closeMail} /> : null}
    </section>
  );
}
