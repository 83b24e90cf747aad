import { useId } from 'react';
import { Spinner } from '../spinner/spinner';
import { Modal } from './modal';

type LoadingOverlayProps = {
  title?: string;
  message?: string;
};

/** The blocking overlay (docs/product.md § Messages and failures): nothing behind it can be used until the work ends. */
export function LoadingOverlay({ title = 'Please wait…', message = 'Processing your request' }: LoadingOverlayProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <Modal titleId={titleId} descriptionId={messageId} busy className="modal--loading">
      <Spinner size="large" />
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <p id={messageId} className="modal__message">
        {message}
      </p>
    </Modal>
  );
}
