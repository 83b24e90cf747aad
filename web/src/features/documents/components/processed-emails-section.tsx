import { useCallback, useId, useMemo } from 'react';
import { DataTable, Truncated, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { toast } from '@/components/ui/toast/toast-store';
import { useAllowAndProcess, useAllowOutcomes } from '../api/allow-and-process';
import { useReceivedMails } from '../api/get-received-mails';
import { useRetryingMailIds, useRetryReceivedMail } from '../api/retry-received-mail';
import type { ReceivedMail, ReceivedMailSortKey } from '../api/types';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { serverMessageOf } from '@/lib/server-message';
import { PaperclipIcon } from './icons';
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

/** "1 attachment", "2 attachments". */
const attachmentsLabel = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'attachment' : 'attachments'}`;

/**
 * The subject, cut as the column cuts it, with the mail's attachment count beside it: a paperclip and the
 * number, named "2 attachments" for screen readers and on hover. It reads the window width itself, as
 * DataTable keeps a cell's content until the data changes.
 */
function SubjectWithAttachments({ subject, attachments }: { subject: string; attachments: number }) {
  const max = receivedMailTextLimits(useWindowWidth()).subject;
  const label = attachmentsLabel(attachments);
  return (
    <>
      <Truncated text={subject} max={max} nowrap={false} />{' '}
      <span className="mail-attachments" role="img" aria-label={label} title={label}>
        <PaperclipIcon size={12} />
        {attachments.toLocaleString()}
      </span>
    </>
  );
}

/** The subject cell: the text alone (cut by the column) unless the mail had attachments. */
function subjectCell(mail: ReceivedMail) {
  const subject = mail.subject || '(no subject)';
  return mail.attachments > 0 ? <SubjectWithAttachments subject={subject} attachments={mail.attachments} /> : subject;
}

type ProcessedEmailsSectionProps = {
  documentId: string;
  forwardEmail: string;
};

/**
 * Spec §2 "Processed Emails": the mail sent to the document (Source mail, Subject, Tokens, Time, all
 * sortable and paged, §4 defaults receivedAt descending, page 1, 5 rows) with each mail's status and
 * reason, and the action the server offers for it (allow the sender, Retry, tokens or a plan). Source mail
 * and subject are cut shorter on narrower windows; a mail with attachments shows how many beside its subject.
 */
export function ProcessedEmailsSection({ documentId, forwardEmail }: ProcessedEmailsSectionProps) {
  const headingId = useId();
  const table = useTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  // The status column cannot be sorted, so the query never names it; the fallback only satisfies the types.
  const serverQuery = { page, pageSize, sortBy: sortBy === 'status' ? 'receivedAt' : sortBy, sortOrder } as const;
  const mails = useReceivedMails(documentId, serverQuery);
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
      { id: 'sourceMail', header: 'Source mail', cell: (mail) => mail.sourceMail, truncate: limits.sourceMail, nowrap: true },
      { id: 'subject', header: 'Subject', cell: subjectCell, truncate: limits.subject },
      { id: 'usedTokens', header: 'Tokens', cell: (mail) => mail.usedTokens.toLocaleString(), align: 'end' },
      { id: 'receivedAt', header: 'Time', cell: (mail) => new Date(mail.receivedAt).toLocaleString() },
      {
        id: 'status',
        header: 'Status',
        sortable: false,
        cell: (mail) => (
          <div className="mail-status-cell">
            <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} authentication={mail.authentication ?? null} />
            <ReceivedMailAction mail={mail} retrying={mail.retrying} allow={mail.allow} onAllow={allow} onRetry={(failed) => void retry(failed)} />
          </div>
        ),
      },
    ],
    [limits.sourceMail, limits.subject, retry, allow],
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
        failure={mails.failed ? { message: 'The processed emails could not be loaded.', onRetry: mails.retry, retrying: mails.retrying } : null}
      />
    </section>
  );
}
