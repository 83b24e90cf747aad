import { useId, useRef } from 'react';
import { MAX_SEARCH_LENGTH } from '@contract/common';
import { isDocumentSort, SORT_OPTIONS, type DocumentSort } from '../utils/document-list';
import { SearchIcon } from './icons';
import '@/components/ui/icon-button/icon-button.css';

type DocumentsToolbarProps = {
  query: string;
  onQueryChange: (query: string) => void;
  sort: DocumentSort;
  onSortChange: (sort: DocumentSort) => void;
};

/** The search box (Escape or the × clears it) and the Sort dropdown of the documents list. */
export function DocumentsToolbar({ query, onQueryChange, sort, onSortChange }: DocumentsToolbarProps) {
  const sortId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  return (
    <div className="split-row documents-toolbar" role="search">
      <div className="documents-search">
        <SearchIcon />
        <input
          ref={searchRef}
          className="documents-search__input"
          type="search"
          aria-label="Search documents"
          placeholder="Search documents..."
          maxLength={MAX_SEARCH_LENGTH}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onQueryChange('');
            }
          }}
        />
        {query ? (
          <button
            type="button"
            className="icon-button documents-search__clear"
            aria-label="Clear search"
            onClick={() => {
              onQueryChange('');
              searchRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : null}
      </div>
      <div className="documents-sort">
        <label htmlFor={sortId} className="documents-sort__label">
          Sort
        </label>
        <select
          id={sortId}
          className="documents-sort__select"
          value={sort}
          onChange={(event) => {
            if (isDocumentSort(event.target.value)) onSortChange(event.target.value);
          }}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
