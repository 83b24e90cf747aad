import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn } from '@/lib/focusable';
import './dialog.css';

type ModalProps = {
  titleId: string;
  descriptionId?: string;
  /** Escape (and a ModalCloseButton inside) calls this; omit for a blocking dialog that cannot be dismissed. */
  onEscape?: () => void;
  /**
   * The user typed something: closing first asks "Discard your changes?" (Discard / Keep editing), so
   * a stray Escape does not throw it away.
   */
  dirty?: boolean;
  busy?: boolean;
  className?: string;
  /** `alertdialog` for a message that needs the user's attention (failures). */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/** The dialog's own close, for a Cancel or × button inside it (asks first when the dialog is dirty). */
const ModalCloseContext = createContext<() => void>(() => undefined);

/** A button that closes the dialog it is in as Escape does: after "Discard your changes?" when dirty. */
export function ModalCloseButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'>) {
  const close = useContext(ModalCloseContext);
  return <button type="button" {...props} onClick={close} />;
}

/**
 * The accessible shell of every dialog: a modal layer over the page that takes focus on open,
 * keeps Tab inside, and gives focus back to where it was on close.
 */
export function Modal({ titleId, descriptionId, onEscape, dirty = false, busy, className, role = 'dialog', children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const discardRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const discardTitleId = useId();
  const requestClose = useCallback(() => {
    if (!onEscape) return;
    if (dirty) setConfirming(true);
    else onEscape();
  }, [onEscape, dirty]);
  const close = useRef(requestClose);
  const confirmingRef = useRef(confirming);

  // The key handler is registered once; it reads the latest close and state through these.
  useEffect(() => {
    close.current = requestClose;
    confirmingRef.current = confirming;
  }, [requestClose, confirming]);

  useEffect(() => {
    // The question takes the focus on its safe answer; back in the form, the first control has it.
    if (confirming) discardRef.current?.querySelector<HTMLElement>('[data-keep-editing]')?.focus();
  }, [confirming]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (focusableIn(panel)[0] ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        // Escape on the question means "keep editing".
        if (confirmingRef.current) setConfirming(false);
        else close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const scope = confirmingRef.current && discardRef.current ? discardRef.current : panel;
      const focusable = focusableIn(scope);
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === firstItem || !scope.contains(document.activeElement) || document.activeElement === panel)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !scope.contains(document.activeElement))) {
        event.preventDefault();
        firstItem.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, []);

  const keepEditing = () => {
    setConfirming(false);
    // Back where the user left off: the dialog's first control.
    requestAnimationFrame(() => (panelRef.current ? focusableIn(panelRef.current)[0] : undefined)?.focus());
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        className={`modal ${confirming ? 'modal--confirming ' : ''}${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        tabIndex={-1}
      >
        <div className="modal__content" inert={confirming}>
          <ModalCloseContext.Provider value={requestClose}>{children}</ModalCloseContext.Provider>
        </div>
        {confirming ? (
          <div ref={discardRef} className="modal__discard" role="alertdialog" aria-modal="true" aria-labelledby={discardTitleId}>
            <h2 id={discardTitleId} className="modal__title">
              Discard your changes?
            </h2>
            <div className="modal__actions">
              <button type="button" className="button button--secondary" data-keep-editing onClick={keepEditing}>
                Keep editing
              </button>
              <button type="button" className="button button--danger" onClick={() => onEscape?.()}>
                Discard
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
