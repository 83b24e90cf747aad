import { useId } from 'react';
import { formatLongDate } from '@/lib/format';
import type { DocumentDetails } from '../api/types';
import './document-parts-notice.css';

/**
 * A document that filled up continues in a new linked document (docs/operations.md, "Documents that never
 * fill up"): the page says which part summaries go to now and links the earlier ones, which stay in place.
 */
export function DocumentPartsNotice({ parts }: { parts: DocumentDetails['parts'] }) {
  const headingId = useId();
  const current = parts.at(-1);
  if (!current || parts.length < 2) return null;
  const earlier = parts.slice(0, -1);
  return (
    <section className="parts-notice card" aria-labelledby={headingId}>
      <h2 id={headingId} className="parts-notice__title">
        This document continues in a new linked document
      </h2>
      <p className="parts-notice__text">
        <a href={current.documentUrl} target="_blank" rel="noopener noreferrer">
          Part {current.number}
        </a>{' '}
        of this document since {formatLongDate(current.startedAt)}; earlier parts:{' '}
        {earlier.map((part, index) => (
          <span key={part.number}>
            {index > 0 ? ', ' : null}
            <a href={part.documentUrl} target="_blank" rel="noopener noreferrer">
              Part {part.number}
            </a>
          </span>
        ))}
        . New summaries go to part {current.number}; the earlier parts keep theirs.
      </p>
    </section>
  );
}
