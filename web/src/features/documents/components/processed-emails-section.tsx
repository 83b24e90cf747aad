import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '@/components/ui/data-table/data-table';
import { toast } from '@/components/ui/toast/toast-store';
import { useAllowAndProcess, useAllowOutcomes } from '../api/allow-and-process';
import { useReceivedMails } from '../api/get-received-mails';
import { useRetryingMailIds, useRetryReceivedMail } from '../api/retry-received-mail';
import type { ReceivedMail, ReceivedMailSortKey } from '../api/types';
import { useMailTableQuery } from '../hooks/use-mail-table-query';
import { useOpenMail } from '../hooks/use-open-mail';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/server-message';
import { MailPanel } from './mail-panel';
import { MailSection, useMailColumns } from './mail-section';
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
 * "Processed Emails" (docs/product.md § Document details): the mail sent to the document (Source mail,
 * Subject, Tokens, Time, all sortable and paged from receivedAt descending, page 1, 5 rows; see
 * docs/product.md § Tables) with each mail's status and reason, and the action the server offers for it
 * (allow the sender, Retry, tokens or a plan). Source mail and subject are cut shorter on narrower
 * windows; a mail with attachments shows how many beside its subject. Search and filters (in the URL)
 * narrow the list; a row opens the mail in a panel (`?mail=<id>`). From 1024 px the status and action
 * are always in view (the table fits its card); on a phone each mail is a card.
 */
export function ProcessedEmailsSection({ documentId, forwardEmail }: ProcessedEmailsSectionProps) {
  const table = useMailTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  const { mailId, openMail, closeMail } = useOpenMail();
  const open = useCallback((mail: ReceivedMail) => openMail(mail.id), [openMail]);
  // The status column cannot be sorted, so the query never names it; the fallback only satisfies the types.
  const serverQuery = { page, pageSize, sortBy: sortBy === 'status' ? 'receivedAt' : sortBy, sortOrder } as const;
  const mails = useReceivedMails(documentId, serverQuery, table.filters);
  const { rows } = mails;
  const { mutateAsync: retryMail } = useRetryReceivedMail(documentId);
  const retrying = useRetryingMailIds(documentId);
  const { mutate: allowSender } = useAllowAndProcess(documentId);
  const allowOutcomes = useAllowOutcomes(documentId);
  const mailColumns = useMailColumns<MailRow>(open, '22%');

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
      ...mailColumns,
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
    [mailColumns, retry, allow],
  );

  return (
    <MailSection
      wide
      title="Processed Emails"
      action={
        <Link className="processed-emails__all" to={paths.mailSearch.getHref()}>
          Search all documents
        </Link>
      }
      filterLabel="Filter processed emails"
      table={table}
      columns={columns}
      mails={{ ...mails, rows: data }}
      emptyMessage={`No emails yet. Forward an email to ${forwardEmail} to see it here.`}
      failureMessage="The processed emails could not be loaded."
    >
      {mailId ? <MailPanel documentId={documentId} mailId={mailId} onClose={closeMail} /> : null}
    </MailSection>
  );
}
