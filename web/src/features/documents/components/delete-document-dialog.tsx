import { useState } from 'react';
import { ConfirmationDialog } from '@/components/ui/dialog/confirmation-dialog';
import { LoadingOverlay } from '@/components/ui/dialog/loading-overlay';
import { deleteDocument } from '../api/delete-document';
import type { DocumentListItem } from '../api/types';
import { useDocumentsStore } from '../stores/documents-store';

type DeleteDocumentDialogProps = {
  document: DocumentListItem;
  onClose: () => void;
};

/** Spec §2: confirm, then delete behind the blocking overlay; the card goes only after the server agreed. */
export function DeleteDocumentDialog({ document, onClose }: DeleteDocumentDialogProps) {
  const remove = useDocumentsStore((state) => state.remove);
  const [deleting, setDeleting] = useState(false);

  const approve = async () => {
    setDeleting(true);
    try {
      await deleteDocument(document.documentId);
      remove(document.documentId);
      onClose();
    } catch (error) {
      // Spec §8: a delete failure is logged only; the card stays and the dialog allows another try.
      console.warn('Could not delete the document.', error);
      setDeleting(false);
    }
  };

  return (
    <>
      <ConfirmationDialog
        title="Delete document"
        message="Are you sure you want to delete the document"
        highlight={document.documentName}
        question
        approveText="Delete"
        variant="delete"
        pending={deleting}
        pendingText="Deleting..."
        onApprove={() => void approve()}
        onCancel={onClose}
      />
      {deleting ? <LoadingOverlay title="Deleting document" message="Please wait while we remove the document…" /> : null}
    </>
  );
}
