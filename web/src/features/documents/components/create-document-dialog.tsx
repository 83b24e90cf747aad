import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '@/components/ui/dialog/modal';
import { paths } from '@/config/paths';
import { randomUuid } from '@/lib/uuid';
import { createDocument } from '../api/create-document';
import { useDocumentsStore } from '../stores/documents-store';
import { MAX_DESCRIPTION_LENGTH, MAX_DOCUMENT_NAME_LENGTH, messages } from '../utils/document-rules';
import { SourceEmailsField } from './source-emails-field';
import './document-form.css';

type CreateDocumentDialogProps = {
  onClose: () => void;
};

/** Spec §2 "Create document dialog": on success the new document goes first in the list and opens. */
export function CreateDocumentDialog({ onClose }: CreateDocumentDialogProps) {
  const navigate = useNavigate();
  const prepend = useDocumentsStore((state) => state.prepend);
  const titleId = useId();
  const nameId = useId();
  const nameErrorId = useId();
  const descriptionId = useId();
  // One id per dialog: retrying after a lost answer gets the same document, not a second one.
  const [documentId] = useState(randomUuid);
  const [name, setName] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [creating, setCreating] = useState(false);

  const trimmedName = name.trim();
  const nameTooLong = trimmedName.length > MAX_DOCUMENT_NAME_LENGTH;
  const canCreate = trimmedName !== '' && !nameTooLong && emails.length > 0 && !creating;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    setCreating(true);
    try {
      const created = await createDocument({
        documentId,
        docName: trimmedName,
        description: description.trim(),
        allowedEmails: emails,
      });
      prepend(created);
      void navigate(paths.documentDetails.getHref(created.documentId));
    } catch (error) {
      // Spec §8: a create failure is logged only; the dialog stays so the user can try again.
      console.warn('Could not create the document.', error);
      setCreating(false);
    }
  };

  return (
    <Modal titleId={titleId} onEscape={creating ? undefined : onClose} busy={creating} className="create-document-dialog">
      <form className="create-document-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
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
          <button type="button" className="button button--secondary" onClick={onClose} disabled={creating}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!canCreate}>
            {creating ? 'Creating document...' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
