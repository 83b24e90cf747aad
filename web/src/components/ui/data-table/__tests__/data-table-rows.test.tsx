import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../data-table';
import { useTableQuery } from '../use-table-query';

type Row = { id: number; name: string };

function Harness({ onOpen, onOther }: { onOpen: (row: Row) => void; onOther: () => void }) {
  const table = useTableQuery<'name' | 'actions'>('name');
  const columns: DataTableColumn<Row, 'name' | 'actions'>[] = [
    {
      id: 'name',
      header: 'Name',
      width: '40%',
      cell: (row) => (
        <button type="button" data-row-open onClick={() => onOpen(row)}>
          {row.name}
        </button>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      sortable: false,
      cell: () => (
        <>
          <span>Plain text</span>
          <button type="button" onClick={onOther}>
            Other
          </button>
        </>
      ),
    },
  ];
  return <DataTable {...table.bind} label="Things" columns={columns} data={[{ id: 1, name: 'First' }]} total={1} loading={false} getRowId={(row) => String(row.id)} fit stacked openRows />;
}

function setup() {
  const onOpen = vi.fn();
  const onOther = vi.fn();
  const user = userEvent.setup();
  render(<Harness onOpen={onOpen} onOther={onOther} />);
  const table = screen.getByRole('table', { name: 'Things' });
  return { user, onOpen, onOther, table };
}

describe('data table rows that open something', () => {
  it('opens a row clicked anywhere outside its controls, through its open control, which takes the focus', async () => {
    const { user, onOpen, table } = setup();

    await user.click(within(table).getByText('Plain text'));

    expect(onOpen).toHaveBeenCalledWith({ id: 1, name: 'First' });
    expect(within(table).getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it("leaves a click on another of the row's controls to that control", async () => {
    const { user, onOpen, onOther, table } = setup();

    await user.click(within(table).getByRole('button', { name: 'Other' }));

    expect(onOther).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('names each cell after its column for the phone cards, and gives a fitted column its width', () => {
    const { table } = setup();

    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.querySelector('.data-table__label')?.textContent)).toEqual(['Name', 'Actions']);
    // Not part of the cell's name: assistive tech has the column headers.
    expect(within(table).getByRole('cell', { name: 'First' })).toBe(cells[0]);
    expect(within(table).getByRole('columnheader', { name: 'Name' }).style.width).toBe('40%');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveClass('data-table__head--static');
  });
});
