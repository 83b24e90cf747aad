import { useEffect, useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import { useTableQuery } from '@/components/ui/data-table/use-table-query';
import { PageHeader } from '@/components/ui/page/page-header';
import { paths } from '@/config/paths';
import { useSearchReceivedMails } from '../api/search-received-mails';
import type { ReceivedMailAcrossDocuments, ReceivedMailSortKey } from '../api/types';
import { useMailFilters } from '../hooks/use-mail-filters';
import { MAIL_PARAM } from '../hooks/use-open-mail';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { MailFiltersBar } from './mail-filters';
import { MailOpenButton } from './mail-open-button';
import { ReceivedMailStatusBadge } from './received-mail-status';
import './documents.css';
import './document-form.css';
import './document-details.css';
import './mail.css';

type ColumnId = ReceivedMailSortKey | 'document' | 'status';

/**
 * /dashboard/mail: one search over the mail of all the user's documents (subject or sender, status,
 * dates, in the URL). A row opens the mail in its document's page, in the panel (`?mail=<id>`).
 */
export function MailSearchPage() {
  const headingId = useId();
  const navigate = useNavigate();
  const table = useTableQuery<ColumnId>('receivedAt');
  const { page, pageSize, sortBy, sortOrder } = table.query;
  const { filters, setFilters, clearFilters, active } = useMailFilters();
  const serverSort: ReceivedMailSortKey = sortBy === 'status' || sortBy === 'document' ? 'receivedAt' : sortBy;
  const mails = useSearchReceivedMails({ page, pageSize, sortBy: serverSort, sortOrder }, filters);
  const limits = receivedMailTextLimits(useWindowWidth());

  const { onPageChange } = table.bind;
  const filterKey = `${filters.q}|${filters.status}|${filters.from}|${filters.to}`;
  useEffect(() => onPageChange(1), [filterKey, onPageChange]);

  const columns = useMemo<DataTableColumn<ReceivedMailAcrossDocuments, ColumnId>[]>(() => {
    const open = (mail: ReceivedMailAcrossDocuments) => navigate(`${paths.documentDetails.getHref(mail.documentId)}?${MAIL_PARAM}=${encodeURIComponent(mail.id)}`);
    return [
      {
        id: 'document',
        header: 'Document',
        sortable: false,
        width: '16%',
        cell: (mail) => <Link to={paths.documentDetails.getHref(mail.documentId)}>{mail.documentName}</Link>,
      },
      { id: 'sourceMail', header: 'Source mail', cell: (mail) => mail.sourceMail, truncate: limits.sourceMail, nowrap: true, width: '20%' },
      {
        id: 'subject',
        header: 'Subject',
        truncate: limits.subject,
        cell: (mail) => <MailOpenButton mail={mail} onOpen={() => open(mail)} />,
      },
      { id: 'usedTokens', header: 'Tokens', cell: (mail) => mail.usedTokens.toLocaleString(), align: 'end', width: '5rem' },
      { id: 'receivedAt', header: 'Time', cell: (mail) => new Date(mail.receivedAt).toLocaleString(), width: '7.5rem' },
      {
        id: 'status',
        header: 'Status',
        sortable: false,
        width: '20%',
        cell: (mail) => <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} authentication={mail.authentication ?? null} />,
      },
    ];
  }, [limits.sourceMail, limits.subject, navigate]);

  return (
    <>
      <PageHeader title="Mail" description="Search the mail of all your documents." />
      <section className="details-card card processed-emails" aria-labelledby={headingId}>
        <h2 id={headingId} className="details-card__title">
          All processed emails
        </h2>
        <MailFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} active={active} label="Search all mail" />
        <DataTable
          fit
          stacked
          openRows
          {...table.bind}
          labelledBy={headingId}
          columns={columns}
          data={mails.rows}
          total={mails.total}
          loading={mails.loading}
          getRowId={(mail) => mail.id}
          emptyMessage={active ? 'No mail matches these filters.' : 'No mail yet. Mail forwarded to any of your documents shows here.'}
          failure={mails.failed ? { message: 'The mail could not be searched.', onRetry: mails.retry, retrying: mails.retrying } : null}
        />
      </section>
    </>
  );
}
