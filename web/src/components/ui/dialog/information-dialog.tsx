import { useId } from 'react';
import { Modal } from './modal';
import '../icon-badge/icon-badge.css';

export type InformationDialogProps = {
  title: string;
  message: string;
  /** Failure messages (docs/product.md § Messages and failures) or plain information. */
  variant?: 'error' | 'info';
  closeText?: string;
  onClose: () => void;
};

/** The information dialog (docs/product.md § Messages and failures): a title, a message and one button. Escape closes it. */
export function InformationDialog({ title, message, variant = 'error', closeText = 'OK', onClose }: InformationDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <Modal
      titleId={titleId}
      descriptionId={messageId}
      onEscape={onClose}
      className={`modal--information modal--information-${variant}`}
      role={variant === 'error' ? 'alertdialog' : 'dialog'}
    >
      <div className="modal__information-head">
        <span className="icon-badge modal__information-icon" aria-hidden="true">
          {variant === 'error' ? '!' : 'i'}
        </span>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
      </div>
      <p id={messageId} className="modal__message">
        {message}
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {closeText}
        </button>
      </div>
    </Modal>
  );
}
