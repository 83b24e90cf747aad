import { useEffect, useId, useState } from 'react';
import { MAX_SEARCH_LENGTH } from '@contract/common';
import { MAIL_STATUSES, type MailFilters } from '../utils/mail-filters';
import { receivedMailStatusLabel } from './received-mail-status';

/** How long the search box waits after the last keystroke before it asks the server. */
export const MAIL_SEARCH_DEBOUNCE_MS = 300;

type MailFiltersBarProps = {
  filters: MailFilters;
  onChange: (change: Partial<MailFilters>) => void;
  onClear: () => void;
  active: boolean;
  /** What the controls filter, for their group's name: "Filter processed emails". */
  label: string;
};

/**
 * Search (subject or sender, debounced), status and a date range over a mail list. The values live in
 * the page's URL (hooks/use-mail-filters); the search box keeps what is typed until it is sent.
 */
export function MailFiltersBar({ filters, onChange, onClear, active, label }: MailFiltersBarProps) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  const [sent, setSent] = useState(filters.q);

  // Another change of the URL (Clear filters, Back) shows in the box; the box's own search leaves it as typed.
  if (sent !== filters.q) {
    setSent(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === filters.q) return undefined;
    const timer = setTimeout(() => onChange({ q: wanted }), MAIL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <div className="mail-filters" role="search" aria-label={label}>
      <div className="mail-filters__field mail-filters__field--search">
        <label className="field__label" htmlFor={`${id}-q`}>Search mail</label>
        <input
          id={`${id}-q`}
          className="field__input"
          type="search"
          placeholder="Subject or sender"
          maxLength={MAX_SEARCH_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once; Escape empties the box (as the documents search does).
            if (event.key === 'Enter') onChange({ q: text.trim() });
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              setText('');
              onChange({ q: '' });
            }
          }}
        />
      </div>
      <div className="mail-filters__field">
        <label className="field__label" htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} className="field__input" value={filters.status} onChange={(event) => onChange({ status: event.target.value as MailFilters['status'] })}>
          <option value="">Any status</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {receivedMailStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="mail-filters__field">
        <label className="field__label" htmlFor={`${id}-from`}>From date</label>
        <input id={`${id}-from`} className="field__input" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
      </div>
      <div className="mail-filters__field">
        <label className="field__label" htmlFor={`${id}-to`}>To date</label>
        <input id={`${id}-to`} className="field__input" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
      {active ? (
        <button type="button" className="button button--ghost mail-filters__clear" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
