import { useId } from 'react';
import { rangeText } from './data-table-parts';
import './data-table-footer.css';

export type DataTableFooterProps = {
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageSize: (pageSize: number) => void;
  /** Goes to the previous page; null on the first (the button is disabled). */
  previous: (() => void) | null;
  /** Goes to the next page; null on the last. */
  next: (() => void) | null;
};

/** Under a DataTable: "Rows per page", the shown range of rows and the previous and next page buttons. */
export function DataTableFooter({ page, pageSize, total, pageSizeOptions, onPageSize, previous, next }: DataTableFooterProps) {
  const pageSizeId = useId();
  return (
    <div className="data-table__footer">
      <div className="data-table__page-size">
        <label htmlFor={pageSizeId}>Rows per page</label>
        <select id={pageSizeId} className="data-table__select" value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {pageSizeOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="data-table__nav">
        <p className="data-table__range">{rangeText(page, pageSize, total)}</p>
        <div className="data-table__pager">
          <button type="button" className="data-table__page-button" aria-label="Previous page" onClick={previous ?? undefined} disabled={!previous}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M10 3.5 5.5 8l4.5 4.5" />
            </svg>
          </button>
          <button type="button" className="data-table__page-button" aria-label="Next page" onClick={next ?? undefined} disabled={!next}>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M6 3.5 10.5 8 6 12.5" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
