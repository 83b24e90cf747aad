import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../data-table';
import { joinNames } from '../use-scroll-hint';

type Row = { id: string; subject: string };
const COLUMNS: DataTableColumn<Row, 'subject' | 'tokens' | 'time' | 'status'>[] = [
  { id: 'subject', header: 'Subject', cell: (row) => row.subject },
  { id: 'tokens', header: 'Tokens', cell: () => '1' },
  { id: 'time', header: 'Time', cell: () => '10:00' },
  { id: 'status', header: 'Status', cell: () => 'processed' },
];

const noop = () => undefined;

/** jsdom lays nothing out: a 200 px wide scroller over four 100 px columns, scrolled `scrollLeft` px. */
function layOut(scrollLeft: () => number) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: Element) {
    const index = this.tagName === 'TH' ? Array.from(this.parentElement?.children ?? []).indexOf(this) : -1;
    const left = index < 0 ? 0 : index * 100 - scrollLeft();
    const width = index < 0 ? 200 : 100;
    return DOMRect.fromRect({ x: left, y: 0, width, height: 40 });
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
}

function renderTable() {
  return render(
    <DataTable
      label="Processed Emails"
      columns={COLUMNS}
      data={[{ id: 'm-1', subject: 'Invoice' }]}
      getRowId={(row) => row.id}
      total={1}
      loading={false}
      page={1}
      pageSize={5}
      sortBy="time"
      sortOrder="desc"
      onSortChange={noop}
      onPageChange={noop}
      onPageSizeChange={noop}
    />,
  );
}

describe('data table on a narrow screen', () => {
  it('names the columns out of view and fades the edge that has more', () => {
    layOut(() => 0);
    const { container } = renderTable();

    expect(screen.getByText('Scroll for Time and Status')).toBeInTheDocument();
    expect(container.querySelector('.data-table__scroll')).toHaveClass('data-table__scroll--more');
  });

  it('follows the scrolling: scrolled to the end, it names the columns now out of view on the left', () => {
    let scrolled = 0;
    layOut(() => scrolled);
    const { container } = renderTable();
    const scroller = container.querySelector('.data-table__scroll') as HTMLElement;

    scrolled = 200;
    vi.spyOn(HTMLElement.prototype, 'scrollLeft', 'get').mockReturnValue(200);
    fireEvent.scroll(scroller);

    expect(screen.getByText('Scroll for Subject and Tokens')).toBeInTheDocument();
    expect(scroller).not.toHaveClass('data-table__scroll--more');
  });

  it('says nothing when every column fits', () => {
    const { container } = renderTable();

    expect(screen.queryByText(/Scroll for/)).not.toBeInTheDocument();
    expect(container.querySelector('.data-table__scroll')).not.toHaveClass('data-table__scroll--more');
  });

  it('joins names as a sentence does', () => {
    expect(joinNames(['Status'])).toBe('Status');
    expect(joinNames(['Time', 'Status'])).toBe('Time and Status');
    expect(joinNames(['Tokens', 'Time', 'Status'])).toBe('Tokens, Time and Status');
  });
});
