import { useLayoutEffect, useRef, useState } from 'react';
import { chooseToastEdge, edgePreference, type ToastEdge } from './toast-placement';
import { useToasts, type ToastVariant } from './toast-store';
import '../icon-badge/icon-badge.css';
import '../icon-button/icon-button.css';
import './toast.css';

const ICONS: Record<ToastVariant, string> = { success: '✓', error: '!', info: 'i' };

/** Renders the toast (one at a time); mounted once by the app provider. It takes the edge where it covers no control and not the page's heading. */
export function ToastViewport() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const stackRef = useRef<HTMLElement>(null);
  const [edge, setEdge] = useState<ToastEdge>('bottom');

  // Before paint, so a toast never shows over a control first and then moves; again for each new toast
  // (another page, another length).
  useLayoutEffect(() => {
    const stack = stackRef.current;
    if (!stack || toasts.length === 0) return;
    setEdge(chooseToastEdge(stack, edgePreference()));
  }, [toasts]);

  return (
    <section ref={stackRef} className="toast-viewport" data-edge={edge} aria-label="Notifications">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.variant}`}
          role={item.variant === 'error' ? 'alert' : 'status'}
        >
          <span className="icon-badge toast__icon" aria-hidden="true">
            {ICONS[item.variant]}
          </span>
          <p className="toast__message">{item.message}</p>
          <button
            type="button"
            className="icon-button toast__close"
            aria-label="Close notification"
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
