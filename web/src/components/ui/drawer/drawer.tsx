// A side panel over the page: a drawer from the right on a wide screen, the whole screen on a phone.
// It is a real modal dialog (Modal): focus moves in and stays in, Escape and the × close it, focus goes
// back to what opened it, and it is named by its heading (`titleId`). The page behind is made inert
// while it is open: nothing there can be reached, by pointer or by assistive tech (aria-modal alone is
// not honoured everywhere).
import { useEffect, useRef, type ReactNode } from 'react';
import { Modal, ModalCloseButton } from '../dialog/modal';
import '../icon-button/icon-button.css';
import './drawer.css';

type DrawerProps = {
  /** The id of the heading inside `title`. */
  titleId: string;
  /** The heading (an h2 with `titleId`). */
  title: ReactNode;
  onClose: () => void;
  busy?: boolean;
  /** Actions at the bottom (a link, a button), always in view. */
  footer?: ReactNode;
  children: ReactNode;
};

export function Drawer({ titleId, title, onClose, busy, footer, children }: DrawerProps) {
  const headerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const layer = headerRef.current?.closest('.modal-backdrop');
    if (!layer) return undefined;
    const behind = Array.from(document.body.children).filter((element) => element !== layer && !element.hasAttribute('inert'));
    for (const element of behind) element.setAttribute('inert', '');
    return () => {
      for (const element of behind) element.removeAttribute('inert');
    };
  }, []);

  return (
    <Modal titleId={titleId} onEscape={onClose} className="drawer" {...(busy === undefined ? {} : { busy })}>
      <div ref={headerRef} className="drawer__header">
        <div className="drawer__title">{title}</div>
        <ModalCloseButton className="icon-button drawer__close" aria-label="Close">
          <svg className="line-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </ModalCloseButton>
      </div>
      <div className="drawer__body">{children}</div>
      {footer ? <div className="drawer__footer">{footer}</div> : null}
    </Modal>
  );
}
