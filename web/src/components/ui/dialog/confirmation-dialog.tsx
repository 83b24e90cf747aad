import { useId } from 'react';
import { Modal } from './modal';

export type ConfirmationDialogProps = {
  title: string;
  message: string;
  /** Shown emphasised after the message, e.g. the name of what is deleted. */
  highlight?: string;
  /** Ends the sentence with "?" (after the highlight when there is one). */
  question?: boolean;
  /** One more sentence under the message, e.g. what the action keeps and what it removes. */
  detail?: string;
  approveText: string;
  cancelText?: string;
  variant?: 'approve' | 'delete';
  /** Disables both buttons while the approved action runs. */
  pending?: boolean;
  pendingText?: string;
  onApprove: () => void;
  onCancel: () => void;
};

/** The shared confirmation dialog (docs/product.md § Messages and failures). Escape cancels. Render it only while it is open. */
export function ConfirmationDialog({
  title,
  message,
  highlight,
  question = false,
  detail,
  approveText,
  cancelText = 'Cancel',
  variant = 'approve',
  pending = false,
  pendingText,
  onApprove,
  onCancel,
}: ConfirmationDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <Modal titleId={titleId} descriptionId={messageId} onEscape={pending ? undefined : onCancel} busy={pending}>
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <p id={messageId} className="modal__message">
        {message}
        {highlight ? (
          <>
            {' '}
            <strong className="modal__highlight">{highlight}</strong>
          </>
        ) : null}
        {question ? '?' : null}
      </p>
      {detail ? <p className="modal__message">{detail}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          {cancelText}
        </button>
        <button
          type="button"
          className={`button ${variant === 'delete' ? 'button--danger' : 'button--primary'}`}
          onClick={onApprove}
          disabled={pending}
        >
          {pending && pendingText ? pendingText : approveText}
        </button>
      </div>
    </Modal>
  );
}
