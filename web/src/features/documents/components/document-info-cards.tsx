import type { ReactNode } from 'react';
import { Tooltip } from '@/components/ui/tooltip/tooltip';
import { useCopyToClipboard } from '@/lib/clipboard';
import type { DocumentDetails } from '../api/types';
import { DETAILS_COPY_CONFIRMATION_MS } from '../utils/document-rules';
import { CopyIcon, DocumentIcon, ExternalLinkIcon, InboxIcon, MailIcon } from './icons';
import '@/components/ui/icon-badge/icon-badge.css';
import './document-info-cards.css';

type DocumentInfoCardsProps = {
  document: Pick<DocumentDetails, 'processedEmailsCount' | 'forwardEmail' | 'documentUrl'>;
};

type InfoCardProps = {
  icon: ReactNode;
  title: string;
  children: ReactNode;
};

function InfoCard({ icon, title, children }: InfoCardProps) {
  return (
    <section className="info-card card">
      <span className="icon-badge info-card__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="info-card__body">
        <h2 className="info-card__title">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** docs/product.md § Document details: the three info cards of the details page. */
export function DocumentInfoCards({ document }: DocumentInfoCardsProps) {
  const { copied, copy } = useCopyToClipboard(DETAILS_COPY_CONFIRMATION_MS);

  return (
    <div className="info-cards">
      <InfoCard icon={<InboxIcon />} title="Processed Emails">
        <p className="info-card__value">{document.processedEmailsCount}</p>
      </InfoCard>

      <InfoCard icon={<MailIcon />} title="Forward mail">
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
      </InfoCard>

      <InfoCard icon={<DocumentIcon />} title="Document Link">
        <a className="info-card__link" href={document.documentUrl} target="_blank" rel="noopener noreferrer">
          Open document
          <ExternalLinkIcon />
        </a>
      </InfoCard>
    </div>
  );
}
