// The small pieces DataTable renders: cut text, the sort icon, the "1–5 of 23" range, and what a click
// on a row does when its rows open something.
import type { MouseEvent } from 'react';
import type { SortOrder } from '@contract/common';

/** A string cell's text cut as `truncate` and `nowrap` say; for a cell that shows more than its text. */
export function Truncated({ text, max, nowrap }: { text: string; max: number; nowrap: boolean }) {
  if (nowrap) {
    const cut = text.length > max;
    return (
      <span
        className="data-table__ellipsis"
        title={text}
        data-full-text={cut ? text : undefined}
        // Focusable only when cut, so a keyboard user can read the rest (shown on focus by CSS).
        tabIndex={cut ? 0 : undefined}
      >
        {cut ? (
          <>
            <span aria-hidden="true">{`${text.slice(0, max).trimEnd()}…`}</span>
            <span className="visually-hidden">{text}</span>
          </>
        ) : (
          text
        )}
      </span>
    );
  }
  if (text.length <= max) return <>{text}</>;
  return (
    <span className="data-table__truncated" title={text}>
      <span aria-hidden="true">{`${text.slice(0, max).trimEnd()}…`}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

export function SortIcon({ order }: { order: SortOrder | false }) {
  return (
    <svg className={`data-table__sort-icon${order ? ' data-table__sort-icon--active' : ''}`} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path className={order === 'asc' ? 'is-on' : undefined} d="M5 6.5 8 3.5l3 3" />
      <path className={order === 'desc' ? 'is-on' : undefined} d="M5 9.5l3 3 3-3" />
    </svg>
  );
}

export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 of 0';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} of ${total}`;
}

/** What a row's own controls are: a click on one of them is theirs, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [tabindex]:not([tabindex="-1"])';

/**
 * A click anywhere on a row that opens something does what its `[data-row-open]` control does (that
 * control is the keyboard's and the screen reader's way in, and takes the focus, so it gets it back
 * when what it opened closes). Clicks on the row's other controls, and text being selected, are left alone.
 */
export function openRowOnClick(event: MouseEvent<HTMLTableRowElement>): void {
  const target = event.target as HTMLElement;
  if (target.closest(INTERACTIVE)) return;
  if (window.getSelection()?.toString()) return;
  const control = event.currentTarget.querySelector<HTMLElement>('[data-row-open]');
  if (!control) return;
  control.focus();
  control.click();
}
