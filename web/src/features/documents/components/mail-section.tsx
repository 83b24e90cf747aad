import { useId, useMemo, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table/data-table';
import type { TableRows } from '@/components/ui/data-table/table-rows';
import type { ReceivedMail, ReceivedMailSortKey } from '../api/types';
import type { MailTableQuery } from '../hooks/use-mail-table-query';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { MailFiltersBar } from './mail-filters';
import { DetailsCard } from './details-card';
import { MailOpenButton } from './mail-open-button';

/**
 * The columns both mail tables have, in this order: Source mail, Subject (the button that opens the
 * mail), Tokens and Time, with the texts cut for the window's width (utils/document-rules). `onOpen`
 * must be stable (useCallback): the columns change with it.
 */
export function useMailColumns<Row extends ReceivedMail>(onOpen: (mail: Row) => void, sourceMailWidth: string): DataTableColumn<Row, ReceivedMailSortKey>[] {
  const { sourceMail: sourceMailMax, subject: subjectMax } = receivedMailTextLimits(useWindowWidth());
  return useMemo(
    () => [
      { id: 'sourceMail', header: 'Source mail', cell: (mail) => mail.sourceMail, truncate: sourceMailMax, nowrap: true, width: sourceMailWidth },
      { id: 'subject', header: 'Subject', cell: (mail) => <MailOpenButton mail={mail} onOpen={() => onOpen(mail)} />, truncate: subjectMax },
      { id: 'usedTokens', header: 'Tokens', cell: (mail) => mail.usedTokens.toLocaleString(), align: 'end', width: '5rem' },
      { id: 'receivedAt', header: 'Time', cell: (mail) => new Date(mail.receivedAt).toLocaleString(), width: '7.5rem' },
    ],
    [sourceMailMax, subjectMax, onOpen, sourceMailWidth],
  );
}

type MailSectionProps<Row extends { id: string }, ColumnId extends string> = {
  title: string;
  /** Beside the title (a link). */
  action?: ReactNode;
  /** The whole width of the details grid. */
  wide?: boolean;
  /** The filter controls' group name: "Filter processed emails". */
  filterLabel: string;
  table: MailTableQuery<ColumnId>;
  columns: readonly DataTableColumn<Row, ColumnId>[];
  /** The loaded page, with its rows as the table shows them. */
  mails: TableRows<Row>;
  /** Said when there is no mail at all (with filters set: "No mail matches these filters."). */
  emptyMessage: string;
  /** Said in the table's body when the load failed with nothing to show. */
  failureMessage: string;
  /** Shown after the table (the open mail's panel). */
  children?: ReactNode;
};

/**
 * A card with a table of received mail (one document's, or all documents') and its filters: the table
 * fits the card from 641 px, each mail is a card on a phone, and a click on a row opens its mail.
 */
export function MailSection<Row extends { id: string }, ColumnId extends string>(props: MailSectionProps<Row, ColumnId>) {
  const { title, action, wide = false, filterLabel, table, columns, mails, children } = props;
  const headingId = useId();

  return (
    <DetailsCard title={title} action={action} wide={wide} className="processed-emails" headingId={headingId}>
      <MailFiltersBar filters={table.filters} onChange={table.setFilters} onClear={table.clearFilters} active={table.active} label={filterLabel} />
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
        emptyMessage={table.active ? 'No mail matches these filters.' : props.emptyMessage}
        failure={mails.failed ? { message: props.failureMessage, onRetry: mails.retry, retrying: mails.retrying } : null}
      />
      {children}
    </DetailsCard>
  );
}
