import { useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { LoadFailed, loadFailureOf, type LoadFailure } from '../load-failed/load-failed';
import { useTableQuery } from '../data-table/use-table-query';
import { renderWithQueryClient } from '@/test/render-app';

type Row = { id: number; name: string };
const COLUMNS: DataTableColumn<Row, 'name'>[] = [{ id: 'name', header: 'Name', cell: (row) => row.name }];

function Table({ rows, loading = false, failure = null }: { rows: Row[]; loading?: boolean; failure?: LoadFailure | null }) {
  const table = useTableQuery<'name'>('name');
  return <DataTable {...table.bind} label="Things" columns={COLUMNS} data={rows} total={rows.length} loading={loading} emptyMessage="No things yet." failure={failure} />;
}

describe('load failed', () => {
  it('announces the failure as an alert of its own words and offers "Try again"', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<LoadFailed message="Your things could not be loaded." onRetry={onRetry} />);

    expect(screen.getByRole('alert')).toHaveTextContent(/^Your things could not be loaded\.$/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the button focusable while the new load runs, and ignores more clicks', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<LoadFailed message="Your things could not be loaded." onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Trying again…' });

    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });
});

describe('data table states', () => {
  it('shows skeleton rows while loading, with no empty message and no alert', () => {
    render(<Table rows={[]} loading />);
    const table = screen.getByRole('table', { name: 'Things' });

    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).queryByText('No things yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty message when the load succeeded with no rows', () => {
    render(<Table rows={[]} />);

    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the failure, not the empty message, when the load failed', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Table rows={[]} failure={{ message: 'Your things could not be loaded.', onRetry }} />);
    const table = screen.getByRole('table', { name: 'Things' });

    expect(within(table).getByRole('alert')).toHaveTextContent('Your things could not be loaded.');
    expect(within(table).queryByText('No things yet.')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('load failure of a query', () => {
  function Things({ load }: { load: () => Promise<string[]> }) {
    const things = useQuery({ queryKey: ['things'], queryFn: load });
    const failure = loadFailureOf(things, 'Your things could not be loaded.');
    if (failure) return <LoadFailed {...failure} />;
    if (!things.data) return <p role="status">Loading things</p>;
    return <p>{things.data.length === 0 ? 'No things yet.' : things.data.join(', ')}</p>;
  }

  it('goes from loading to failed, and to the data after "Try again"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(['a', 'b']);
    renderWithQueryClient(<Things load={load} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('a, b')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
