import { Tooltip } from '@/components/ui/tooltip/tooltip';
import { useCopyToClipboard } from '@/lib/clipboard';
import type { DocumentDetails } from '../api/types';
import { DETAILS_COPY_CONFIRMATION_MS } from '../utils/document-rules';
import { CopyIcon, DocumentIcon, ExternalLinkIcon, InboxIcon, MailIcon } from './icons';

type DocumentInfoCardsProps = {
  document: Pick<DocumentDetails, 'processedEmailsCount' | 'forwardEmail' | 'documentUrl'>;
};

/** Spec §2: the three info cards of the details page. */
export function DocumentInfoCards({ document }: DocumentInfoCardsProps) {
  const { copied, copy } = useCopyToClipboard(DETAILS_COPY_CONFIRMATION_MS);

  return (
    <div className="info-cards">
      <section className="info-card card">
        <span className="info-card__icon" aria-hidden="true">
          <InboxIcon />
        </span>
        <div className="info-card__body">
          <h2 className="info-card__title">Processed Emails</h2>
          <p className="info-card__value">{document.processedEmailsCount}</p>
        </div>
      </section>

      <section className="info-card card">
        <span className="info-card__icon" aria-hidden="true">
          <MailIcon />
        </span>
        <div className="info-card__body">
          <h2 className="info-card__title">Forward mail</h2>
          <Tooltip text="This is the email address you forward incoming emails to from your inbox.">
            {(describedBy) => (
              <button
                type="button"
                className="info-card__copy"
                aria-describedby={describedBy}
                onClick={() => void copy(document.forwardEmail)}
              >
                <span className="info-card__address" title={document.forwardEmail}>
                  {document.forwardEmail}
                </span>
                <CopyIcon />
              </button>
            )}
          </Tooltip>
          <p className="info-card__copied" role="status">
            {copied ? 'Copied' : ''}
          </p>
        </div>
      </section>

      <section className="info-card card">
        <span className="info-card__icon" aria-hidden="true">
          <DocumentIcon />
        </span>
        <div className="info-card__body">
          <h2 className="info-card__title">Document Link</h2>
          <a className="info-card__link" href={document.documentUrl} target="_blank" rel="noopener noreferrer">
            Open document
            <ExternalLinkIcon />
          </a>
        </div>
      </section>
    </div>
  );
}
