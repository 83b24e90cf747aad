import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  titleId: string;
  descriptionId?: string;
  /** Escape calls this; omit for a blocking dialog that cannot be dismissed. */
  onEscape?: () => void;
  busy?: boolean;
  className?: string;
  /** `alertdialog` for a message that needs the user's attention (failures). */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/**
 * The accessible shell of every dialog: a modal layer over the page that takes focus on open,
 * keeps Tab inside, and gives focus back to where it was on close.
 */
export function Modal({ titleId, descriptionId, onEscape, busy, className, role = 'dialog', children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onEscapeRef = useRef(onEscape);

  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      if (event.key === 'Escape' && onEscapeRef.current) {
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === panel)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
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

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        className={`modal ${className ?? ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
