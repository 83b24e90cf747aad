import { useState } from 'react';
import { InformationDialog } from '@/components/ui/dialog/information-dialog';
import { LoadingOverlay } from '@/components/ui/dialog/loading-overlay';
import { formatLongDate } from '@/lib/format';
import { renameDocument } from '../api/rename-document';
import type { DocumentDetails } from '../api/types';
import { useDocumentDetailsStore } from '../stores/document-details-store';
import { AllowedEmailsEditor } from './allowed-emails-editor';
import { DescriptionEditor } from './description-editor';
import { DocumentInfoCards } from './document-info-cards';
import { DocumentSettings } from './document-settings';
import { DocumentTitleEditor } from './document-title-editor';
import { ForwardingConfirmationNotice } from './forwarding-confirmation-notice';
import { ProcessedEmailsSection } from './processed-emails-section';
import { useChangeRunner } from './use-change-runner';

/** The loaded details page. Every change runs behind the blocking overlay (spec §2). */
export function DocumentDetailsView({ document }: { document: DocumentDetails }) {
  const update = useDocumentDetailsStore((state) => state.update);
  const { busy, run } = useChangeRunner();
  const [failure, setFailure] = useState<string | null>(null);
  const id = document.documentId;

  const rename = async (documentName: string) => {
    try {
      await run(() => renameDocument(id, documentName));
      update({ documentName });
    } catch (error) {
      console.warn('Could not rename the document.', error);
      setFailure('Could not rename the document. Try again.');
    }
  };

  return (
    <div className="document-details">
      <header className="document-details__header">
        <DocumentTitleEditor name={document.documentName} onRename={(name) => void rename(name)} />
        <p className="document-details__meta">Created {formatLongDate(document.createdAt)}</p>
      </header>

      <ForwardingConfirmationNotice documentId={id} />

      <DocumentInfoCards document={document} />

      <div className="document-details__grid">
        <AllowedEmailsEditor
          documentId={id}
          emails={document.emails}
          onEmailsChange={(emails) => update({ emails })}
          run={run}
          onFailure={setFailure}
        />
        <DescriptionEditor
          documentId={id}
          saved={document.description}
          onSaved={(description) => update({ description })}
          run={run}
          onFailure={setFailure}
        />
        <DocumentSettings
          documentId={id}
          overwriteAtBeginning={document.overwriteAtBeginning}
          onChange={(overwriteAtBeginning) => update({ overwriteAtBeginning })}
          run={run}
        />
        <ProcessedEmailsSection documentId={id} forwardEmail={document.forwardEmail} />
      </div>

      {busy ? <LoadingOverlay /> : null}
      {failure ? <InformationDialog title="Something went wrong" message={failure} onClose={() => setFailure(null)} /> : null}
    </div>
  );
}
