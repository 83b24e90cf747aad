import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal, ModalCloseButton } from '@/components/ui/dialog/modal';
import { paths } from '@/config/paths';
import { randomUuid } from '@/lib/uuid';
import { useCreateDocument } from '../api/create-document';
import { MAX_DESCRIPTION_LENGTH, MAX_DOCUMENT_NAME_LENGTH, messages } from '../utils/document-rules';
import { SourceEmailsField } from './source-emails-field';
import './document-form.css';

type CreateDocumentDialogProps = {
  onClose: () => void;
};

/** The create dialog (docs/product.md § Documents list): on success the new document goes first in the list and opens. */
export function CreateDocumentDialog({ onClose }: CreateDocumentDialogProps) {
  const navigate = useNavigate();
  const create = useCreateDocument();
  const titleId = useId();
  const nameId = useId();
  const nameErrorId = useId();
  const descriptionId = useId();
  // One id per dialog: retrying after a lost answer gets the same document, not a second one.
  const [documentId] = useState(randomUuid);
  const [name, setName] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  // After success the dialog stays blocked while the details page opens.
  const creating = create.isPending || create.isSuccess;

  const trimmedName = name.trim();
  const nameTooLong = trimmedName.length > MAX_DOCUMENT_NAME_LENGTH;
  const canCreate = trimmedName !== '' && !nameTooLong && emails.length > 0 && !creating;
  // Anything typed: Escape or Cancel asks before throwing it away.
  const dirty = name.trim() !== '' || emails.length > 0 || description.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    create.mutate(
      { documentId, docName: trimmedName, description: description.trim(), allowedEmails: emails },
      {
        // The new document is already first in the cached list (api/document-cache).
        onSuccess: (created) => void navigate(paths.documentDetails.getHref(created.documentId)),
        // A create failure is logged only (docs/product.md § Messages and failures); the dialog stays so the user can try again.
        onError: (error) => console.warn('Could not create the document.', error),
      },
    );
  };

  return (
    <Modal titleId={titleId} onEscape={creating ? undefined : onClose} dirty={dirty} busy={creating} className="create-document-dialog">
      <form className="create-document-dialog__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="modal__title">
          Add New Document
        </h2>

        <div className="field">
          <div className="field__label-row">
            <label className="field__label" htmlFor={nameId}>
              Document Name
            </label>
            <span className={`field__counter ${nameTooLong ? 'field__counter--over' : ''}`} aria-hidden="true">
              {trimmedName.length}/{MAX_DOCUMENT_NAME_LENGTH}
            </span>
          </div>
          <input
            id={nameId}
            className="field__input"
            type="text"
            autoComplete="off"
            placeholder="e.g. Supplier invoices"
            value={name}
            disabled={creating}
            aria-required="true"
            aria-invalid={nameTooLong || undefined}
            aria-describedby={nameTooLong ? nameErrorId : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {nameTooLong ? (
            <p id={nameErrorId} className="field__error" role="alert">
              {messages.nameTooLongInDialog}
            </p>
          ) : null}
        </div>

        <SourceEmailsField emails={emails} onChange={setEmails} disabled={creating} />

        <div className="field">
          <label className="field__label" htmlFor={descriptionId}>
            Description
          </label>
          <textarea
            id={descriptionId}
            className="field__input field__textarea"
            rows={4}
            maxLength={MAX_DESCRIPTION_LENGTH}
            placeholder="Optional: tell the summaries what to focus on."
            value={description}
            disabled={creating}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>

        <div className="modal__actions">
          <ModalCloseButton className="button button--secondary" disabled={creating}>
            Cancel
          </ModalCloseButton>
          <button type="submit" className="button button--primary" disabled={!canCreate}>
            {creating ? 'Creating document...' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
