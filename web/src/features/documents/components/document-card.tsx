import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Menu } from '@/components/ui/menu/menu';
import { paths } from '@/config/paths';
import { useCopyToClipboard } from '@/lib/clipboard';
import type { DocumentCard as DocumentCardItem } from '../api/types';
import { CARD_COPY_CONFIRMATION_MS, CARD_NAME_LENGTH, truncate } from '../utils/document-rules';
import { DocumentIcon, ExternalLinkIcon } from './icons';
import '@/components/ui/icon-badge/icon-badge.css';

const createdFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function createdOn(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : `Created ${createdFormat.format(date)}`;
}

type DocumentCardProps = {
  document: DocumentCardItem;
  onDelete: (document: DocumentCardItem) => void;
};

/** A document's card (docs/product.md § Documents list). */
export function DocumentCard({ document, onDelete }: DocumentCardProps) {
  const { copied, copy } = useCopyToClipboard(CARD_COPY_CONFIRMATION_MS);
  const addressId = useId();
  const name = truncate(document.documentName, CARD_NAME_LENGTH);
  const truncated = name !== document.documentName;
  const created = createdOn(document.createdAt);

  return (
    <li className="document-card card card--stack">
      <div className="document-card__head">
        <span className="icon-badge document-card__icon" aria-hidden="true">
          <DocumentIcon />
        </span>
        <div className="document-card__heading">
          <h2 className="document-card__title">
            <Link
              className="document-card__name"
              to={paths.documentDetails.getHref(document.documentId)}
              title={document.documentName}
            >
              {truncated ? (
                // The cut name is what shows; the full one is the link's name. (An aria-label would not contain
                // the visible text: WCAG 2.5.3, axe label-content-name-mismatch.)
                <>
                  <span aria-hidden="true">{name}</span>
                  <span className="visually-hidden">{document.documentName}</span>
                </>
              ) : (
                name
              )}
            </Link>
          </h2>
          {created ? <p className="document-card__date">{created}</p> : null}
        </div>
        <Menu label="Document menu" actions={[{ label: 'Delete', tone: 'danger', onSelect: () => onDelete(document) }]} />
      </div>

      <p className="document-card__count">{`Allowed emails: ${document.allowedEmailsCount}`}</p>

      <div className="document-card__forward">
        <span className="document-card__label">Forward mail</span>
        <div className="document-card__forward-row">
          <span id={addressId} className="document-card__address" title={document.forwardEmail}>
            {document.forwardEmail}
          </span>
          <button
            type="button"
            className={`button button--secondary document-card__copy ${copied ? 'document-card__copy--done' : ''}`}
            aria-describedby={addressId}
            onClick={() => void copy(document.forwardEmail)}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>

      <a className="document-card__link" href={document.documentUrl} target="_blank" rel="noopener noreferrer">
        Document Link
        <ExternalLinkIcon />
      </a>
    </li>
  );
}
