import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from '../data-table';
import { useTableQuery } from '../use-table-query';

type Row = { id: number; name: string; amount: number };
type Key = 'name' | 'amount' | 'date';

const COLUMNS: DataTableColumn<Row, Key>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, truncate: 10 },
  { id: 'amount', header: 'Amount', cell: (row) => String(row.amount), align: 'end' },
  { id: 'date', header: 'Date', cell: () => '2026-01-01' },
];

const ALL_ROWS: Row[] = Array.from({ length: 23 }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}`, amount: index * 10 }));

/** Plays the server: slices the current page out of ALL_ROWS (the order does not matter here). */
function Harness({ rows = ALL_ROWS, loading = false }: { rows?: Row[]; loading?: boolean }) {
  const table = useTableQuery<Key>('date');
  const { page, pageSize } = table.query;
  const pageRows = rows.slice((page - 1) * pageSize, page * pageSize);
  return (
    <>
      <DataTable {...table.bind} label="Things" columns={COLUMNS} data={pageRows} total={rows.length} loading={loading} getRowId={(row) => String(row.id)} emptyMessage="No things yet." />
      <output aria-label="Query">{`page=${page}&pageSize=${pageSize}&sortBy=${table.query.sortBy}&sortOrder=${table.query.sortOrder}`}</output>
    </>
  );
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const table = screen.getByRole('table', { name: 'Things' });
  const header = (name: string) => within(table).getByRole('columnheader', { name });
  const sortButton = (name: string) => within(header(name)).getByRole('button', { name });
  const query = () => screen.getByRole('status', { name: 'Query' }).textContent;
  const bodyRows = () => within(table).getAllByRole('row').slice(1);
  return { user, table, header, sortButton, query, bodyRows };
}

describe('data table', () => {
  it('starts sorted by the default column descending, on page 1 with 5 rows', () => {
    const { header, query, bodyRows } = setup();

    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'none');
    expect(query()).toBe('page=1&pageSize=5&sortBy=date&sortOrder=desc');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('1–5 of 23')).toBeInTheDocument();
  });

  it('toggles the order when the sorted column header is clicked', async () => {
    const { user, header, sortButton, query } = setup();

    await user.click(sortButton('Date'));
    expect(header('Date')).toHaveAttribute('aria-sort', 'ascending');
    expect(query()).toBe('page=1&pageSize=5&sortBy=date&sortOrder=asc');

    await user.click(sortButton('Date'));
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(query()).toBe('page=1&pageSize=5&sortBy=date&sortOrder=desc');
  });

  it('starts a newly sorted column at ascending and unmarks the previous one', async () => {
    const { user, header, sortButton, query } = setup();

    await user.click(sortButton('Amount'));

    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');
    expect(query()).toBe('page=1&pageSize=5&sortBy=amount&sortOrder=asc');
  });

  it('sorts from the keyboard', async () => {
    const { user, header, sortButton } = setup();

    sortButton('Name').focus();
    await user.keyboard('{Enter}');

    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('goes back to page 1 when the sort changes', async () => {
    const { user, sortButton, query } = setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query()).toBe('page=3&pageSize=5&sortBy=date&sortOrder=desc');

    await user.click(sortButton('Name'));

    expect(query()).toBe('page=1&pageSize=5&sortBy=name&sortOrder=asc');
    expect(screen.getByText('1–5 of 23')).toBeInTheDocument();
  });

  it('offers 5, 10 and 25 rows per page, and goes back to page 1 when the size changes', async () => {
    const { user, query, bodyRows } = setup();
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10', '25']);
    expect(size).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query()).toBe('page=2&pageSize=5&sortBy=date&sortOrder=desc');

    await user.selectOptions(size, '10');

    expect(query()).toBe('page=1&pageSize=10&sortBy=date&sortOrder=desc');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
  });

  it('pages forward and back, and disables the buttons at either end', async () => {
    const { user, query } = setup();
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(screen.getByText('6–10 of 23')).toBeInTheDocument();
    await user.click(next);
    await user.click(next);
    await user.click(next);
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(query()).toBe('page=4&pageSize=5&sortBy=date&sortOrder=desc');
  });

  it('shows skeleton rows while the first page loads, and marks the table busy', () => {
    const { table, bodyRows } = setup({ rows: [], loading: true });

    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(0);
    expect(within(table).getAllByRole('row', { hidden: true }).slice(1)).toHaveLength(5);
    expect(screen.queryByText('No things yet.')).not.toBeInTheDocument();
  });

  it('says so when there are no rows', () => {
    const { table } = setup({ rows: [] });

    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(table).getByText('No things yet.')).toBeInTheDocument();
    expect(screen.getByText('0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('cuts long text in a truncated column and keeps the full text for hover and screen readers', () => {
    const { table } = setup({ rows: [{ id: 1, name: 'A rather long name', amount: 1 }] });

    const cell = within(table).getByRole('cell', { name: 'A rather long name' });
    expect(within(cell).getByTitle('A rather long name')).toHaveTextContent('A rather l…');
  });

  it('keeps a nowrap column on one line: the full text in title, and focusable only when cut', () => {
    type Mail = { id: number; from: string };
    const columns: DataTableColumn<Mail, 'from'>[] = [{ id: 'from', header: 'From', cell: (row) => row.from, truncate: 12, nowrap: true }];
    function Mails() {
      const table = useTableQuery<'from'>('from');
      const rows = [
        { id: 1, from: 'orders@shop.example.com' },
        { id: 2, from: 'a@b.example' },
      ];
      return <DataTable {...table.bind} label="Mails" columns={columns} data={rows} total={2} loading={false} getRowId={(row) => String(row.id)} />;
    }
    render(<Mails />);

    const long = screen.getByTitle('orders@shop.example.com');
    expect(long).toHaveAttribute('tabindex', '0');
    expect(long).toHaveAttribute('data-full-text', 'orders@shop.example.com');
    expect(long.closest('td')).toHaveClass('data-table__cell--nowrap');
    expect(long.closest('td')).not.toHaveClass('data-table__cell--wrap');
    expect(screen.getByRole('cell', { name: 'orders@shop.example.com' })).toBeInTheDocument();
    const short = screen.getByTitle('a@b.example');
    expect(short).not.toHaveAttribute('tabindex');
    expect(short).toHaveTextContent(/^a@b\.example$/);
  });
});
