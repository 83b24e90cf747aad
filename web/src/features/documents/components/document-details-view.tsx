import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { LoadingOverlay } from '@/components/ui/dialog/loading-overlay';
import { toast } from '@/components/ui/toast/toast-store';
import { formatLongDate } from '@/lib/format';
import { documentChangeKey } from '../api/query-keys';
import { useRenameDocument } from '../api/rename-document';
import type { DocumentDetails } from '../api/types';
import { messages } from '../utils/document-rules';
import { AllowedEmailsEditor } from './allowed-emails-editor';
import { DescriptionEditor } from './description-editor';
import { DocumentInfoCards } from './document-info-cards';
import { DocumentPartsNotice } from './document-parts-notice';
import { DocumentSettings } from './document-settings';
import { DocumentTitleEditor } from './document-title-editor';
import { ForwardingConfirmationNotice } from './forwarding-confirmation-notice';
import { ProcessedEmailsSection } from './processed-emails-section';

/**
 * The loaded details page. Every change runs behind the blocking overlay (docs/product.md § Document details); a change the server
 * accepted is written into the cached document, which re-renders this view.
 */
export function DocumentDetailsView({ document }: { document: DocumentDetails }) {
  const id = document.documentId;
  const busy = useIsMutating({ mutationKey: documentChangeKey(id) }) > 0;
  const renameDocument = useRenameDocument(id);
  const [failure, setFailure] = useState<string | null>(null);

  const rename = (documentName: string) => {
    renameDocument.mutate(documentName, {
      onSuccess: () => toast.success(messages.documentRenamed),
      onError: (error) => {
        console.warn('Could not rename the document.', error);
        setFailure('Could not rename the document. Try again.');
      },
    });
  };

  return (
    <div className="document-details">
      <header className="document-details__header">
        <DocumentTitleEditor name={document.documentName} onRename={rename} />
        <p className="document-details__meta">Created {formatLongDate(document.createdAt)}</p>
      </header>

      <ForwardingConfirmationNotice documentId={id} />
      <DocumentPartsNotice parts={document.parts} />

      {/* The mail first: it is what the page is visited for (docs/architecture.md, "The document page"). */}
      <ProcessedEmailsSection documentId={id} forwardEmail={document.forwardEmail} />

      <DocumentInfoCards document={document} />

      <div className="document-details__grid">
        <AllowedEmailsEditor documentId={id} emails={document.emails} onFailure={setFailure} />
        <DescriptionEditor documentId={id} saved={document.description} onFailure={setFailure} />
        <DocumentSettings documentId={id} overwriteAtBeginning={document.overwriteAtBeginning} />
      </div>

      {busy ? <LoadingOverlay /> : null}
      {failure ? <InformationDialog title="Something went wrong" message={failure} onClose={() => setFailure(null)} /> : null}
    </div>
  );
}
