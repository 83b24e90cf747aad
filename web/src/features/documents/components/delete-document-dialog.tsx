import { ConfirmationDialog } from '@/components/ui/dialog/confirmation-dialog';
import { LoadingOverlay } from '@/components/ui/dialog/loading-overlay';
import { toast } from '@/components/ui/toast/toast-store';
import { useDeleteDocument } from '../api/delete-document';
import type { DocumentCard } from '../api/types';
import { messages } from '../utils/document-rules';

type DeleteDocumentDialogProps = {
  document: Pick<DocumentCard, 'documentId' | 'documentName'>;
  onClose: () => void;
};

/**
 * docs/product.md § Documents list: confirm, then delete behind the blocking overlay; the card goes only after the server agreed.
 * The question names the document; the sentence under it says what the deletion takes and what it leaves.
 */
export function DeleteDocumentDialog({ document, onClose }: DeleteDocumentDialogProps) {
  const remove = useDeleteDocument();
  const deleting = remove.isPending;

  const approve = () => {
    remove.mutate(document.documentId, {
      // The card has left the cached list already (api/document-cache).
      onSuccess: () => {
        toast.success(messages.documentDeleted);
        onClose();
      },
      // A delete failure is logged only (docs/product.md § Messages and failures); the card stays and the dialog allows another try.
      onError: (error) => console.warn('Could not delete the document.', error),
    });
  };

  return (
    <>
      <ConfirmationDialog
        title="Delete document"
        message="Are you sure you want to delete the document"
        highlight={document.documentName}
        question
        detail="Its email records are deleted with it; the linked Google Doc stays in your Google Drive."
        approveText="Delete"
        variant="delete"
        pending={deleting}
        pendingText="Deleting..."
        onApprove={approve}
        onCancel={onClose}
      />
      {deleting ? <LoadingOverlay title="Deleting document" message="Please wait while we remove the document…" /> : null}
    </>
  );
}
