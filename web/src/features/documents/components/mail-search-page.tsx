import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DataTableColumn } from '@/components/ui/data-table/data-table';
import { PageHeader } from '@/components/ui/page/page-header';
import { paths } from '@/config/paths';
import { useSearchReceivedMails } from '../api/search-received-mails';
import type { ReceivedMailAcrossDocuments, ReceivedMailSortKey } from '../api/types';
import { useMailTableQuery } from '../hooks/use-mail-table-query';
import { MAIL_PARAM } from '../hooks/use-open-mail';
import { MailSection, useMailColumns } from './mail-section';
import { ReceivedMailStatusBadge } from './received-mail-status';
import './documents.css';
import './document-form.css';
import './document-details.css';
import './processed-emails.css';
import './mail.css';

type ColumnId = ReceivedMailSortKey | 'document' | 'status';

/**
 * /dashboard/mail: one search over the mail of all the user's documents (subject or sender, status,
 * dates, in the URL). A row opens the mail in its document's page, in the panel (`?mail=<id>`).
 */
export function MailSearchPage() {
  const navigate = useNavigate();
  const table = useMailTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  const serverSort: ReceivedMailSortKey = sortBy === 'status' || sortBy === 'document' ? 'receivedAt' : sortBy;
  const mails = useSearchReceivedMails({ page, pageSize, sortBy: serverSort, sortOrder }, table.filters);
  const open = useCallback(
    (mail: ReceivedMailAcrossDocuments) => navigate(`${paths.documentDetails.getHref(mail.documentId)}?${MAIL_PARAM}=${encodeURIComponent(mail.id)}`),
    [navigate],
  );
  const mailColumns = useMailColumns(open, '20%');

  const columns = useMemo<DataTableColumn<ReceivedMailAcrossDocuments, ColumnId>[]>(() => {
    return [
      {
        id: 'document',
        header: 'Document',
        sortable: false,
        width: '16%',
        cell: (mail) => <Link to={paths.documentDetails.getHref(mail.documentId)}>{mail.documentName}</Link>,
      },
      ...mailColumns,
      {
        id: 'status',
        header: 'Status',
        sortable: false,
        width: '20%',
        cell: (mail) => <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} authentication={mail.authentication ?? null} />,
      },
    ];
  }, [mailColumns]);

  return (
    <>
      <PageHeader title="Mail" description="Search the mail of all your documents." />
      <MailSection
        title="All processed emails"
        filterLabel="Search all mail"
        table={table}
        columns={columns}
        mails={mails}
        emptyMessage="No mail yet. Mail forwarded to any of your documents shows here."
        failureMessage="The mail could not be searched."
      />
    </>
  );
}
