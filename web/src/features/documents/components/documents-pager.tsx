type DocumentsPagerProps = {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
};

const count = new Intl.NumberFormat('en-US');

/** The page control under a large account's grid. */
export function DocumentsPager({ page, pageCount, pageSize, total, onPageChange }: DocumentsPagerProps) {
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return (
    <nav className="split-row documents-pager" aria-label="Document pages">
      <p className="documents-pager__range">{`${count.format(first)}–${count.format(last)} of ${count.format(total)}`}</p>
      <div className="documents-pager__buttons">
        <button type="button" className="button button--secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous page
        </button>
        <span className="documents-pager__page" aria-current="page">{`Page ${page} of ${pageCount}`}</span>
        <button type="button" className="button button--secondary" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
          Next page
        </button>
      </div>
    </nav>
  );
}
